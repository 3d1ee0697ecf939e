/**
 * The grid's query state in the page's URL, so a filtered view can be shared and reloaded:
 *
 *   ?limit=500&page=3&sort=age.desc,name.asc&filter=age.gt.30&filter=name.contains.ada&search=ada+lovelace
 *
 * `page` counts from 1 for people; `filter` is `column.operator.value` (columns are
 * identifiers and operators words, so the value is everything after the second dot);
 * `search` is a websearch over the table's search column. Anything unreadable is dropped,
 * never thrown: a hand-edited URL opens the table, perhaps less filtered.
 */
import { UI_OPERATORS, type UiOperator } from "../query/column-format";
import { initialQueryState, PAGE_SIZES, type OrderBy, type Predicate, type QueryState } from "../query/query-state";
import { LIMITS } from "../limits";
import { SEARCH_COLUMN } from "./table-columns";

const COLUMN = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
const isOperator = (op: string): op is UiOperator => (UI_OPERATORS as readonly string[]).includes(op);


export function queryStateToViewParams(state: QueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q_page_limit !== initialQueryState().q_page_limit) params.set("limit", String(state.q_page_limit));
  if (state.q_page_index > 0) params.set("page", String(state.q_page_index + 1));
  const orders = Object.values(state.q_orderby).map((o) => `${o.column}.${o.ascending ? "asc" : "desc"}${o.nullsFirst === undefined ? "" : o.nullsFirst ? ".nullsfirst" : ".nullslast"}`);
  if (orders.length) params.set("sort", orders.join(","));
  for (const p of state.q_predicates) params.append("filter", `${p.column}.${p.op}.${p.value === null || p.value === undefined ? "" : String(p.value)}`);
  if (state.q_text_search && state.q_text_search.query !== "") {
    params.set("search", state.q_text_search.query);
    if (state.q_text_search.column !== SEARCH_COLUMN) params.set("search_column", state.q_text_search.column);
  }
  return params;
}

function orderOf(term: string): OrderBy | null {
  const [column, direction, nulls, ...rest] = term.split(".");
  if (!column || !COLUMN.test(column) || rest.length > 0) return null;
  if (direction !== "asc" && direction !== "desc") return null;
  if (nulls !== undefined && nulls !== "nullsfirst" && nulls !== "nullslast") return null;
  return { column, ascending: direction === "asc", ...(nulls ? { nullsFirst: nulls === "nullsfirst" } : {}) };
}

function predicateOf(text: string): Predicate | null {
  const first = text.indexOf(".");
  const second = first < 0 ? -1 : text.indexOf(".", first + 1);
  if (second < 0) return null;
  const column = text.slice(0, first);
  const op = text.slice(first + 1, second);
  const value = text.slice(second + 1);
  if (!COLUMN.test(column) || !isOperator(op)) return null;
  return { column, op, value: value === "" ? null : value };
}

/** The state a URL describes; `columns` (when given) drops filters and sorts on unknown columns. */
export function viewParamsToQueryState(params: URLSearchParams, columns?: ReadonlySet<string>): QueryState {
  const state = initialQueryState();
  const known = (column: string) => !columns || columns.has(column);
  const limit = Number(params.get("limit"));
  if ((PAGE_SIZES as readonly number[]).includes(limit)) state.q_page_limit = limit;
  const page = Number(params.get("page"));
  if (Number.isSafeInteger(page) && page > 1) state.q_page_index = page - 1;
  // A Map, then fromEntries: assigning `q_orderby["__proto__"]` would set the prototype, not a column.
  const orderby = new Map<string, OrderBy>();
  for (const term of (params.get("sort") ?? "").split(",")) {
    const order = orderOf(term);
    if (order && known(order.column) && !orderby.has(order.column)) orderby.set(order.column, order);
  }
  state.q_orderby = Object.fromEntries(orderby);
  for (const text of params.getAll("filter").slice(0, LIMITS.query_conditions)) {
    const predicate = predicateOf(text);
    if (predicate && known(predicate.column)) state.q_predicates.push(predicate);
  }
  const search = params.get("search");
  if (search) {
    const column = params.get("search_column") ?? SEARCH_COLUMN;
    if (COLUMN.test(column) && (column === SEARCH_COLUMN || known(column))) state.q_text_search = { column, query: search, type: "prefix" };
  }
  return state;
}
