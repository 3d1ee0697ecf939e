/**
 * The query engine's entry: one page of a table as PostgREST answers it (a JSON array built
 * by Postgres, so numbers, dates and arrays come out exactly as PostgREST writes them), with
 * a count beside it, and every row of a query as a stream for exports.
 */
import type { CountMode, ReadQuery } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { exactCount, gridCount, gridCountTotal, plannedCount, probeSelectivity, type CountOptions, type GridCount } from "./count";
import { mappingQueryErrors } from "./pg-errors";
import { pageSql } from "./sql-builder";

export interface Page {
  /** The rows as a JSON array text. */
  body: string;
  rows: number;
  offset: number;
  /** The total of matching rows, when a count was asked for. */
  count: number | null;
  /** For `count=estimated`: whether `count` is exact, past a bound, or the planner's estimate. */
  grid: GridCount | null;
}

export async function readPage(
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, options: { count?: CountMode | undefined; maxRows: number; counting: CountOptions },
): Promise<Page> {
  const offset = query.offset ?? 0;
  const limit = Math.min(query.limit ?? options.maxRows, options.maxRows);
  return mappingQueryErrors(async () => {
    // A filtered page first asks how selective its filter is. A filter matching few rows
    // (a rare word, a narrow contains) is read through its own index and sorted, fenced
    // off from a walk down the sort index that would pass every row of the table to find
    // them; a filter matching many is read down the sort index, where matches come soon.
    const probe = query.where.length > 0 ? await probeSelectivity(db, catalog, query.where) : null;
    const page = pageSql(catalog, query, { limit, offset, fence: query.where.length > 0 && probe?.exact !== null });
    let grid: GridCount | null = null;
    const count = async (): Promise<number | null> => {
      switch (options.count) {
        case "exact": return probe?.exact != null ? probe.exact : exactCount(db, catalog, query.where);
        case "planned": return probe ? probe.planned : plannedCount(db, catalog, query.where);
        case "estimated":
          // Exact up to a bound (and a time limit): the planner's figure can be far off.
          grid = probe?.exact != null ? { kind: "exact", count: probe.exact } : await gridCount(db, catalog, query.where, options.counting);
          return gridCountTotal(grid);
        default: return null;
      }
    };
    // Different connections on PostgreSQL: a count still to make runs beside the page.
    const [result, total] = await Promise.all([
      sql<{ body: string; n: number | string }>`
        select coalesce(json_agg(p), '[]')::text as body, count(*) as n from (${page}) p`.execute(db),
      count(),
    ]);
    const row = result.rows[0];
    return { body: row?.body ?? "[]", rows: Number(row?.n ?? 0), offset, count: total, grid };
  });
}

/** Rows fetched from the cursor per round trip of an export. */
export const EXPORT_BATCH = 1000;

/**
 * Every row of `query` (no page limit unless it sets one), in its order, as JSON texts handed to `onBatch`
 * a batch at a time through a server-side cursor: memory holds one batch whatever the
 * table's size. `onBatch` may wait (backpressure); returning `false` stops early.
 */
export async function streamRows(
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, onBatch: (rows: string[]) => Promise<boolean>,
): Promise<void> {
  const page = pageSql(catalog, query, { limit: query.limit ?? null, offset: query.offset ?? 0 });
  await mappingQueryErrors(() => db.transaction().execute(async (trx) => {
    await sql`declare fieldwork_export no scroll cursor for select row_to_json(p)::text as row from (${page}) p`.execute(trx);
    for (;;) {
      const { rows } = await sql<{ row: string }>`fetch ${sql.raw(String(EXPORT_BATCH))} from fieldwork_export`.execute(trx);
      if (rows.length === 0) break;
      if (!(await onBatch(rows.map((r) => r.row)))) break;
      if (rows.length < EXPORT_BATCH) break;
    }
    await sql`close fieldwork_export`.execute(trx);
  }));
}
