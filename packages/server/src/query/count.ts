/**
 * Row counts for `Prefer: count=…` and the grid's last page. An exact count reads every
 * matching row; a planned one asks the planner (a millisecond, however large the table);
 * an estimated one (the grid's) counts exactly up to a bound and a time limit, and past
 * them gives the planner's figure, marked as such, so a count never holds back the first
 * page of a huge table and the grid never shows a stale estimate as a total.
 */
import { EXACT_COUNT_UP_TO, type Condition } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { guarded } from "./query-guard";
import type { DB } from "../db/schema";
import type { Executor } from "../tables/managed-table";
import type { TableCatalog } from "./catalog";
import { whereSql } from "./sql-builder";


export async function exactCount(db: Executor, catalog: TableCatalog, where: readonly Condition[]): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from ${catalog.from} as t where ${whereSql(catalog, where)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

type Plan = { Plan?: { "Plan Rows"?: number } }[];

export async function plannedCount(db: Executor, catalog: TableCatalog, where: readonly Condition[]): Promise<number> {
  const { rows } = await sql<{ "QUERY PLAN": Plan | string }>`
    explain (format json) select 1 from ${catalog.from} as t where ${whereSql(catalog, where)}`.execute(db);
  const raw = rows[0]?.["QUERY PLAN"];
  const plan: Plan = typeof raw === "string" ? JSON.parse(raw) as Plan : raw ?? [];
  return Math.max(0, Math.round(plan[0]?.Plan?.["Plan Rows"] ?? 0));
}

export async function boundedCount(db: Executor, catalog: TableCatalog, where: readonly Condition[], bound: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (select 1 from ${catalog.from} as t where ${whereSql(catalog, where)} limit ${bound + 1}) c`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * What the planner expects a filter to match, and the exact count when that is small: the
 * planner first (a millisecond), then, only if it expects at most EXACT_COUNT_UP_TO rows, a
 * count bounded there. A filter matching half a million rows is never counted row by row.
 */
export interface Selectivity {
  planned: number;
  /** The exact count, when it is at most EXACT_COUNT_UP_TO. */
  exact: number | null;
}

export async function probeSelectivity(db: Executor, catalog: TableCatalog, where: readonly Condition[]): Promise<Selectivity> {
  const planned = await plannedCount(db, catalog, where);
  if (planned > EXACT_COUNT_UP_TO) return { planned, exact: null };
  const counted = await boundedCount(db, catalog, where, EXACT_COUNT_UP_TO);
  return { planned, exact: counted <= EXACT_COUNT_UP_TO ? counted : null };
}

/**
 * The grid's count (`count=estimated`): exact when at most `upTo` rows match, else "more
 * than `upTo`" (the planner's figure, however stale, is only a hint past that), or unknown
 * when the bounded count ran out of time. The grid shows a total only when it is exact.
 */
export type GridCount =
  | { kind: "exact"; count: number }
  | { kind: "more"; than: number; planned: number }
  | { kind: "unknown"; planned: number | null };

export interface CountOptions {
  /** Count exactly up to this many matching rows (GRID_EXACT_COUNT_UP_TO). */
  upTo: number;
  /** The bounded count's statement timeout (GRID_COUNT_TIMEOUT_MS); PGlite has none, the row bound still holds. */
  timeoutMs: number;
}

const QUERY_CANCELED = "57014";

const canceled = (error: unknown) => (error as { code?: unknown }).code === QUERY_CANCELED;

/**
 * The grid's count under its own statement timeout (GRID_COUNT_TIMEOUT_MS) and the request's
 * cancellation (query-guard.ts; inside a caller's transaction, the caller's rules).
 */
export async function gridCount(
  db: Kysely<DB>, catalog: TableCatalog, where: readonly Condition[], options: CountOptions, signal?: AbortSignal,
): Promise<GridCount> {
  const guard = { timeoutMs: options.timeoutMs, signal };
  let counted: number;
  try {
    counted = await guarded(db, guard, (ex) => boundedCount(ex, catalog, where, options.upTo));
  } catch (error) {
    if (!canceled(error)) throw error;
    // Inside a caller's transaction the cancel aborted it: no planner figure then.
    if (db.isTransaction) return { kind: "unknown", planned: null };
    const planned = await guarded(db, guard, (ex) => plannedCount(ex, catalog, where))
      .catch((again: unknown) => { if (canceled(again)) return null; throw again; });
    return { kind: "unknown", planned };
  }
  if (counted <= options.upTo) return { kind: "exact", count: counted };
  return { kind: "more", than: options.upTo, planned: await plannedCount(db, catalog, where) };
}

/** The total `Content-Range` carries for a grid count: PostgREST's estimated count, never below what was counted. */
export function gridCountTotal(count: GridCount): number | null {
  switch (count.kind) {
    case "exact": return count.count;
    case "more": return Math.max(count.than + 1, count.planned);
    case "unknown": return count.planned;
  }
}

/** The `Fieldwork-Count` header: whether the total is exact, at least past a bound, or an estimate. */
export function gridCountHeader(count: GridCount): string {
  switch (count.kind) {
    case "exact": return "exact";
    case "more": return `more-than=${count.than}`;
    case "unknown": return "estimate";
  }
}
