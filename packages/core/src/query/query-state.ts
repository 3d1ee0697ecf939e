/**
 * The grid's query state (spec 1 §3.10, spec 2 §4 "Datagrid query", spec 3 §3): page, sort,
 * predicates and text search, changed only through `queryReducer` and turned into a
 * `ReadQuery` (and its URL) for the Data API.
 *
 * Reset rules: a new page size, adding, changing or removing predicates, and a new text
 * search go back to the first page; a table switch (`reset`) starts over.
 */
import type { Condition, Filter, ReadQuery, TextSearchOperator } from "./ast";
import { predicateToFilter, type UiOperator } from "./column-format";
import { serializeReadQuery } from "./postgrest-syntax";
import { prefixTsquery } from "./prefix-search";
import { SEARCH_COLUMN } from "../data/table-columns";

export const PAGE_SIZES = [10, 100, 500, 1000] as const;
export const DEFAULT_PAGE_LIMIT = 100;
/** A filtered read counts its matches exactly up to this many rows to choose its plan (see the server's count.ts). */
export const EXACT_COUNT_UP_TO = 10_000;
/**
 * `Prefer: count=estimated` (the grid's count) counts exactly up to this many rows, within a
 * time bound; past it the count is the planner's estimate, which the grid never shows as a
 * total: its pager is then open-ended (Next while a page is full).
 */
export const GRID_EXACT_COUNT_UP_TO = 100_000;
/** How long the bounded exact count may run before the count falls back to the planner's estimate. */
export const GRID_COUNT_TIMEOUT_MS = 2_000;

export interface Predicate { op: UiOperator; column: string; value: unknown }
export interface OrderBy { column: string; ascending: boolean; nullsFirst?: boolean }
/** `prefix` is the grid's: every word, the last as a prefix (prefix-search.ts). */
export interface TextSearch {
  column: string;
  query: string;
  type?: "plain" | "phrase" | "websearch" | "prefix";
  /** More columns a contains search (a column that is not a search vector) also matches, any one of them (a connected table's text columns). */
  also?: readonly string[];
}
export interface QueryState {
  q_page_limit: number;
  q_page_index: number;
  q_refresh_key: number;
  /** One entry per column (each column once in a sort); insertion order is the sort order. */
  q_orderby: Record<string, OrderBy>;
  q_predicates: Predicate[];
  q_text_search: TextSearch | null;
}

function isPageLimit(limit: unknown): limit is number {
  return typeof limit === "number" && Number.isSafeInteger(limit) && limit > 0;
}

export function initialQueryState(limit: number = DEFAULT_PAGE_LIMIT): QueryState {
  return {
    q_page_limit: isPageLimit(limit) ? limit : DEFAULT_PAGE_LIMIT,
    q_page_index: 0,
    q_refresh_key: 0,
    q_orderby: {},
    q_predicates: [],
    q_text_search: null,
  };
}

export type QueryAction =
  | { type: "page_limit"; limit: number }
  | { type: "page_index"; index: number; count?: number }
  | { type: "refresh" }
  | { type: "order_set"; order: OrderBy }
  | { type: "order_remove"; column: string }
  | { type: "order_clear" }
  | { type: "predicate_add"; predicate: Predicate }
  | { type: "predicate_update"; index: number; predicate: Partial<Predicate> }
  | { type: "predicate_remove"; index: number }
  | { type: "predicates_clear" }
  | { type: "text_search"; search: TextSearch | null }
  | { type: "reset"; limit?: number };

/** The last page's index for `count` rows, `ceil(count / limit) - 1`, at least 0. */
export function maxPageIndex(count: number, limit: number): number {
  if (!(count > 0) || !(limit > 0) || !Number.isFinite(count) || !Number.isFinite(limit)) return 0;
  return Math.max(0, Math.ceil(count / limit) - 1);
}

/** A predicate filters once it has an op, a column and a value; the emptiness tests need none. */
export function isPredicateFulfilled(p: Predicate): boolean {
  if (!p.op || !p.column) return false;
  if (p.op === "is_empty" || p.op === "is_not_empty") return true;
  return p.value !== null && p.value !== undefined;
}

function sameOrder(a: OrderBy, b: OrderBy): boolean {
  return a.column === b.column && a.ascending === b.ascending && a.nullsFirst === b.nullsFirst;
}
function samePredicate(a: Predicate, b: Predicate): boolean {
  return a.op === b.op && a.column === b.column && Object.is(a.value, b.value);
}
function sameSearch(a: TextSearch | null, b: TextSearch | null): boolean {
  if (a === null || b === null) return a === b;
  return a.column === b.column && a.query === b.query && a.type === b.type && (a.also ?? []).join("\u0000") === (b.also ?? []).join("\u0000");
}

/** The page after a filter change: the first one. */
function firstPage(state: QueryState, change: Partial<QueryState>): QueryState {
  return { ...state, ...change, q_page_index: 0 };
}

