/**
 * `__fw_search`, a table's full-text search vector, kept off the submit path (issue 20 item 5).
 *
 * It is a plain nullable tsvector column with a GIN index. An insert leaves it null; an update
 * that does not set it makes it null again (the trigger below, made by migration 0021); the
 * filler (search-filler.ts) fills null rows in batches, after the write. A search reads the
 * vector where it is filled and computes it where it is null (`searchMatchSql`), found fast by
 * a partial index on the unfilled rows, so search is exact for a row written a moment ago.
 *
 * When the table's set of text columns changes (a field added, deleted or retyped) the column
 * is dropped and added again, empty (no table rewrite), and the filler rebuilds it.
 */
import { SEARCH_COLUMN, SYSTEM_COLUMNS } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { managedTable, MANAGED_SCHEMA, type Executor } from "./managed-names";

export { SEARCH_COLUMN };
/** `simple`: no stemming and no stop words, so every language searches the same way. */
export const SEARCH_CONFIG = "simple";
/** Characters of a row's text that go into its search vector (a tsvector holds at most 1 MB). */
const SEARCH_TEXT_MAX = 100_000;
/** The trigger function migration 0021 makes: an update that leaves the vector as it was clears it. */
export const SEARCH_STALE_FUNCTION = "fieldwork_search_stale";
const STALE_TRIGGER = "fieldwork_search_stale";

/** A text column the vector reads, in table order. */
export interface SearchSource { name: string; is_array: boolean }

type Sql = RawBuilder<unknown>;

/** Columns of these types go into the vector, but not the system ones. */
export const isSearchSource = (name: string, format: string) => (format === "text" || format === "text[]")
  && !(SYSTEM_COLUMNS as readonly string[]).includes(name) && !name.startsWith("__fw_");

/** The vector of a row, computed from its columns (`ref` names a column, qualified as the caller needs). */
export function searchVectorSql(sources: readonly SearchSource[], ref: (name: string) => Sql = (n) => sql.id(n)): Sql {
  const parts = sources.map((c) => (c.is_array
    ? sql`coalesce(public.fieldwork_search_text(${ref(c.name)}), '')`
    : sql`coalesce(${ref(c.name)}, '')`));
  const text = parts.length ? sql.join(parts, sql` || ' ' || `) : sql`''`;
  return sql`to_tsvector(${sql.lit(SEARCH_CONFIG)}::regconfig, left(${text}, ${sql.lit(SEARCH_TEXT_MAX)}))`;
}

/**
 * `vector @@ query`, exact whether or not the row's vector is filled yet; two-valued (never
 * null), so `not (…)` is exact too. Each arm has its index: the GIN on the vector and the
 * partial index on the unfilled rows.
 */
export function searchMatchSql(vector: Sql, sources: readonly SearchSource[] | undefined, ref: (name: string) => Sql, query: Sql): Sql {
  if (!sources) return sql`${vector} @@ ${query}`;
  return sql`((${vector} is not null and ${vector} @@ ${query}) or (${vector} is null and ${searchVectorSql(sources, ref)} @@ ${query}))`;
}

interface TextColumn extends SearchSource { attnum: number }

export async function searchSources(trx: Executor, tableName: string): Promise<TextColumn[]> {
  const { rows } = await sql<TextColumn & { format: string }>`
    select a.attname as name, a.attnum, a.atttypid = 'text[]'::regtype as is_array, format_type(a.atttypid, null) as format
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName} and a.attnum > 0 and not a.attisdropped
      and a.atttypid in ('text'::regtype, 'text[]'::regtype)
    order by a.attnum`.execute(trx);
  return rows.filter((r) => isSearchSource(r.name, r.format)).map(({ name, attnum, is_array }) => ({ name, attnum, is_array }));
}

/** Which columns the vector is built from, kept as the search column's comment. */
export const signatureOf = (columns: readonly TextColumn[]) =>
  `fieldwork async search over attnums ${columns.map((c) => `${c.attnum}${c.is_array ? "[]" : ""}`).join(",") || "none"}`;

