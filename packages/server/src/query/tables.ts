/**
 * The tables a project shows through the Data API, by profile (schema): its forms' tables
 * in `form_data`, its sessions and customers in `fieldwork`. A table of another project,
 * or of no project, is NOT_FOUND, exactly like a name that does not exist.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { recordOfForm, type FormRecord } from "../forms/form-record";
import { MANAGED_SCHEMA } from "../tables/managed-names";
import type { TableCatalog } from "./catalog";
import { formTableCatalog } from "./form-catalog";
import { META_PROFILE, META_TABLE_NAMES, metaTableCatalog } from "./meta-tables";
import { schemaTableCatalog } from "../schemas/schema-catalog";
import type { SchemaTableRow } from "../schemas/schema-service";

export const DEFAULT_PROFILE = MANAGED_SCHEMA;
export const PROFILES = [MANAGED_SCHEMA, META_PROFILE] as const;

export interface ApiTable {
  catalog: TableCatalog;
  /** The form whose table this is: its fields check what a write sets. */
  record?: FormRecord;
  /** The schema document's table this is (schemas/): its attributes check what a write sets. */
  schemaTable?: SchemaTableRow;
}

/** The profile a request names (`Accept-Profile`, `Content-Profile`), checked. */
export function profileOf(header: string | string[] | undefined): string {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return DEFAULT_PROFILE;
  if (!(PROFILES as readonly string[]).includes(value)) {
    throw new FieldworkError("NOT_FOUND", `The schema must be one of ${PROFILES.join(", ")}.`);
  }
  return value;
}

export async function resolveTable(db: Kysely<DB>, projectId: string, profile: string, name: string): Promise<ApiTable> {
  if (profile === META_PROFILE) {
    const catalog = metaTableCatalog(projectId, name);
    if (catalog) return { catalog };
  } else {
    const form = await db.selectFrom("form").selectAll()
      .where("project_id", "=", projectId).where("table_name", "=", name).executeTakeFirst();
    const record = form ? await recordOfForm(db, form) : undefined;
    if (record) return { catalog: await formTableCatalog(db, record), record };
    const schemaTable = await db.selectFrom("schema_table").selectAll()
      .where("project_id", "=", projectId).where("name", "=", name).executeTakeFirst();
    if (schemaTable) return { catalog: await schemaTableCatalog(db, schemaTable), schemaTable };
  }
  throw new FieldworkError("NOT_FOUND", `No table ${JSON.stringify(name.slice(0, 80))} in the schema ${profile}.`);
}

export async function listTables(db: Kysely<DB>, projectId: string, profile: string): Promise<(ApiTable & { description: string })[]> {
  if (profile === META_PROFILE) {
    return META_TABLE_NAMES.map((name) => ({ catalog: metaTableCatalog(projectId, name)!, description: `The project's ${name} (read only).` }));
  }
  const forms = await db.selectFrom("form").selectAll().where("project_id", "=", projectId).orderBy("created_at").execute();
  const tables = [];
  for (const form of forms) {
    const record = await recordOfForm(db, form);
    if (record) tables.push({ catalog: await formTableCatalog(db, record), record, description: `Responses of the form "${form.title}".` });
  }
  const schemaTables = await db.selectFrom("schema_table").selectAll().where("project_id", "=", projectId).orderBy("created_at").orderBy("name").execute();
  for (const schemaTable of schemaTables) {
    tables.push({ catalog: await schemaTableCatalog(db, schemaTable), schemaTable, description: schemaTable.description ?? `The table ${schemaTable.name}.` });
  }
  return tables;
}