/** The next state; the same object when the action changes nothing. */
export function queryReducer(state: QueryState, action: QueryAction): QueryState {
  switch (action.type) {
    case "page_limit":
      if (!isPageLimit(action.limit) || action.limit === state.q_page_limit) return state;
      return { ...state, q_page_limit: action.limit, q_page_index: 0 };
    case "page_index": {
      if (!Number.isFinite(action.index)) return state;
      let index = Math.max(0, Math.floor(action.index));
      if (action.count !== undefined) index = Math.min(index, maxPageIndex(action.count, state.q_page_limit));
      return index === state.q_page_index ? state : { ...state, q_page_index: index };
    }
    case "refresh":
      return { ...state, q_refresh_key: state.q_refresh_key + 1 };
    case "order_set": {
      const current = state.q_orderby[action.order.column];
      if (current && sameOrder(current, action.order)) return state;
      return { ...state, q_orderby: { ...state.q_orderby, [action.order.column]: { ...action.order } } };
    }
    case "order_remove": {
      if (!Object.hasOwn(state.q_orderby, action.column)) return state;
      const { [action.column]: _removed, ...rest } = state.q_orderby;
      return { ...state, q_orderby: rest };
    }
    case "order_clear":
      return Object.keys(state.q_orderby).length === 0 ? state : { ...state, q_orderby: {} };
    case "predicate_add":
      return firstPage(state, { q_predicates: [...state.q_predicates, { ...action.predicate }] });
    case "predicate_update": {
      const current = state.q_predicates[action.index];
      if (!current) return state;
      const next = { ...current, ...action.predicate };
      if (samePredicate(current, next)) return state;
      return firstPage(state, { q_predicates: state.q_predicates.map((p, i) => (i === action.index ? next : p)) });
    }
    case "predicate_remove":
      if (!state.q_predicates[action.index]) return state;
      return firstPage(state, { q_predicates: state.q_predicates.filter((_, i) => i !== action.index) });
    case "predicates_clear":
      return state.q_predicates.length === 0 ? state : firstPage(state, { q_predicates: [] });
    case "text_search":
      if (sameSearch(state.q_text_search, action.search)) return state;
      return firstPage(state, { q_text_search: action.search && { ...action.search } });
    case "reset": {
      // The refresh key keeps counting, so nothing cached under an earlier key is taken for fresh.
      const next = { ...initialQueryState(action.limit), q_refresh_key: state.q_refresh_key };
      const unchanged = next.q_page_limit === state.q_page_limit && state.q_page_index === 0
        && state.q_predicates.length === 0 && Object.keys(state.q_orderby).length === 0 && state.q_text_search === null;
      return unchanged ? state : next;
    }
  }
}

const SEARCH_OPERATORS: Record<NonNullable<TextSearch["type"]> | "default", TextSearchOperator> = {
  default: "fts", plain: "plfts", phrase: "phfts", websearch: "wfts", prefix: "fts",
};

/**
 * The read the grid sends: fulfilled predicates and the text search (and-ed), the sort,
 * and the page as `limit` and `offset`, every column selected.
 */
export function queryStateToReadQuery(state: QueryState): ReadQuery {
  const where: Condition[] = state.q_predicates.filter(isPredicateFulfilled).map(predicateToFilter);
  const search = state.q_text_search;
  if (search && search.column && search.query.trim() !== "") {
    // Full-text search needs an indexed search vector (the server refuses it on a plain text
    // column): other search columns (sessions' visitor_id, customers' email) match a contains.
    const value = search.type === "prefix" ? prefixTsquery(search.query) : search.query;
    const contains = (column: string): Filter => ({ kind: "filter", column, negate: false, op: "ilike", value: `*${search.query.trim()}*` });
    if (search.column === SEARCH_COLUMN) where.push({ kind: "filter", column: search.column, negate: false, op: SEARCH_OPERATORS[search.type ?? "default"], value });
    else if (search.also?.length) where.push({ kind: "group", op: "or", negate: false, children: [search.column, ...search.also].map(contains) });
    else where.push(contains(search.column));
  }
  const order = Object.entries(state.q_orderby).map(([column, by]) => ({
    column,
    direction: by.ascending ? "asc" as const : "desc" as const,
    ...(by.nullsFirst === undefined ? {} : { nulls: by.nullsFirst ? "first" as const : "last" as const }),
  }));
  return {
    select: "*",
    where,
    order,
    limit: state.q_page_limit,
    offset: state.q_page_index * state.q_page_limit,
  };
}

/** The Data API parameters of the grid's read: `age=gt.30&name=ilike.*ada*&order=created_at.desc.nullslast&limit=100&offset=200`. */
export function queryStateToParams(state: QueryState): URLSearchParams {
  return serializeReadQuery(queryStateToReadQuery(state));
}