export async function currentSignature(trx: Executor, tableName: string): Promise<string | null> {
  const { rows } = await sql<{ comment: string | null }>`
    select col_description(c.oid, a.attnum) as comment from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName} and a.attname = ${SEARCH_COLUMN} and not a.attisdropped`.execute(trx);
  return rows[0]?.comment ?? null;
}

/** Marks the vector for a rebuild when it reads `name`, which is about to be dropped or retyped. */
export async function releaseColumn(trx: Executor, tableName: string, name: string): Promise<void> {
  const column = (await searchSources(trx, tableName)).find((c) => c.name === name);
  if (!column) return;
  const signature = await currentSignature(trx, tableName);
  if (signature?.split(" ").at(-1)?.split(",").some((part) => part.replace("[]", "") === String(column.attnum))) {
    await sql`comment on column ${sql.id(MANAGED_SCHEMA, tableName, SEARCH_COLUMN)} is null`.execute(trx);
  }
}

/**
 * Makes `__fw_search` cover the table's text columns: when the set of text columns changed
 * since it was built, it is replaced by an empty column (no rewrite) for the filler to fill.
 */
export async function syncSearchVector(trx: Executor, tableName: string): Promise<void> {
  const columns = await searchSources(trx, tableName);
  const signature = signatureOf(columns);
  if ((await currentSignature(trx, tableName)) === signature) return;
  const table = managedTable(tableName);
  await sql`drop trigger if exists ${sql.id(STALE_TRIGGER)} on ${table}`.execute(trx);
  await sql`alter table ${table} drop column if exists ${sql.id(SEARCH_COLUMN)}`.execute(trx);
  await sql`alter table ${table} add column ${sql.id(SEARCH_COLUMN)} tsvector`.execute(trx);
  await sql`create index on ${table} using gin (${sql.id(SEARCH_COLUMN)}) where ${sql.id(SEARCH_COLUMN)} is not null`.execute(trx);
  await sql`create index on ${table} (local_index) where ${sql.id(SEARCH_COLUMN)} is null`.execute(trx);
  await sql`
    create trigger ${sql.id(STALE_TRIGGER)} before update on ${table} for each row
    when (old.${sql.id(SEARCH_COLUMN)} is not null and new.${sql.id(SEARCH_COLUMN)} is not distinct from old.${sql.id(SEARCH_COLUMN)})
    execute function ${sql.id("public", SEARCH_STALE_FUNCTION)}()`.execute(trx);
  await sql`comment on column ${sql.id(MANAGED_SCHEMA, tableName, SEARCH_COLUMN)} is ${sql.lit(signature)}`.execute(trx);
}

/** Session setting the filler sets so the row feed does not report its updates as row changes. */
export const SEARCH_FILL_SETTING = "fieldwork.search_fill";

/**
 * Fills up to `limit` unfilled vectors of one table in one short transaction; returns how many.
 * The table lock (row exclusive, as any update takes) comes first, so the text columns read
 * next are the ones the update sees; `skip locked` lets instances fill side by side.
 */
export async function fillSearchBatch(db: { transaction(): { execute<T>(fn: (trx: Executor) => Promise<T>): Promise<T> } },
  tableName: string, limit: number, timeoutMs: number, skipLocked: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true), set_config(${SEARCH_FILL_SETTING}, 'on', true)`.execute(trx);
    const table = managedTable(tableName);
    await sql`lock table ${table} in row exclusive mode`.execute(trx);
    const columns = await searchSources(trx, tableName);
    // A table the migration has not converted, or whose columns are changing: not ours to fill.
    if ((await currentSignature(trx, tableName)) !== signatureOf(columns)) return 0;
    const vector = sql.id(SEARCH_COLUMN);
    const result = await sql`
      with picked as materialized (
        select id from ${table} where ${vector} is null limit ${limit} for update ${sql.raw(skipLocked ? "skip locked" : "")})
      update ${table} set ${vector} = ${searchVectorSql(columns)}
      from picked where ${table}.id = picked.id and ${vector} is null`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
