/**
 * One shape measured: requests one after another, each value of the shape in turn, the Data
 * API over HTTP and then the baseline SQL with `pg` for the same value, so both see the same
 * caches and the same moment of the machine. Every answer is checked against its baseline:
 * the same ids in the same order and the same count.
 */
import type pg from "pg";
import { baselineSql, gridCount, PAGE_ROWS, plainOffsetSql, probeCount, probeSelectivity, type Shape, type ShapeTable } from "./grid-shapes";
import { percentile } from "./results";

export interface GridTarget {
  baseUrl: string;
  token: string;
  table: string;
  /** The Data API URL of the table (`…/rest/v1/{table}`). */
  url: string;
  /** The table as the baseline SQL reads it. */
  sqlTable: ShapeTable;
  /** The select list of `select=*`: every column but the search vector, in table order. */
  columns: string;
  pool: pg.Pool;
}

export interface ShapeResult {
  shape: Shape;
  http: number[];
  sql: number[];
  /** Median HTTP time per value, for spotting the value that makes the tail. */
  byValue: { value: string; http: number; sql: number; count: number }[];
  mismatches: string[];
}

export { percentile };

const idsOf = (body: string) => (JSON.parse(body) as { id: string }[]).map((row) => row.id).join(",");

async function viaHttp(target: GridTarget, shape: Shape, value: string) {
  const query = [shape.query(value), `limit=${PAGE_ROWS}`].filter(Boolean).join("&");
  const started = performance.now();
  const response = await fetch(`${target.url}?${query}`, {
    headers: { authorization: `Bearer ${target.token}`, prefer: "count=estimated", accept: "application/json" },
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 && response.status !== 206) throw new Error(`${shape.key} ${query}: ${response.status} ${body}`);
  const count = Number(response.headers.get("content-range")?.split("/")[1]);
  return { ms, body, count };
}

async function viaSql(target: GridTarget, shape: Shape, value: string) {
  const sql = baselineSql(target.sqlTable, target.columns, shape, value);
  const started = performance.now();
  // The probe decides the page's plan: a filter matching few rows is read through its own
  // index and sorted (the fenced page), one matching many down the sort index. A count the
  // probe did not make runs beside the page, on the pool's second connection.
  const probe = sql.filtered ? await probeSelectivity(target.pool, sql.where) : null;
  const page = sql.fenced && probe?.exact != null ? sql.fenced : sql.page;
  const [{ rows }, count] = await Promise.all([
    target.pool.query<{ body: string }>(page.text, page.values),
    probe?.exact != null ? probe.exact : gridCount(target.pool, sql.where),
  ]);
  return { ms: performance.now() - started, body: rows[0]?.body ?? "[]", count };
}

export async function measureShape(target: GridTarget, shape: Shape, warmup: number, requests: number): Promise<ShapeResult> {
  const result: ShapeResult = { shape, http: [], sql: [], byValue: [], mismatches: [] };
  const perValue = new Map<string, { http: number[]; sql: number[]; count: number }>();
  for (let i = 0; i < warmup + requests; i++) {
    const value = shape.values[i % shape.values.length]!;
    const http = await viaHttp(target, shape, value);
    const sql = await viaSql(target, shape, value);
    if (idsOf(http.body) !== idsOf(sql.body) || http.count !== sql.count) {
      result.mismatches.push(`${value}: ids ${idsOf(http.body) === idsOf(sql.body) ? "equal" : "differ"}, count ${http.count} vs ${sql.count}`);
    }
    if (i < warmup) continue;
    result.http.push(http.ms);
    result.sql.push(sql.ms);
    const entry = perValue.get(value) ?? { http: [], sql: [], count: sql.count };
    entry.http.push(http.ms);
    entry.sql.push(sql.ms);
    perValue.set(value, entry);
  }
  result.byValue = [...perValue].map(([value, e]) => ({ value, http: percentile(e.http, 50), sql: percentile(e.sql, 50), count: e.count }));
  return result;
}

/** Every shape in turn (each logged when done), then the deep shape's plain-offset baseline: what bench:grid and bench:grid-external both measure. */
export async function measureShapes(
  target: GridTarget, shapes: readonly Shape[], warmup: number, requests: number,
): Promise<{ results: ShapeResult[]; plain: number[] }> {
  const results: ShapeResult[] = [];
  for (const shape of shapes) {
    results.push(await measureShape(target, shape, warmup, requests));
    console.log(`measured ${shape.key}. ${shape.name}`);
  }
  const deep = shapes.find((s) => s.deep)!;
  return { results, plain: await measurePlainOffset(target, deep, Math.min(requests, 50)) };
}

/** The deep page read with a plain `limit … offset …` (after the same count). */
export async function measurePlainOffset(target: GridTarget, shape: Shape, requests: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const value = shape.values[i % shape.values.length]!;
    const started = performance.now();
    const baseline = baselineSql(target.sqlTable, target.columns, shape, value);
    await probeCount(target.pool, baseline.where, baseline.filtered);
    await target.pool.query(plainOffsetSql(target.sqlTable, target.columns, Number(value)));
    times.push(performance.now() - started);
  }
  return times;
}

/** EXPLAIN ANALYZE of the baseline's page and count for one value: what a slow shape spends. */
export async function explainBaseline(target: GridTarget, shape: Shape, value: string): Promise<string> {
  const sql = baselineSql(target.sqlTable, target.columns, shape, value);
  const plan = async (text: string, values: unknown[]) =>
    (await target.pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r["QUERY PLAN"]).join("\n");
  const page = sql.fenced && (await probeCount(target.pool, sql.where, sql.filtered)).exact ? sql.fenced : sql.page;
  return [
    `-- page: ${page.text.replace(/\s+/g, " ").replace(target.columns, "<columns>")}`,
    await plan(page.text, page.values),
    `-- the probe: explain select 1 from ${sql.where.text}; then, if at most 10,000, the count bounded there:`,
    await plan(`select count(*) from (select 1 from ${sql.where.text} limit 10001) c`, sql.where.values),
    "-- else the grid count, bounded at 100,000:",
    await plan(`select count(*) from (select 1 from ${sql.where.text} limit 100001) c`, sql.where.values),
  ].join("\n");
}
