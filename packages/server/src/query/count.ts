/**
 * Row counts for `Prefer: count=…` and the grid's last page. An exact count reads every
 * matching row; a planned one asks the planner (a millisecond, however large the table);
 * an estimated one counts exactly up to a bound and asks the planner beyond it, so small
 * results are exact and a count never holds back the first page of a huge table.
 */
import type { Condition, CountMode } from "@fieldwork/core";
import { sql } from "kysely";
import type { Executor } from "../tables/managed-table";
import type { TableCatalog } from "./catalog";
import { whereSql } from "./sql-builder";

/** Estimated counts up to this many rows are exact. */
export const EXACT_COUNT_UP_TO = 10_000;

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

export async function countRows(db: Executor, catalog: TableCatalog, where: readonly Condition[], mode: CountMode): Promise<number> {
  switch (mode) {
    case "exact": return exactCount(db, catalog, where);
    case "planned": return plannedCount(db, catalog, where);
    case "estimated": {
      const counted = await boundedCount(db, catalog, where, EXACT_COUNT_UP_TO);
      if (counted <= EXACT_COUNT_UP_TO) return counted;
      return Math.max(EXACT_COUNT_UP_TO + 1, await plannedCount(db, catalog, where));
    }
  }
}
