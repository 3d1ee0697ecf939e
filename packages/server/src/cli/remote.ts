/**
 * The CLI against a Fieldwork server over HTTP, with a project API key
 * (`FIELDWORK_API_KEY`, and `FIELDWORK_URL` or else PUBLIC_URL): forms import and export go
 * through the private API, `responses list` through the Data API (`/rest/v1/{table_name}`,
 * the table the form's definition names), both checking the key's role and project.
 */
import { failure, json, type BufferedCommand, type CliOutput } from "./commands";
import { MEDIA_TYPES, type ResponsesListCommand } from "./responses-list";
import { pipeBody, type Write } from "./text-stream";

interface Envelope { data: unknown; error: { code: string; message: string } | null }

const trimmed = (baseUrl: string) => baseUrl.replace(/\/+$/, "");

async function callPrivate(baseUrl: string, apiKey: string, method: string, path: string, body?: unknown): Promise<Envelope> {
  const response = await fetch(`${trimmed(baseUrl)}/private/editor${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!envelope) throw new Error(`${baseUrl} answered HTTP ${response.status} without JSON.`);
  return envelope;
}

export async function runRemote(baseUrl: string, apiKey: string, command: BufferedCommand): Promise<CliOutput> {
  const call = (method: string, path: string, body?: unknown) => callPrivate(baseUrl, apiKey, method, path, body);
  switch (command.cmd) {
    case "forms.import": {
      if (!command.project_id) return failure({ code: "MALFORMED_REQUEST", message: "With an API key, name the project: --project <id>." });
      const answer = await call("POST", `/projects/${encodeURIComponent(command.project_id)}/forms`, command.definition);
      return answer.error ? failure(answer.error) : { stdout: `${json(answer.data)}\n`, exit_code: 0 };
    }
    case "forms.export": {
      const answer = await call("GET", `/forms/${encodeURIComponent(command.id)}/definition`);
      return answer.error ? failure(answer.error) : { stdout: `${JSON.stringify(answer.data, null, 2)}\n`, exit_code: 0 };
    }
    default:
      return failure({ code: "MALFORMED_REQUEST", message: `${command.cmd} needs the database: run it where the server runs, without FIELDWORK_API_KEY.` });
  }
}

/**
 * `responses list` remotely: the form's definition names its table, then the Data API
 * streams the export (`Accept: text/csv` or `application/x-ndjson`), copied to `write` as it
 * arrives. An error answer (PostgREST's `{ code, message, … }`) is the output.
 */
export async function listRemote(baseUrl: string, apiKey: string, command: ResponsesListCommand, write: Write): Promise<CliOutput> {
  const definition = await callPrivate(baseUrl, apiKey, "GET", `/forms/${encodeURIComponent(command.form_id)}/definition`);
  if (definition.error) return failure(definition.error);
  const table = (definition.data as { table_name?: unknown } | null)?.table_name;
  if (typeof table !== "string") throw new Error(`${baseUrl} does not name the form's table; it may run an older Fieldwork.`);
  const response = await fetch(`${trimmed(baseUrl)}/rest/v1/${encodeURIComponent(table)}?${command.query}`, {
    headers: { authorization: `Bearer ${apiKey}`, accept: MEDIA_TYPES[command.format] },
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    if (typeof error?.code !== "string") throw new Error(`${baseUrl} answered HTTP ${response.status} without an error.`);
    return failure({ code: error.code, message: String(error.message ?? "") });
  }
  await pipeBody(response.body, write);
  return { stdout: "", exit_code: 0 };
}
