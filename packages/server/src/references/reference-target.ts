/**
 * The table a reference field points at (core reference/reference-config.ts), resolved for
 * one project: a schema table, a form, or a table of a connected database of the same project.
 * A table of another project is answered exactly as one that does not exist. Its catalog comes
 * from the query engine (for a connected table, from its last introspection), so a lookup
 * reads it with the same bound SQL as the Data API; a connected table is read on its pool.
 */
import { exposedColumns, FieldworkError, referenceColumnType, referenceOf, type FieldDefinition, type ReferenceConfig } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { loadFormRecord } from "../forms/form-record";
import { columnOf, type TableCatalog } from "../query/catalog";
import { formTableCatalog } from "../query/form-catalog";
import { schemaTableCatalog } from "../schemas/schema-catalog";
import { isUuid } from "../forms/form-record";
import type { ConnectionRow } from "../external/connection-service";
import { externalCatalog } from "../external/external-catalog";
import type { Snapshot } from "../external/introspect";

export interface ReferenceTarget {
  config: ReferenceConfig;
  catalog: TableCatalog;
  /** The table's name as the owner sees it (the schema table's name, the form's title). */
  table_name: string;
  /** The schema the owner sees it in (spec 1 §3.6 schema_name). */
  schema_name: string;
  /** A connected table's connection (read on its pool: reference-lookup.ts), null for our own tables. */
  connection: ConnectionRow | null;
}

const refused = (message: string) => new FieldworkError("REFERENCE_INVALID", message);

/** The referenced table of `projectId`, or null when it does not exist there. */
export async function referenceTarget(db: Kysely<DB>, projectId: string, config: ReferenceConfig): Promise<ReferenceTarget | null> {
  if (!isUuid(config.table_id)) return null;
  if (config.kind === "schema_table") {
    const table = await db.selectFrom("schema_table").selectAll().where("id", "=", config.table_id).where("project_id", "=", projectId).executeTakeFirst();
    if (!table) return null;
    return { config, catalog: await schemaTableCatalog(db, table), table_name: table.name, schema_name: "public", connection: null };
  }
  if (config.kind === "x_table") {
    const row = await db.selectFrom("x_connection").selectAll().where("id", "=", config.table_id).where("project_id", "=", projectId).executeTakeFirst();
    const table = (row?.snapshot as Snapshot | null | undefined)?.tables.find((t) => t.schema === config.schema && t.name === config.table);
    if (!row || !table) return null;
    return { config, catalog: externalCatalog(table), table_name: table.name, schema_name: table.schema, connection: row as ConnectionRow };
  }
  const form = await db.selectFrom("form").select(["id", "project_id", "title"]).where("id", "=", config.table_id).executeTakeFirst();
  if (form?.project_id !== projectId) return null;
  const record = await loadFormRecord(db, form.id);
  if (!record) return null;
  return { config, catalog: await formTableCatalog(db, record), table_name: form.title, schema_name: "public", connection: null };
}

/** Every column the config names exists, and the searched ones hold text (ilike). */
export function targetProblem(target: ReferenceTarget): string | null {
  const { config, catalog } = target;
  for (const name of [...exposedColumns(config), ...config.searched]) {
    const column = columnOf(catalog, name);
    if (!column || column.hidden) return `The referenced table has no column ${JSON.stringify(name)}.`;
  }
  for (const name of config.searched) {
    const format = columnOf(catalog, name)!.format;
    if (!/^(text|character varying|citext|character)/.test(format) || format.endsWith("[]")) {
      return `The column ${JSON.stringify(name)} is not text: only text columns are searched.`;
    }
  }
  return null;
}

/**
 * On save: each field's reference points at an existing table of the form's project, with
 * columns that exist; its `key_type` is set here from the referenced column's type (whatever
 * the client sent is replaced), so the field's answer column is typed like the key
 * (core columnTypeOf). The fields are changed in place, before they are stored.
 */
export async function assertFieldReferences(db: Kysely<DB>, projectId: string, fields: readonly Pick<FieldDefinition, "name" | "reference">[]): Promise<void> {
  for (const field of fields) {
    if (field.reference === null || field.reference === undefined) continue;
    const config = referenceOf(field.reference);
    if (!config) throw refused(`Field ${JSON.stringify(field.name)}: the reference is not valid.`);
    const target = await referenceTarget(db, projectId, config);
    if (!target) throw refused(`Field ${JSON.stringify(field.name)}: the referenced table does not exist in this project.`);
    const problem = targetProblem(target);
    if (problem) throw refused(`Field ${JSON.stringify(field.name)}: ${problem}`);
    (field as { reference: unknown }).reference = { ...config, key_type: referenceColumnType(columnOf(target.catalog, config.column)!.format) };
  }
}
