/**
 * Row counts for `Prefer: count=…` and the grid's last page. An exact count reads every
 * matching row; a planned one asks the planner (a millisecond, however large the table);
 * an estimated one asks the planner and counts exactly only what it expects to be small,
 * so small results are exact and a count never holds back the first page of a huge table.
 */
import { EXACT_COUNT_UP_TO, type Condition } from "@fieldwork/core";
import { sql } from "kysely";
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

/** `count=estimated`: exact when small, else the planner's figure (at least past the bound). */
export const estimatedCount = ({ planned, exact }: Selectivity): number => exact ?? Math.max(EXACT_COUNT_UP_TO + 1, planned);
