/**
 * The indexes a managed table's columns may get (`indexKindsFor`), and the search vector:
 *
 * - a btree on (column, id) for the columns people sort and range-filter on: numbers,
 *   dates, times and short text (the id makes it the order of a page, tiebreaker included);
 * - a trigram GIN on text columns, for contains / starts with / ends with (`ilike`), but not
 *   on columns whose answers come from a fixed list (choices, countries: matched with eq / in);
 * - a GIN on list columns, for cs / cd / ov;
 * - `__fw_search`, the full-text search vector, filled after the write (search-vector.ts).
 *
 * The column indexes are made lazily, when a column is first filtered or sorted on
 * (lazy-indexes.ts), and dropped when unused (unused-indexes.ts); `createColumnIndexes`
 * makes them all at once, for migration 0006 and the benchmark's "eager" baseline.
 * Renames, drops and type changes of a column carry its indexes along (or away).
 */
import { capabilityOf, columnTypeOf } from "@fieldwork/core";
import { sql } from "kysely";
import { managedTable, MANAGED_SCHEMA, type ColumnField, type Executor } from "./managed-names";

export { releaseColumn, SEARCH_COLUMN, SEARCH_CONFIG, syncSearchVector } from "./search-vector";
/** Text of types at most this long gets a btree for sorting (a btree entry holds ~2,700 bytes). */
const SORTABLE_TEXT_MAX = 600;

export type IndexKind = "btree" | "trgm" | "gin";

/** The kinds of index a column may get; which of them it has follows its queries (lazy-indexes.ts). */
export function indexKindsFor(field: ColumnField): IndexKind[] {
  switch (columnTypeOf(field)) {
    case "numeric": case "date": case "time": case "timestamptz": case "bigint": case "uuid": return ["btree"];
    case "text": {
      const { max_length, fixed_values } = capabilityOf(field.type);
      if (fixed_values) return ["btree"];
      return max_length <= SORTABLE_TEXT_MAX ? ["btree", "trgm"] : ["trgm"];
    }
    case "text[]": case "numeric[]": return ["gin"];
    case "boolean": case "jsonb": return [];
  }
}

/** Every index `field` may get, now (migration 0006, and the benchmark's eager baseline). */
export async function createColumnIndexes(trx: Executor, tableName: string, field: ColumnField): Promise<void> {
  const table = managedTable(tableName);
  const column = sql.id(field.name);
  for (const kind of indexKindsFor(field)) {
    if (kind === "btree") await sql`create index on ${table} (${column}, id)`.execute(trx);
    if (kind === "trgm") await sql`create index on ${table} using gin (${column} gin_trgm_ops)`.execute(trx);
    if (kind === "gin") await sql`create index on ${table} using gin (${column})`.execute(trx);
  }
}

/** Drops the indexes Fieldwork made on one column (before its type changes). */
export async function dropColumnIndexes(trx: Executor, tableName: string, name: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select ci.relname as name from pg_index i
    join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class ci on ci.oid = i.indexrelid
    join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
    where n.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName} and a.attname = ${name}
      and not i.indisunique and not i.indisprimary`.execute(trx);
  for (const row of rows) await sql`drop index ${sql.table(`${MANAGED_SCHEMA}.${row.name}`)}`.execute(trx);
}
