/**
 * bench:grid's ten query shapes: each a small list of filter values (a run cycles through
 * them, so no single literal's cache is all that is measured), the Data API query string for
 * a value, and the hand-written SQL that gives the same page and count (the baseline).
 *
 * The baseline answers what the engine answers: the page as one JSON array built by Postgres,
 * in the same order (the key as tiebreaker in the last term's direction), and the
 * `count=estimated` semantics of packages/server/src/query/count.ts — for a filtered page the
 * planner's row estimate first (`explain (format json)`), and when that is at most 10,000 an
 * exact count bounded there (`count(*)` of a `limit 10001` subquery): a filter found to match
 * at most 10,000 rows reads its page through its own index and sorts it (the fenced page).
 * Otherwise the grid count runs beside the page: exact up to 100,000 rows (`limit 100001`),
 * past that the planner's estimate.
 */
import { EXACT_COUNT_UP_TO, GRID_EXACT_COUNT_UP_TO } from "@fieldwork/core";
import type pg from "pg";

export const PAGE_ROWS = 100;

export interface Shape {
  key: string;
  name: string;
  values: string[];
  /** The Data API query string for one value (without `limit`). */
  query(value: string): string;
  /** The baseline's filter and order for the same value; `offset` for deep pages. */
  sql(value: string): { where: string; params: unknown[]; order: string; offset?: number };
  /** The deep page: judged against its baseline, not against the absolute goals. */
  deep?: boolean;
}

/** Sort column and direction of `order=…` values; the key breaks ties in the same direction. */
const orderOf = (value: string) => {
  const [column = "", direction = "asc"] = value.split(".");
  return `"${column}" ${direction}, id ${direction}`;
};

/**
 * Where the shapes read: a form table is ordered by `local_index` and searched through its
 * `__fw_search` vector; an external table (bench/grid-external.ts) by its primary key `id` and
 * through a stored tsvector column of its own (built with `simple`, so the query names it).
 */
export interface ShapeTable {
  /** The SQL of the table, as a `from` item. */
  from: string;
  /** The default order of the table's pages (the table's own key order). */
  order: string;
  search: { column: string; config: string | null };
}

export const formTable = (table: string): ShapeTable =>
  ({ from: `form_data."${table}"`, order: "local_index", search: { column: "__fw_search", config: null } });

export function gridShapes(emails: string[], table: Pick<ShapeTable, "order" | "search"> = formTable("")): Shape[] {
  const byIndex = table.order;
  const search = table.search;
  const wfts = search.config ? `wfts(${search.config})` : "wfts";
  return [
    {
      key: "a", name: "number filter (age=gt.N)", values: ["58", "59", "60", "61", "62"],
      query: (v) => `age=gt.${v}`, sql: (v) => ({ where: "age > $1", params: [v], order: byIndex }),
    },
    {
      key: "b", name: "date range (born, one month)",
      values: ["1962-03", "1975-07", "1981-11", "1994-02", "2003-09"],
      query: (v) => `born=gte.${v}-01&born=lt.${nextMonth(v)}-01`,
      sql: (v) => ({ where: "born >= $1 and born < $2", params: [`${v}-01`, `${nextMonth(v)}-01`], order: byIndex }),
    },
    {
      key: "c", name: "boolean (vip=is.true, is.false)", values: ["true", "false"],
      query: (v) => `vip=is.${v}`, sql: (v) => ({ where: `vip is ${v === "true" ? "true" : "false"}`, params: [], order: byIndex }),
    },
    {
      key: "d", name: "equality (email=eq.…)", values: emails,
      query: (v) => `email=eq.${encodeURIComponent(v)}`, sql: (v) => ({ where: "email = $1", params: [v], order: byIndex }),
    },
    {
      key: "e", name: "list contains (tags=cs.{…})", values: ["{red}", "{green}", "{blue}", "{red,blue}", "{purple}"],
      query: (v) => `tags=cs.${encodeURIComponent(v)}`, sql: (v) => ({ where: "tags @> $1::text[]", params: [v], order: byIndex }),
    },
    {
      key: "f", name: "sort (order=amount.desc, …)", values: ["amount.desc", "amount.asc", "score.desc", "quantity.desc"],
      query: (v) => `order=${v}`, sql: (v) => ({ where: "true", params: [], order: orderOf(v) }),
    },
    {
      key: "g", name: "contains (name=ilike.*…*)", values: ["*ada*", "*son*", "*lovelace*", "*grace hop*", "*mar*"],
      query: (v) => `name=ilike.${encodeURIComponent(v)}`,
      sql: (v) => ({ where: "name ilike $1", params: [v.replaceAll("*", "%")], order: byIndex }),
    },
    {
      key: "h", name: `text search (${search.column}=${wfts}.…)`, values: ["coffee", "zeppelin", "jazz poetry", "quokka", "falconry"],
      query: (v) => `${search.column}=${wfts}.${encodeURIComponent(v)}`,
      sql: (v) => ({ where: `"${search.column}" @@ websearch_to_tsquery('simple', $1)`, params: [v], order: byIndex }),
    },
    {
      key: "i", name: "first page", values: [""],
      query: () => "", sql: () => ({ where: "true", params: [], order: byIndex }),
    },
    {
      key: "j", name: "page 5,000 (offset=499900)", values: ["499900", "499800", "500000", "499700", "500100"], deep: true,
      query: (v) => `offset=${v}`, sql: (v) => ({ where: "true", params: [], order: byIndex, offset: Number(v) }),
    },
  ];
}

