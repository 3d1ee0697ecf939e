/**
 * Which table a data route shows (spec 3 §2): the form's responses (its own table, editable
 * by editors), its sessions and the project's customers (read only), with the columns,
 * the Data API address and the filter that scopes the table to this form.
 */
import { formTableColumns, metaTableColumns, SEARCH_COLUMN, type DataColumn, type EditorRoute, type FormField } from "@fieldwork/core";
import type { TableRef } from "../../api/data-api";

export type DataTableKind = "responses" | "sessions" | "customers";

export const DATA_TABLE_PATTERNS: Record<DataTableKind, EditorRoute["pattern"]> = {
  responses: "data/responses",
  sessions: "data/responses/sessions",
  customers: "data/customers",
};

export const DATA_TABLE_LABELS: Record<DataTableKind, string> = { responses: "Responses", sessions: "Sessions", customers: "Customers" };

/** `data` alone opens the responses. */
export function dataTableOf(pattern: EditorRoute["pattern"]): DataTableKind | null {
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
}

export function dataTable(kind: DataTableKind, form: { form_id: string; table_name: string; fields: readonly FormField[] }, project_id: string): DataTable {
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
