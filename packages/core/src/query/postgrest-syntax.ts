/**
 * PostgREST's URL syntax ⇄ `ReadQuery`, the one reader of Data API URLs and the one writer
 * of the grid's. For example
 *
 *   ?select=id,name&age=gte.18&or=(city.eq.Paris,city.eq."Saint-Denis, FR")&order=name.asc&limit=10
 *
 * reads as `{ select: [{column:"id"},{column:"name"}], where: [age >= "18", (city = "Paris"
 * or city = "Saint-Denis, FR")], order: [name asc], limit: 10 }`.
 *
 * Values stay text; the server binds and casts them. `like`/`ilike` keep `*` as the wildcard.
 * Anything unreadable throws `FieldworkError("QUERY_INVALID")` naming the parameter; more
 * than the limits allow throws `QUERY_TOO_LARGE`. No other exception escapes, whatever the
 * input.
 */
import { LOAD_LIMITS } from "../limits";
import { TEXT_SEARCH_OPERATORS, type Condition, type ReadQuery } from "./ast";
import { ConditionBudget, queryInvalid, queryTooLarge } from "./postgrest-cursor";
import { LOGIC_KEYS, parseFilterParam, parseLogicParam, serializeCondition } from "./postgrest-filter";
import { parseCount, parseOrder, parseRange, parseSelect, serializeOrder, serializeSelect } from "./postgrest-select";

export { serializeCondition } from "./postgrest-filter";

/** Parameters that are not filters: read once each by `parseReadQuery`. */
const READ_KEYS = new Set(["select", "order", "limit", "offset"]);
/** Parameters the server reads for writes; both parsers skip them. */
const WRITE_KEYS = new Set(["on_conflict", "columns"]);

function readConditions(params: URLSearchParams, budget: ConditionBudget): Condition[] {
  const where: Condition[] = [];
  for (const [key, value] of params) {
    if (READ_KEYS.has(key) || WRITE_KEYS.has(key)) continue;
    where.push(Object.hasOwn(LOGIC_KEYS, key) ? parseLogicParam(key, value, budget) : parseFilterParam(key, value, budget));
  }
  if (textFilterCount(where) > LOAD_LIMITS.query_text_filters) {
    throw queryTooLarge(`A query has at most ${LOAD_LIMITS.query_text_filters} pattern and full-text filters (like, ilike, fts, plfts, phfts, wfts).`);
  }
  return where;
}

/** Pattern and text search filters: each may read every row's text, so a query holds few. */
const TEXT_FILTER_OPERATORS: ReadonlySet<string> = new Set(["like", "ilike", ...TEXT_SEARCH_OPERATORS]);

function textFilterCount(conditions: readonly Condition[]): number {
  let count = 0;
  for (const condition of conditions) {
    count += condition.kind === "filter" ? (TEXT_FILTER_OPERATORS.has(condition.op) ? 1 : 0) : textFilterCount(condition.children);
  }
  return count;
}

/**
 * The filters of a URL (for PATCH and DELETE): every parameter but `select`, `order`,
 * `limit`, `offset`, `on_conflict` and `columns`, and-ed in their order.
 */
export function parseConditions(params: URLSearchParams): Condition[] {
  return readConditions(params, new ConditionBudget());
}

/**
 * A read from its query parameters and, optionally, the `Range` header (`0-9`, `10-`). A
 * `limit` or `offset` parameter wins over what the header says for it.
 */
export function parseReadQuery(params: URLSearchParams, options: { range?: string } = {}): ReadQuery {
  const single = new Map<string, string>();
  for (const [key, value] of params) {
    if (!READ_KEYS.has(key)) continue;
    if (single.has(key)) throw queryInvalid(key, `${key} is given more than once.`);
    single.set(key, value);
  }
  const query: ReadQuery = { select: "*", where: readConditions(params, new ConditionBudget()), order: [] };
  const select = single.get("select");
  if (select !== undefined) query.select = parseSelect(select);
  const order = single.get("order");
  if (order !== undefined) query.order = parseOrder(order);
  if (options.range !== undefined) {
    const range = parseRange(options.range);
    query.offset = range.offset;
    if (range.limit !== undefined) query.limit = range.limit;
  }
  const limit = single.get("limit");
  if (limit !== undefined) query.limit = parseCount("limit", limit);
  const offset = single.get("offset");
  if (offset !== undefined) query.offset = parseCount("offset", offset);
  return query;
}

/**
 * The query parameters that `parseReadQuery` reads back as `query`: filters and groups in
 * `where` order, then `select` (left out for `*`), `order`, `limit` and `offset`.
 */
export function serializeReadQuery(query: ReadQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const condition of query.where) params.append(...serializeCondition(condition));
  if (query.select !== "*") params.append("select", serializeSelect(query.select));
  if (query.order.length > 0) params.append("order", serializeOrder(query.order));
  if (query.limit !== undefined) params.append("limit", String(query.limit));
  if (query.offset !== undefined) params.append("offset", String(query.offset));
  return params;
}
