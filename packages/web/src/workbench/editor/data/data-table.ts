/**
 * Which table a data route shows (spec 3 §2): the form's responses (its own table, editable
 * by editors), its sessions and the project's customers (read only), with the columns,
 * the Data API address and the filter that scopes the table to this form.
 */
import {
  externalTableColumns, formTableColumns, metaTableColumns, READ_ONLY_REASONS, schemaTableColumns, SEARCH_COLUMN,
  type Attribute, type DataColumn, type EditorRoute, type ExternalTable, type FormField,
} from "@fieldwork/core";
import type { TableRef } from "../../api/data-api";

export type DataTableKind = "responses" | "sessions" | "customers" | "table" | "external";
/** The tables of a form document's data mode. */
export type FormTableKind = Exclude<DataTableKind, "table" | "external">;

export const DATA_TABLE_PATTERNS: Record<FormTableKind, EditorRoute["pattern"]> = {
  responses: "data/responses",
  sessions: "data/responses/sessions",
  customers: "data/customers",
};

export const DATA_TABLE_LABELS: Record<DataTableKind, string> = { responses: "Responses", sessions: "Sessions", customers: "Customers", table: "Tables", external: "Tables" };

/** `data` alone opens the responses. */
export function dataTableOf(pattern: EditorRoute["pattern"]): FormTableKind | null {
  if (pattern === "data" || pattern === "data/responses") return "responses";
  if (pattern === "data/responses/sessions") return "sessions";
  if (pattern === "data/customers") return "customers";
  return null;
}

export interface DataTable {
  kind: DataTableKind;
  ref: TableRef;
  columns: DataColumn[];
  /** Sessions and customers: records open in read mode, no inline edits, no deletes. */
  read_only: boolean;
  /** Filters every read carries (`form_id=eq.…` on sessions), not shown in the filter menu. */
  scope: [string, string][];
  /** Column of the server's text search. */
  search_column: string | null;
  /** More columns its contains search also matches (a connected table's other text columns). */
  search_also?: string[];
  /** A schema table's live row feed (a form's table follows its form's); `polled`: a connected table's, checked every few seconds. */
  live?: { form_id: string; url: string; polled?: boolean } | null;
  /** Why it is read only, in the user's words (a connected table's reason). */
  read_only_reason?: string;
}

export function dataTable(kind: FormTableKind, form: { form_id: string; table_name: string; fields: readonly FormField[] }, project_id: string): DataTable {
  if (kind === "responses") {
    return {
      kind, ref: { project_id, profile: "form_data", table: form.table_name }, columns: formTableColumns(form.fields),
      read_only: false, scope: [], search_column: SEARCH_COLUMN,
    };
  }
  return {
    kind, ref: { project_id, profile: "fieldwork", table: kind }, columns: metaTableColumns(kind), read_only: true,
    scope: kind === "sessions" ? [["form_id", `eq.${form.form_id}`]] : [],
    search_column: kind === "customers" ? "email" : "visitor_id",
  };
}

/**
 * A schema document's table (`data/table/{name}`): its attributes as columns, editable by
 * editors when its key is `id` (the grid's row handle); searched through its first text column.
 */
export function schemaDataTable(table: { id: string; document_id: string; name: string; attributes: readonly Attribute[] }, project_id: string): DataTable {
  const key = table.attributes.find((a) => a.primary_key);
  const search = table.attributes.find((a) => !a.is_array && ["text", "textarea", "email"].includes(a.type));
  return {
    kind: "table", ref: { project_id, profile: "form_data", table: table.name }, columns: schemaTableColumns(table.attributes),
    read_only: key?.name !== "id", scope: [], search_column: search?.name ?? null,
    live: { form_id: table.id, url: `/private/editor/schema/${encodeURIComponent(table.document_id)}/tables/${encodeURIComponent(table.id)}/changes` },
  };
}

/** `/x-supabase/projects/{id}/changes?schema=&table=`: a connected table's changes, polled by the server (docs/databases.md "Live rows"). */
export const externalChangesUrl = (connection_id: string, table: Pick<ExternalTable, "schema" | "name">) =>
  `/private/editor/x-supabase/projects/${encodeURIComponent(connection_id)}/changes?${new URLSearchParams({ schema: table.schema, table: table.name }).toString()}`;

/**
 * A connected database's table (issue 24 item 2): its columns with editors by Postgres type,
 * its primary key as the row handle (any name, composite too), searched with `ilike` over its
 * text columns (the first six), read only with the introspection's reason, live when it is a table.
 */
/** Text columns a connected table's search covers: a query holds at most 10 pattern filters (LOAD_LIMITS.query_text_filters), some left for the filter menu. */
export const EXTERNAL_SEARCH_COLUMNS = 6;

export function externalDataTable(connection_id: string, project_id: string, table: ExternalTable): DataTable {
  const [search, ...also] = table.columns.filter((c) => c.type === "text" && !c.format.endsWith("[]")).slice(0, EXTERNAL_SEARCH_COLUMNS);
  return {
    kind: "external",
    ref: { project_id, profile: table.schema, table: table.name, connection_id, key: table.primary_key },
    columns: externalTableColumns(table),
    read_only: table.read_only, scope: [], search_column: search?.name ?? null,
    ...(also.length > 0 ? { search_also: also.map((c) => c.name) } : {}),
    live: table.kind === "table" ? { form_id: `x:${connection_id}:${table.schema}.${table.name}`, url: externalChangesUrl(connection_id, table), polled: true } : null,
    ...(table.read_only_reason ? { read_only_reason: READ_ONLY_REASONS[table.read_only_reason] } : {}),
  };
}
