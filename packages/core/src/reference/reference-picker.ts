/**
 * The Search Reference side sheet's query (spec 3 "Search Reference side sheet", spec 1 §3.10
 * relation query state) as Data API parameters: a text search on one column (websearch on a
 * tsvector column, a case-insensitive contains on text), filters, an order and a page.
 */
import { REFERENCE_LIMITS } from "./reference-config";

export interface RelationPredicate { column: string; op: "eq" | "neq" | "gt" | "lt" | "ilike"; value: string }

export interface RelationQueryState {
  q_page_limit: number;
  q_page_index: number;
  q_orderby: { column: string; ascending: boolean } | null;
  q_predicates: RelationPredicate[];
  q_text_search: { column: string; query: string; websearch: boolean } | null;
}

/** Spec 1 §9: the default relation page limit is 100 and the page index starts at 0. */
export const DEFAULT_RELATION_QUERY: RelationQueryState = {
  q_page_limit: REFERENCE_LIMITS.page_size, q_page_index: 0, q_orderby: null, q_predicates: [], q_text_search: null,
};

export const RELATION_PAGE_SIZES = [10, 20, 50, 100] as const;

const literal = (value: string) => value.replace(/[*%_\\]/g, " ");

export function relationQueryParams(state: RelationQueryState): URLSearchParams {
  const params = new URLSearchParams();
  params.set("select", "*");
  const search = state.q_text_search;
  if (search && search.query.trim()) {
    params.append(search.column, search.websearch ? `wfts.${search.query.trim()}` : `ilike.*${literal(search.query.trim())}*`);
  }
  for (const p of state.q_predicates) {
    if (!p.column || p.value === "") continue;
    params.append(p.column, p.op === "ilike" ? `ilike.*${literal(p.value)}*` : `${p.op}.${p.value}`);
  }
  if (state.q_orderby) params.set("order", `${state.q_orderby.column}.${state.q_orderby.ascending ? "asc" : "desc"}`);
  const limit = Math.min(Math.max(1, state.q_page_limit), REFERENCE_LIMITS.page_size);
  params.set("limit", String(limit));
  params.set("offset", String(Math.max(0, state.q_page_index) * limit));
  return params;
}

/** Spec 2 §4: a page-limit change, a predicate change and a text search change reset the page to 0. */
export function withRelationChange(state: RelationQueryState, change: Partial<Omit<RelationQueryState, "q_page_index">>): RelationQueryState {
  return { ...state, ...change, q_page_index: 0 };
}
