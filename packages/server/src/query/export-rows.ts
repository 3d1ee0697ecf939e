/**
 * Every row of a query for an export, in keyset batches: each batch is one short statement
 * that reads the next EXPORT_BATCH rows after the last one sent (by the query's order, whose
 * last term is the key or a unique column, so the order is total), then gives its connection
 * back. A client that reads slowly holds no connection, transaction or cursor between
 * batches: on PGlite (one connection) other requests run between them, on PostgreSQL a
 * stalled export does not hold a pool connection.
 *
 * Each batch sees the table as it is then: a row added or changed during a long export
 * appears if it sorts after the rows already sent; no row is sent twice unless its sort key
 * moved past the point reached.
 *
 * A table without a key (a connected database's view or log) has no total order to continue
 * after: it is read through one cursor in one transaction, holding its connection meanwhile.
 */
import type { OrderTerm, ReadQuery } from "@fieldwork/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { mappingQueryErrors } from "./pg-errors";
import { guarded, type QueryGuard } from "./query-guard";
import { exportSelectSql } from "./export-columns";
import { columnRef, effectiveOrder, orderSql, resolveColumn, whereSql } from "./sql-builder";

type Sql = RawBuilder<unknown>;

/** Rows fetched per batch of an export. */
export const EXPORT_BATCH = 1000;

const keyAlias = (i: number) => `__fw_k${i}`;

/** The rows that sort after the row whose order values (as text) are `last`. */
export function afterSql(catalog: TableCatalog, terms: readonly OrderTerm[], last: readonly (string | null)[]): Sql {
  const parts: Sql[] = [];
  const equal: Sql[] = [];
  terms.forEach((term, i) => {
    const column = resolveColumn(catalog, term.column);
    const ref = columnRef(column.name);
    const value = last[i] ?? null;
    const nullsFirst = term.nulls ? term.nulls === "first" : term.direction === "desc";
    const op = sql.raw(term.direction === "asc" ? ">" : "<");
    const cast = value === null ? sql`null` : sql`${value}::text::${sql.raw(column.sql_type)}`;
    const orNull = column.nullable && !nullsFirst ? sql` or ${ref} is null` : sql``;
    const greater = value === null
      ? (nullsFirst && column.nullable ? sql`${ref} is not null` : null)
      : sql`(${ref} ${op} ${cast}${orNull})`;
    if (greater) parts.push(equal.length ? sql`(${sql.join(equal, sql` and `)} and ${greater})` : greater);
    equal.push(value === null ? sql`${ref} is null` : sql`${ref} = ${cast}`);
  });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Calls `onBatch` with every row of `query` (no limit unless it sets one) as JSON texts, a
 * batch at a time, in the query's order. `onBatch` may wait (backpressure) and returns
 * `false` to stop. Each batch runs under `guard` (statement timeout, cancellation). A row's
 * JSON is `row_to_json` of the query's select, or `options.row` (an expression over `t`).
 */
export async function streamRows(
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, onBatch: (rows: string[]) => Promise<boolean>,
  options: { guard?: QueryGuard | undefined; batch?: number; row?: Sql } = {},
): Promise<void> {
  const terms = effectiveOrder(catalog, query.order);
  const filter = whereSql(catalog, query.where);
  const from = options.row ? sql`${catalog.from} as t`
    : sql`${catalog.from} as t cross join lateral (select ${exportSelectSql(catalog, query.select)}) as __fw_r`;
  const row = options.row ?? sql`row_to_json(__fw_r)::text`;
  const batch = options.batch ?? EXPORT_BATCH;
  // A table without a key (a connected one: a view, a log) has no total order to continue
  // after: one cursor in one transaction reads it (holding a connection while the client reads).
  if (catalog.key.length === 0 && !terms.some((term) => resolveColumn(catalog, term.column).unique)) {
    return streamByCursor(db, sql`select ${row} as __fw_row from ${from} where ${filter} order by ${orderSql(terms)}${
      query.limit !== undefined && query.limit !== null ? sql` limit ${query.limit}` : sql``} offset ${query.offset ?? 0}`, onBatch, batch);
  }
  const keys = sql.join(terms.map((term, i) => sql`${columnRef(resolveColumn(catalog, term.column).name)}::text as ${sql.id(keyAlias(i))}`));
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let last: (string | null)[] | null = null;
  while (remaining > 0) {
    const size = Math.min(batch, remaining);
    const after: Sql = last ? afterSql(catalog, terms, last) : sql`true`;
    const offset: Sql = last === null && (query.offset ?? 0) > 0 ? sql` offset ${query.offset}` : sql``;
    type Row = Record<string, string | null>;
    const { rows }: { rows: Row[] } = await mappingQueryErrors(() => guarded(db, options.guard, (g) => sql<Row>`
      select ${row} as __fw_row, ${keys}
      from ${from}
      where (${filter}) and ${after}
      order by ${orderSql(terms)} limit ${size}${offset}`.execute(g)));
    if (rows.length === 0) return;
    if (!(await onBatch(rows.map((r) => r.__fw_row!)))) return;
    if (rows.length < size) return;
    remaining -= rows.length;
    const end: Row = rows.at(-1)!;
    last = terms.map((_, i) => end[keyAlias(i)] ?? null);
  }
}

async function streamByCursor(db: Kysely<DB>, select: Sql, onBatch: (rows: string[]) => Promise<boolean>, batch: number): Promise<void> {
  await mappingQueryErrors(() => db.transaction().execute(async (trx) => {
    await sql`declare __fw_export no scroll cursor for ${select}`.execute(trx);
    for (;;) {
      const { rows } = await sql<{ __fw_row: string }>`fetch forward ${sql.raw(String(Math.trunc(batch)))} from __fw_export`.execute(trx);
      if (rows.length === 0 || !(await onBatch(rows.map((r) => r.__fw_row))) || rows.length < batch) return;
    }
  }));
}
