import { sql, type Kysely } from "kysely";
import { isFieldType } from "@fieldwork/core";
import { createColumnIndexes } from "../../tables/table-indexes";
import { managedTable } from "../../tables/managed-names";

/**
 * The query engine's indexes (tables/table-indexes.ts) for the tables made before it:
 * trigram and list indexes, (column, id) btrees, the `__fw_search` vector, `local_index`
 * carrying the id for deep pages. `fieldwork_search_text` joins a list for the vector
 * (`array_to_string` is only stable; the vector was a generated column until migration 0021).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql.raw(`
    create function public.fieldwork_search_text(value text[]) returns text
    language sql immutable parallel safe as $$ select array_to_string(value, ' ') $$`).execute(db);
  const { rows: forms } = await sql<{ id: string; table_name: string }>`select id, table_name from form`.execute(db);
  for (const form of forms) {
    const table = managedTable(form.table_name);
    await sql`drop index if exists ${sql.id("form_data", `${form.table_name}_local_index`)}`.execute(db);
    await sql`create unique index ${sql.id(`${form.table_name}_local_index`)} on ${table} (local_index) include (id)`.execute(db);
    await sql`drop index if exists ${sql.id("form_data", `${form.table_name}_created_at`)}`.execute(db);
    await sql`create index ${sql.id(`${form.table_name}_created_at`)} on ${table} (created_at, id)`.execute(db);
    const { rows: fields } = await sql<{ name: string; type: string; multiple: boolean }>`
      select name, type, multiple from form_field where form_id = ${form.id}`.execute(db);
    for (const field of fields) {
      if (isFieldType(field.type)) await createColumnIndexes(db, form.table_name, { name: field.name, type: field.type, multiple: field.multiple });
    }
    // The `__fw_search` vector these tables got here is made by migration 0021 now.
  }
}
