/**
 * The tables a reference field may point at (core reference/reference-config.ts kinds), read
 * for the field panel's foreign-key section: the project's schema tables, its other forms'
 * answers tables (the `id` and one column per field) and the tables of its connected databases
 * (from their last introspection). The server checks the choice again on save.
 */
import { columnTypeOf, type ReferenceConfig } from "@fieldwork/core";
import { fetchDocuments } from "./documents";
import { fetchConnection, fetchConnections } from "./external-databases";
import { fetchEditorDocument } from "./form-editor";
import { fetchProjectSchemaTables } from "./schema-tables";

export interface ReferenceTable {
  /** One value per table for the picker: `schema_table:<id>`, `form:<id>`, `x_table:<connection>:<schema>.<table>`. */
  key: string;
  /** The picker's group: "Tables", "Forms", or the connection's database and host. */
  group: string;
  label: string;
  kind: ReferenceConfig["kind"];
  table_id: string;
  schema?: string;
  table?: string;
  /** The column a new reference stores: the key. */
  key_column: string;
  columns: { name: string; type: string }[];
}

export const referenceKey = (ref: { kind: string; table_id: string; schema?: string | undefined; table?: string | undefined }) =>
  ref.kind === "x_table" ? `x_table:${ref.table_id}:${ref.schema ?? ""}.${ref.table ?? ""}` : `${ref.kind}:${ref.table_id}`;

/** At most this many forms and connections are read for the picker (one request each). */
const MAX_READ = 50;

export async function fetchReferenceTables(project_id: string, except_form_id: string | null, signal?: AbortSignal): Promise<ReferenceTable[]> {
  const [schemaTables, documents, connections] = await Promise.all([
    fetchProjectSchemaTables(project_id, signal), fetchDocuments(project_id, signal), fetchConnections(project_id, signal),
  ]);
  const formIds = documents.filter((d) => d.doctype === "v0_form" && d.form_id && d.form_id !== except_form_id).map((d) => d.form_id!).slice(0, MAX_READ);
  const [forms, opened] = await Promise.all([
    Promise.all(formIds.map((id) => fetchEditorDocument(id, signal))),
    Promise.all(connections.slice(0, MAX_READ).map((c) => fetchConnection(c.id, signal))),
  ]);
  const own: ReferenceTable[] = schemaTables.map((t) => ({
    key: referenceKey({ kind: "schema_table", table_id: t.id }), group: "Tables", label: t.name, kind: "schema_table", table_id: t.id, key_column: "id",
    columns: [{ name: "id", type: "uuid" }, ...t.attributes.filter((a) => a.name !== "id").map((a) => ({ name: a.name, type: String(a.type) }))],
  }));
  const answers: ReferenceTable[] = forms.map((doc) => ({
    key: referenceKey({ kind: "form", table_id: doc.form_id }), group: "Forms", label: doc.title, kind: "form", table_id: doc.form_id, key_column: "id",
    columns: [{ name: "id", type: "uuid" }, ...doc.fields.map((f) => ({ name: f.name, type: columnTypeOf(f) }))],
  }));
  const connected: ReferenceTable[] = opened.flatMap((c) => (c.tables ?? []).map((t) => ({
    key: referenceKey({ kind: "x_table", table_id: c.id, schema: t.schema, table: t.name }), group: `${c.database} on ${c.host}`,
    label: `${t.schema}.${t.name}`, kind: "x_table" as const, table_id: c.id, schema: t.schema, table: t.name,
    key_column: t.primary_key[0] ?? t.columns[0]?.name ?? "id", columns: t.columns.map((col) => ({ name: col.name, type: col.format })),
  })));
  return [...own, ...answers, ...connected];
}
