/**
 * The query engine's entry: one page of a table as PostgREST answers it (a JSON array built
 * by Postgres, so numbers, dates and arrays come out exactly as PostgREST writes them), with
 * a count beside it (exports read in batches: export-rows.ts).
 */
import type { CountMode, ReadQuery } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { exactCount, gridCount, gridCountTotal, plannedCount, probeSelectivity, type CountOptions, type GridCount } from "./count";
import { mappingQueryErrors } from "./pg-errors";
import { guarded, type QueryGuard } from "./query-guard";
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
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery,
  options: { count?: CountMode | undefined; maxRows: number; counting: CountOptions; guard?: QueryGuard | undefined },
): Promise<Page> {
  const { guard } = options;
  const offset = query.offset ?? 0;
  const limit = Math.min(query.limit ?? options.maxRows, options.maxRows);
  return mappingQueryErrors(async () => {
    // A filtered page first asks how selective its filter is. A filter matching few rows
    // (a rare word, a narrow contains) is read through its own index and sorted, fenced
    // off from a walk down the sort index that would pass every row of the table to find
    // them; a filter matching many is read down the sort index, where matches come soon.
    const probe = query.where.length > 0 ? await guarded(db, guard, (g) => probeSelectivity(g, catalog, query.where)) : null;
    const page = pageSql(catalog, query, { limit, offset, fence: query.where.length > 0 && probe?.exact !== null });
    let grid: GridCount | null = null;
    const count = async (): Promise<number | null> => {
      switch (options.count) {
        case "exact": return probe?.exact != null ? probe.exact : guarded(db, guard, (g) => exactCount(g, catalog, query.where));
        case "planned": return probe ? probe.planned : guarded(db, guard, (g) => plannedCount(g, catalog, query.where));
        case "estimated":
          // Exact up to a bound (and a time limit): the planner's figure can be far off.
          grid = probe?.exact != null ? { kind: "exact", count: probe.exact } : await gridCount(db, catalog, query.where, options.counting, guard?.signal);
          return gridCountTotal(grid);
        default: return null;
      }
    };
    // Different connections on PostgreSQL: a count still to make runs beside the page.
    const [result, total] = await Promise.all([
      guarded(db, guard, (g) => sql<{ body: string; n: number | string }>`
        select coalesce(json_agg(__fw_p), '[]')::text as body, count(*) as n from (${page}) __fw_p`.execute(g)),
      count(),
    ]);
    const row = result.rows[0];
    return { body: row?.body ?? "[]", rows: Number(row?.n ?? 0), offset, count: total, grid };
  });
}
