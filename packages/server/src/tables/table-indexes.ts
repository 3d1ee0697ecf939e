/**
 * The indexes a managed table's columns may get (`indexKindsFor`), and the search vector:
 *
 * - a btree on (column, id) for the columns people sort and range-filter on: numbers,
 *   dates, times and short text (the id makes it the order of a page, tiebreaker included);
 * - a trigram GIN on text columns, for contains / starts with / ends with (`ilike`), but not
 *   on columns whose answers come from a fixed list (choices, countries: matched with eq / in);
 * - a GIN on list columns, for cs / cd / ov;
 * - `__fw_search`, a generated tsvector over the table's text columns with a GIN index,
 *   for full-text search.
 *
 * The column indexes are made lazily, when a column is first filtered or sorted on
 * (lazy-indexes.ts), and dropped when unused (unused-indexes.ts); `createColumnIndexes`
 * makes them all at once, for migration 0006 and the benchmark's "eager" baseline.
 * Renames, drops and type changes of a column carry its indexes along (or away).
 */
import { capabilityOf, columnTypeOf, SEARCH_COLUMN, SYSTEM_COLUMNS } from "@fieldwork/core";
import { sql } from "kysely";
import { managedTable, MANAGED_SCHEMA, type ColumnField, type Executor } from "./managed-names";

export { SEARCH_COLUMN };
/** `simple`: no stemming and no stop words, so every language searches the same way. */
export const SEARCH_CONFIG = "simple";
/** Characters of a row's text that go into its search vector (a tsvector holds at most 1 MB). */
const SEARCH_TEXT_MAX = 100_000;
/** Text of types at most this long gets a btree for sorting (a btree entry holds ~2,700 bytes). */
const SORTABLE_TEXT_MAX = 600;

export type IndexKind = "btree" | "trgm" | "gin";

/** The kinds of index a column may get; which of them it has follows its queries (lazy-indexes.ts). */
export function indexKindsFor(field: ColumnField): IndexKind[] {
  switch (columnTypeOf(field)) {
    case "numeric": case "date": case "time": case "timestamptz": return ["btree"];
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

interface TextColumn { name: string; attnum: number; is_array: boolean }

async function textColumns(trx: Executor, tableName: string): Promise<TextColumn[]> {
  const { rows } = await sql<TextColumn>`
    select a.attname as name, a.attnum, a.atttypid = 'text[]'::regtype as is_array from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName} and a.attnum > 0 and not a.attisdropped
      and a.atttypid in ('text'::regtype, 'text[]'::regtype)
    order by a.attnum`.execute(trx);
  return rows.filter((r) => !(SYSTEM_COLUMNS as readonly string[]).includes(r.name) && !r.name.startsWith("__fw_"));
}

/** Which columns the vector was built from, kept as the search column's comment. */
const signatureOf = (columns: TextColumn[]) => `fieldwork search over attnums ${columns.map((c) => c.attnum).join(",") || "none"}`;

async function currentSignature(trx: Executor, tableName: string): Promise<string | null> {
  const { rows } = await sql<{ comment: string | null }>`
    select col_description(c.oid, a.attnum) as comment from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName} and a.attname = ${SEARCH_COLUMN} and not a.attisdropped`.execute(trx);
  return rows[0]?.comment ?? null;
}

/** Drops the search vector when it reads `name`, so that column can be dropped or retyped. */
export async function releaseColumn(trx: Executor, tableName: string, name: string): Promise<void> {
  const column = (await textColumns(trx, tableName)).find((c) => c.name === name);
  if (!column) return;
  if ((await currentSignature(trx, tableName))?.split(" ").at(-1)?.split(",").includes(String(column.attnum))) {
    await sql`alter table ${managedTable(tableName)} drop column if exists ${sql.id(SEARCH_COLUMN)}`.execute(trx);
  }
}

/**
 * Makes `__fw_search` cover the table's text columns, rebuilding it (a table rewrite) only
 * when the set of text columns changed since it was built.
 */
export async function syncSearchVector(trx: Executor, tableName: string): Promise<void> {
  const columns = await textColumns(trx, tableName);
  const signature = signatureOf(columns);
  if ((await currentSignature(trx, tableName)) === signature) return;
  const table = managedTable(tableName);
  const parts = columns.map((c) => (c.is_array
    ? sql`coalesce(public.fieldwork_search_text(${sql.id(c.name)}), '')`
    : sql`coalesce(${sql.id(c.name)}, '')`));
  const text = parts.length ? sql.join(parts, sql` || ' ' || `) : sql`''`;
  await sql`alter table ${table} drop column if exists ${sql.id(SEARCH_COLUMN)}`.execute(trx);
  await sql`alter table ${table} add column ${sql.id(SEARCH_COLUMN)} tsvector
    generated always as (to_tsvector(${sql.lit(SEARCH_CONFIG)}::regconfig, left(${text}, ${sql.lit(SEARCH_TEXT_MAX)}))) stored`.execute(trx);
  await sql`create index on ${table} using gin (${sql.id(SEARCH_COLUMN)})`.execute(trx);
  await sql`comment on column ${sql.id(MANAGED_SCHEMA, tableName, SEARCH_COLUMN)} is ${sql.lit(signature)}`.execute(trx);
}
