/**
 * One column index of a managed table, made and dropped on its own (lazy-indexes.ts,
 * unused-indexes.ts): its name, which ones a table has, the use it last saw, building it
 * and dropping it.
 *
 * A lazily made index is named after the column's number (which a rename keeps) and its
 * kind: `fwi_btree_7_3f2a9c1d04b1` (the tail is a hash of the table name, as index names
 * share the `form_data` schema and have at most 63 characters). Indexes made before (unnamed:
 * `people_3f2a9c1d_age_id_idx`) count as the same kind on the same column.
 *
 * On PostgreSQL an index is built with `create index concurrently` on a connection of its
 * own, outside any transaction, so writes go on meanwhile, under an advisory lock on its
 * name taken with `pg_try_advisory_lock`: two server instances never build (or drop) the
 * same index at once; the one that finds it taken leaves the work to the other. PGlite (one
 * connection) builds with a plain `create index`.
 */
import { createHash } from "node:crypto";
import { SYSTEM_COLUMNS } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { kindOf } from "../db/database";
import type { DB } from "../db/schema";
import { managedTable, MANAGED_SCHEMA, type Executor } from "./managed-names";
import type { IndexKind } from "./table-indexes";

/** First key of the two-key advisory locks on index names (the second is the name's hash). */
const INDEX_LOCK = 7_423_017;

export function lazyIndexName(tableName: string, attnum: number, kind: IndexKind): string {
  return `fwi_${kind}_${attnum}_${createHash("sha256").update(tableName).digest("hex").slice(0, 12)}`;
}

export interface ColumnIndex {
  table_name: string;
  index_name: string;
  column: string;
  attnum: number;
  kind: IndexKind;
  valid: boolean;
}

const isUserColumn = (name: string) => !(SYSTEM_COLUMNS as readonly string[]).includes(name) && !name.startsWith("__fw_");

/**
 * The column indexes of managed tables (of one table, when named): the non-unique indexes
 * whose first key is a field's column, whoever made them, of a kind `indexKindsFor` knows.
 * System indexes (`local_index`, `created_at`, …) and the search vector's are not among them.
 */
export async function columnIndexes(db: Executor, tableName?: string): Promise<ColumnIndex[]> {
  const { rows } = await sql<ColumnIndex & { am: string; opclass: string }>`
    select c.relname as table_name, ci.relname as index_name, a.attname as column, a.attnum,
      am.amname as am, opc.opcname as opclass, i.indisvalid as valid
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class ci on ci.oid = i.indexrelid
    join pg_am am on am.oid = ci.relam
    join pg_opclass opc on opc.oid = i.indclass[0]
    join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
    where n.nspname = ${MANAGED_SCHEMA} and not i.indisunique and not i.indisprimary and i.indpred is null
      ${tableName === undefined ? sql`` : sql`and c.relname = ${tableName}`}
    order by c.relname, a.attnum, ci.relname`.execute(db);
  const indexes: ColumnIndex[] = [];
  for (const { am, opclass, ...row } of rows) {
    const kind: IndexKind | null = am === "btree" ? "btree" : am !== "gin" ? null : opclass === "gin_trgm_ops" ? "trgm" : "gin";
    if (kind && isUserColumn(row.column)) indexes.push({ ...row, attnum: Number(row.attnum), kind });
  }
  return indexes;
}

/**
 * Records that a read wanted `kind` on `column` now (the unused-index job reads it), and
 * returns the column's number, or null when the table or column is gone.
 */
export async function touchColumnIndex(db: Executor, tableName: string, column: string, kind: IndexKind, now = new Date()): Promise<number | null> {
  const { rows } = await sql<{ attnum: number }>`
    insert into column_index_use as u (table_name, attnum, kind, used_at)
    select ${tableName}, a.attnum, ${kind}, ${now.toISOString()}::timestamptz from pg_attribute a
    where a.attrelid = to_regclass(format('%I.%I', ${MANAGED_SCHEMA}::text, ${tableName}::text))
      and a.attname = ${column} and a.attnum > 0 and not a.attisdropped
    on conflict (table_name, attnum, kind) do update set used_at = greatest(u.used_at, excluded.used_at)
    returning attnum`.execute(db);
  return rows[0] ? Number(rows[0].attnum) : null;
}

