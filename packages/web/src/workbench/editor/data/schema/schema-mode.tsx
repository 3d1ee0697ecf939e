/** @jsxRuntime automatic */
/**
 * A schema document's pages (doctype `v0_schema`, which opens in data mode; spec 3 §2): the
 * first table (a schema starts on it), `data/table/~new`, `data/table/{name}` in the same
 * data grid as a form's responses (toolbar, filters, sort, search, record panel, export),
 * and `data/table/{name}/definition`. A table that is not there shows ERR.
 */
import { useEffect, useState } from "react";
import { editorPath, type EditorRoute } from "@fieldwork/core";
import { navigate } from "../../../router/history";
import { LoadError, NotFoundState } from "../../../shell/page";
import { useSchemaTables } from "../../use-schema-tables";
import type { SchemaTable } from "../../../api/schema-tables";
import { schemaDataTable } from "../data-table";
import { DataTableView } from "../data-table-view";
import { DefinitionPage } from "./definition-page";
import { NewTablePage } from "./new-table-page";
import { TableActions } from "./table-actions";

export interface SchemaModeProps {
  document_id: string;
  project_id: string;
  basepath: string;
  route: Pick<EditorRoute, "pattern" | "suffix">;
  canEdit: boolean;
  csrf_token: string;
}

export default function SchemaMode(props: SchemaModeProps) {
  const { state, reload } = useSchemaTables(props.document_id);
  // A table just made shows at once, while the list is read again.
  const [created, setCreated] = useState<SchemaTable | null>(null);
  const { pattern, suffix } = props.route;
  const path = (tail: string) => editorPath(props.basepath, props.document_id, tail);
  const first = state.status === "ready" ? state.data[0] : undefined;
  const landing = (pattern === "" || pattern === "data") && state.status === "ready";
  useEffect(() => {
    if (landing) navigate(path(first ? `data/table/${first.name}` : "data/table/~new"), { replace: true });
  });
  if (state.status === "failed") return <LoadError message={state.message} onRetry={reload} />;
  if (state.status === "loading" || landing) return <div className="h-[calc(100dvh-3rem)]" aria-busy="true" />;
  const tables = created && !state.data.some((t) => t.id === created.id) ? [...state.data, created] : state.data;
  if (pattern === "data/table/~new") {
    return <NewTablePage schema_id={props.document_id} tables={tables} canEdit={props.canEdit} csrf_token={props.csrf_token}
      onCreated={(table) => { setCreated(table); navigate(path(`data/table/${table.name}`)); }} />;
  }
  const name = suffix.split("/")[2] ?? "";
  const table = tables.find((t) => t.name === name);
  if (!table) return <NotFoundState title="ERR">There is no table {JSON.stringify(name)} in this schema.</NotFoundState>;
  if (pattern === "data/table/{tablename}/definition") return <DefinitionPage table={table} project_id={props.project_id} projectHref={props.basepath} />;
  return (
    <div className="flex h-[calc(100dvh-3rem)] min-h-0 flex-col">
      <TableActions
        schema_id={props.document_id} table={table} tables={tables} definitionHref={path(`data/table/${table.name}/definition`)}
        canEdit={props.canEdit} csrf_token={props.csrf_token} onChanged={reload}
        onDeleted={() => {
          const next = tables.find((t) => t.id !== table.id);
          setCreated(null);
          navigate(path(next ? `data/table/${next.name}` : "data/table/~new"));
        }}
      />
      <div className="min-h-0 flex-1 [&>div]:h-full">
        <DataTableView
          key={`${table.id}:${table.revision}`} table={schemaDataTable(table, props.project_id)} form={null} title={table.name}
          document_id={`${props.document_id}:${table.id}`} canEdit={props.canEdit} csrf_token={props.csrf_token} simulatorHref={null}
        />
      </div>
    </div>
  );
}
