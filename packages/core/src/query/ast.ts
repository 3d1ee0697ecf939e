/**
 * A read of one table in PostgREST terms, after parsing and before SQL: which columns, which
 * rows (a tree of filters), in which order, which slice. The parser (`postgrest-syntax.ts`)
 * makes it from a URL, the query state (`query-state.ts`) makes it from the grid's state, and
 * the server's SQL builder turns it into bound SQL against a column catalog.
 *
 * Values stay text here, as PostgREST keeps them: the server binds each one and casts it to
 * the column's type, so `age=gt.30` compares numbers and `born=gt.2000-01-01` dates.
 */

/** Comparisons that take one value. `like`/`ilike` values use `*` as the wildcard (kept as typed). */
export const COMPARISON_OPERATORS = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike"] as const;
/** Containment: arrays (`{a,b}`), JSON (`{"k":1}`) and ranges (`[1,5)`), as a Postgres literal. */
export const CONTAINMENT_OPERATORS = ["cs", "cd", "ov"] as const;
/** Full-text search: to_tsquery, plainto_tsquery, phraseto_tsquery, websearch_to_tsquery. */
export const TEXT_SEARCH_OPERATORS = ["fts", "plfts", "phfts", "wfts"] as const;

export const FILTER_OPERATORS = [
  ...COMPARISON_OPERATORS, "is", "in", ...CONTAINMENT_OPERATORS, ...TEXT_SEARCH_OPERATORS,
] as const;

export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type ContainmentOperator = (typeof CONTAINMENT_OPERATORS)[number];
export type TextSearchOperator = (typeof TEXT_SEARCH_OPERATORS)[number];
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** What `is` may test: `is.null`, `is.true`, `is.false`, `is.unknown`. */
export const IS_VALUES = ["null", "true", "false", "unknown"] as const;
export type IsValue = (typeof IS_VALUES)[number];

interface FilterBase {
  column: string;
  /** The `not.` prefix: `age=not.gt.30`. */
  negate: boolean;
}

export type Filter =
  | (FilterBase & { kind: "filter"; op: ComparisonOperator; value: string })
  | (FilterBase & { kind: "filter"; op: "is"; value: IsValue })
  | (FilterBase & { kind: "filter"; op: "in"; value: string[] })
  | (FilterBase & { kind: "filter"; op: ContainmentOperator; value: string })
  /** `config` is the text search configuration of `fts(english).cat`, when given. */
  | (FilterBase & { kind: "filter"; op: TextSearchOperator; value: string; config?: string });

/** `or=(…)`, `and=(…)`, `not.or=(…)` and the nested `and(…)` / `or(…)` inside them. */
export interface FilterGroup {
  kind: "group";
  op: "and" | "or";
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | FilterGroup;

export interface OrderTerm {
  column: string;
  direction: "asc" | "desc";
  /** Absent: Postgres' default (nulls last ascending, first descending). */
  nulls?: "first" | "last";
}

/** One entry of `select=`: a column, optionally renamed (`alias:column`). */
export interface SelectItem {
  column: string;
  alias?: string;
}

export interface ReadQuery {
  /** `"*"`: every visible column of the table. */
  select: "*" | SelectItem[];
  /** Conditions that all hold (the top-level query parameters are and-ed). */
  where: Condition[];
  order: OrderTerm[];
  /** Rows to return at most; absent: the server's maximum. */
  limit?: number;
  /** Rows to skip. */
  offset?: number;
}

/** `Prefer: count=…`: exact, planned (the planner's estimate) or estimated (exact when small). */
export const COUNT_MODES = ["exact", "planned", "estimated"] as const;
export type CountMode = (typeof COUNT_MODES)[number];