/** Runs `work` on one connection holding the advisory lock of `indexName`; `null` when another holds it. */
async function underIndexLock<T>(db: Kysely<DB>, indexName: string, work: (conn: Kysely<DB>) => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${INDEX_LOCK}, hashtext(${indexName})) as locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${INDEX_LOCK}, hashtext(${indexName}))`.execute(conn);
    }
  });
}

/** Runs `statement` with a statement timeout of its own on this connection (PGlite has none). */
async function timed(conn: Kysely<DB>, postgres: boolean, timeoutMs: number, statement: () => Promise<unknown>): Promise<void> {
  if (!postgres) {
    await statement();
    return;
  }
  await sql`select set_config('statement_timeout', ${String(Math.max(0, Math.trunc(timeoutMs)))}, false)`.execute(conn);
  try {
    await statement();
  } finally {
    await sql`reset statement_timeout`.execute(conn);
  }
}

export type BuildOutcome = "built" | "present" | "busy" | "gone";

/**
 * Makes the `kind` index of `column` unless the table has one: concurrently on PostgreSQL.
 * A build that failed midway (an invalid index left by `concurrently`) is dropped and redone.
 */
export async function buildColumnIndex(
  db: Kysely<DB>, tableName: string, column: string, attnum: number, kind: IndexKind, timeoutMs: number,
): Promise<BuildOutcome> {
  const name = lazyIndexName(tableName, attnum, kind);
  const postgres = kindOf(db) === "postgres";
  const concurrently = postgres ? sql`concurrently` : sql``;
  const outcome = await underIndexLock(db, name, async (conn): Promise<BuildOutcome> => {
    const existing = (await columnIndexes(conn, tableName)).filter((i) => i.attnum === attnum && i.kind === kind);
    if (existing.some((i) => i.valid)) return "present";
    const { rows } = await sql<{ name: string }>`
      select attname as name from pg_attribute
      where attrelid = to_regclass(format('%I.%I', ${MANAGED_SCHEMA}::text, ${tableName}::text)) and attnum = ${attnum} and not attisdropped`.execute(conn);
    if (rows[0]?.name !== column) return "gone";
    for (const invalid of existing) {
      await timed(conn, postgres, timeoutMs, () => sql`drop index ${concurrently} if exists ${sql.id(MANAGED_SCHEMA, invalid.index_name)}`.execute(conn));
    }
    const table = managedTable(tableName);
    const ref = sql.id(column);
    const index = sql.id(name);
    const definition = kind === "btree" ? sql`on ${table} (${ref}, id)`
      : kind === "trgm" ? sql`on ${table} using gin (${ref} gin_trgm_ops)`
      : sql`on ${table} using gin (${ref})`;
    await timed(conn, postgres, timeoutMs, () => sql`create index ${concurrently} if not exists ${index} ${definition}`.execute(conn));
    return "built";
  });
  return outcome ?? "busy";
}

/** Drops one column index (concurrently on PostgreSQL); `false` when another instance holds its lock. */
export async function dropColumnIndex(db: Kysely<DB>, index: ColumnIndex, timeoutMs: number): Promise<boolean> {
  const lockName = lazyIndexName(index.table_name, index.attnum, index.kind);
  const postgres = kindOf(db) === "postgres";
  const concurrently = postgres ? sql`concurrently` : sql``;
  const done = await underIndexLock(db, lockName, async (conn) => {
    await timed(conn, postgres, timeoutMs, () => sql`drop index ${concurrently} if exists ${sql.id(MANAGED_SCHEMA, index.index_name)}`.execute(conn));
    return true;
  });
  return done ?? false;
}