function nextMonth(month: string): string {
  const [year = 0, m = 0] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

export interface Baseline {
  /** The page as a JSON array text. */
  page: { text: string; values: unknown[] };
  /** The same page for a filter known to match few rows: read through its index, then sorted. */
  fenced: { text: string; values: unknown[] } | null;
  where: { text: string; values: unknown[] };
  /** The shape filters: the engine probes its selectivity before the page. */
  filtered: boolean;
}

/**
 * The best hand-written SQL for a shape's page: the filter and order straight on the table,
 * and for a deep page the keys of the page from the (local_index) include (id) index alone
 * (an index-only scan skips the offset), joined back to the rows.
 */
export function baselineSql(table: ShapeTable, columns: string, shape: Shape, value: string): Baseline {
  const { where, params, order, offset } = shape.sql(value);
  const { from, order: key } = table;
  const keys = key === "id" ? "id" : `id, ${key}`;
  const page = offset
    ? `select ${columns} from (select ${keys} from ${from} order by ${key} limit ${PAGE_ROWS} offset ${offset}) k
       join ${from} t using (id) order by k.${key}`
    : `select ${columns} from ${from} t where ${where} order by ${order} limit ${PAGE_ROWS}`;
  // Few matches: their ids and sort columns found through the filter's index, sorted, and
  // only the page's rows read whole. (Only filtered shapes fence, all in local_index order.)
  const fenced = `select ${columns} from ${from} t where id = any(array(
      select id from (select ${keys} from ${from} t where ${where} offset 0) f order by ${order} limit ${PAGE_ROWS}))
    order by ${order}`;
  return {
    page: { text: `select coalesce(json_agg(p), '[]')::text as body from (${page}) p`, values: params },
    fenced: offset || where === "true" ? null : { text: `select coalesce(json_agg(p), '[]')::text as body from (${fenced}) p`, values: params },
    where: { text: `${from} t where ${where}`, values: params },
    filtered: where !== "true",
  };
}

/** The same page read the plain way (`limit … offset …` over whole rows), for reference. */
export function plainOffsetSql(table: ShapeTable, columns: string, offset: number): string {
  return `select coalesce(json_agg(p), '[]')::text as body from (
    select ${columns} from ${table.from} t order by ${table.order} limit ${PAGE_ROWS} offset ${offset}) p`;
}

/** The planner's row estimate of the filter (`explain (format json)`). */
async function plannedRows(db: pg.Pool, where: Baseline["where"]): Promise<number> {
  const { rows: [plan] } = await db.query<{ "QUERY PLAN": { Plan: { "Plan Rows": number } }[] }>(
    `explain (format json) select 1 from ${where.text}`, where.values);
  return Math.round(plan?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0);
}

async function boundedRows(db: pg.Pool, where: Baseline["where"], bound: number): Promise<number> {
  const { rows: [bounded] } = await db.query<{ n: string }>(
    `select count(*) as n from (select 1 from ${where.text} limit ${bound + 1}) c`, where.values);
  return Number(bounded?.n ?? 0);
}

/**
 * How selective a filter is, as the engine asks before a filtered page (query/count.ts
 * probeSelectivity): the planner's estimate, and when that is at most 10,000 the count
 * bounded there; `exact` is that count when it stayed within the bound (the page is fenced).
 */
export async function probeSelectivity(db: pg.Pool, where: Baseline["where"]): Promise<{ planned: number; exact: number | null }> {
  const planned = await plannedRows(db, where);
  if (planned > EXACT_COUNT_UP_TO) return { planned, exact: null };
  const counted = await boundedRows(db, where, EXACT_COUNT_UP_TO);
  return { planned, exact: counted <= EXACT_COUNT_UP_TO ? counted : null };
}

/**
 * The grid's `count=estimated` as the engine makes it when the probe did not count (query/count.ts
 * gridCount): exact up to GRID_EXACT_COUNT_UP_TO (100,000) matching rows, else the planner's
 * estimate, never below 100,001.
 */
export async function gridCount(db: pg.Pool, where: Baseline["where"]): Promise<number> {
  const counted = await boundedRows(db, where, GRID_EXACT_COUNT_UP_TO);
  if (counted <= GRID_EXACT_COUNT_UP_TO) return counted;
  return Math.max(GRID_EXACT_COUNT_UP_TO + 1, await plannedRows(db, where));
}

/**
 * `count=estimated` for a page as the engine makes it, one step after the other: the probe of a
 * filtered page, then (unless the probe counted) the grid count; `exact` says the probe counted
 * (the page is fenced).
 */
export async function probeCount(db: pg.Pool, where: Baseline["where"], filtered: boolean): Promise<{ count: number; exact: boolean }> {
  const probe = filtered ? await probeSelectivity(db, where) : null;
  if (probe?.exact != null) return { count: probe.exact, exact: true };
  return { count: await gridCount(db, where), exact: false };
}
