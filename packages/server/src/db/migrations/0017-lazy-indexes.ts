import { capabilityOf, isFieldType } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { columnIndexes } from "../../tables/column-index";

/**
 * Lazy column indexes (tables/lazy-indexes.ts, issue 20 item 5): `column_index_use` records
 * when a read last wanted each (table, column number, kind) index, for the job that drops
 * unused ones (tables/unused-indexes.ts).
 *
 * Tables made before keep their indexes, except the trigram ones on choice and country
 * columns, which no query uses (their values are matched with eq / in). The others serve
 * reads already, and cost inserts only while they last: each is recorded as used now, so
 * the unused-index job drops the ones no read wants within UNUSED_INDEX_DAYS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table column_index_use (
      table_name text not null,
      attnum smallint not null,
      kind text not null check (kind in ('btree', 'trgm', 'gin')),
      used_at timestamptz not null,
      primary key (table_name, attnum, kind)
    )`.execute(db);
  const { rows: fields } = await sql<{ table_name: string; name: string; type: string }>`
    select f.table_name, ff.name, ff.type from form f join form_field ff on ff.form_id = f.id`.execute(db);
  const fixed = new Set(fields
    .filter((f) => isFieldType(f.type) && capabilityOf(f.type).fixed_values)
    .map((f) => `${f.table_name}\u0000${f.name}`));
  for (const index of await columnIndexes(db)) {
    if (index.kind === "trgm" && fixed.has(`${index.table_name}\u0000${index.column}`)) {
      await sql`drop index ${sql.id("form_data", index.index_name)}`.execute(db);
    } else {
      await sql`
        insert into column_index_use (table_name, attnum, kind, used_at)
        values (${index.table_name}, ${index.attnum}, ${index.kind}, now()) on conflict do nothing`.execute(db);
    }
  }
}
