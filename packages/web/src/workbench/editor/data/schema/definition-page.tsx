/** @jsxRuntime automatic */
/**
 * `data/table/{name}/definition` (spec 3 §2 "Definition & API", schema documents only): the
 * table's part of the Data API's OpenAPI document, and curl and postgrest-js examples with
 * the project's key.
 */
import { CopyButton } from "../../../../ui/copy-button";
import { PageBody, PageHeader, LoadError } from "../../../shell/page";
import { useResource } from "../../../session/use-resource";
import { seg } from "../../../api/http";
import type { SchemaTable } from "../../../api/schema-tables";
import { curlExample, jsExample } from "./definition-examples";

async function fetchOpenApi(project_id: string, signal: AbortSignal): Promise<{ definitions: Record<string, unknown>; paths: Record<string, unknown> }> {
  const response = await fetch(`/private/editor/projects/${seg(project_id)}/rest/v1/`, { headers: { Accept: "application/openapi+json", "Accept-Profile": "form_data" }, signal });
  if (!response.ok) throw new Error(`The OpenAPI document could not be read (HTTP ${response.status}).`);
  return response.json() as Promise<{ definitions: Record<string, unknown>; paths: Record<string, unknown> }>;
}

function Code({ title, text }: { title: string; text: string }) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{title}</h3>
        <CopyButton text={text} what={title} size="sm" variant="ghost" />
      </div>
      <pre className="overflow-auto rounded-md border border-line bg-subtle p-3 text-xs" tabIndex={0}><code>{text}</code></pre>
    </section>
  );
}

export function DefinitionPage({ table, project_id, projectHref }: { table: SchemaTable; project_id: string; projectHref: string }) {
  const { state, reload } = useResource(`${project_id}:${table.name}:${table.revision}`, (signal) => fetchOpenApi(project_id, signal));
  const origin = location.origin;
  const fragment = state.status === "ready"
    ? JSON.stringify({ definitions: { [table.name]: state.data.definitions[table.name] }, paths: { [`/${table.name}`]: state.data.paths[`/${table.name}`] } }, null, 2)
    : null;
  return (
    <PageBody>
      <PageHeader title={`${table.name}: Definition & API`} description={<>Read and write this table at <code>{origin}/rest/v1/{table.name}</code> with a project API key (<a className="underline" href={projectHref}>make one on the project page</a>; set it as <code>FIELDWORK_KEY</code>). Viewer keys read, editor keys write.</>} />
      <div className="grid max-w-4xl gap-6">
        <Code title="curl" text={curlExample(origin, table.name, table.attributes)} />
        <Code title="JavaScript (postgrest-js)" text={jsExample(origin, table.name, table.attributes)} />
        {state.status === "failed" ? <LoadError message={state.message} onRetry={reload} /> : fragment ? <Code title="OpenAPI" text={fragment} /> : <p className="text-sm text-muted">Loading the OpenAPI document…</p>}
      </div>
    </PageBody>
  );
}
