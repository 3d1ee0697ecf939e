/**
 * ReadQuery → SQL. Identifiers are quoted by Kysely (`sql.id`), every value is a bound
 * parameter cast to its column's type, and every column and operator is checked against the
 * catalog first, so nothing a caller writes reaches the SQL text.
 */
import {
  FieldworkError, filterProblem, IS_VALUES, type Condition, type Filter, type OrderTerm, type ReadQuery, type TextSearchOperator,
} from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { searchMatchSql } from "../tables/search-vector";
import { columnOf, type CatalogColumn, type TableCatalog } from "./catalog";

type Sql = RawBuilder<unknown>;

const quoteName = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

export function resolveColumn(catalog: TableCatalog, name: string): CatalogColumn {
  const column = columnOf(catalog, name);
  if (!column) throw new FieldworkError("COLUMN_NOT_FOUND", `The table ${quoteName(catalog.name)} has no column ${quoteName(name)}.`);
  return column;
}

/** `"t"."column"`: every query reads its source under the alias `t`. */
export const columnRef = (name: string): Sql => sql.id("t", name);

const typeOf = (column: CatalogColumn): Sql => sql.raw(column.sql_type);

/** A Postgres array literal of text items, each quoted: `{"a","b\"c"}`. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

const COMPARE = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=", like: "like", ilike: "ilike" } as const;
const CONTAIN = { cs: "@>", cd: "<@", ov: "&&" } as const;
const TSQUERY: Record<TextSearchOperator, string> = {
  fts: "to_tsquery", plfts: "plainto_tsquery", phfts: "phraseto_tsquery", wfts: "websearch_to_tsquery",
};

function filterSql(catalog: TableCatalog, filter: Filter): Sql {
  const column = resolveColumn(catalog, filter.column);
  const problem = filterProblem(column, filter);
  if (problem) throw new FieldworkError("OPERATOR_NOT_ALLOWED", problem);
  const ref = columnRef(column.name);
  // Bound as text and cast by Postgres, so both backends read a value with its type's own
  // input function (PGlite's client would otherwise refuse `eq.tr` for a boolean itself).
  const cast = (value: string) => sql`${value}::text::${typeOf(column)}`;
  let condition: Sql;
  switch (filter.op) {
    case "like": case "ilike":
      condition = sql`${ref} ${sql.raw(COMPARE[filter.op])} ${filter.value.replaceAll("*", "%")}`;
      break;
    case "eq": case "neq": case "gt": case "gte": case "lt": case "lte":
      condition = sql`${ref} ${sql.raw(COMPARE[filter.op])} ${cast(filter.value)}`;
      break;
    case "is":
      if (!IS_VALUES.includes(filter.value)) throw new FieldworkError("QUERY_INVALID", `is.${filter.value} is not one of is.null, is.true, is.false, is.unknown.`);
      condition = sql`${ref} is ${sql.raw(filter.value)}`;
      break;
    case "in":
      condition = filter.value.length === 0
        ? sql`false`
        : sql`${ref} = any(${arrayLiteral(filter.value)}::text::${typeOf(column)}[])`;
      break;
    case "cs": case "cd": case "ov":
      condition = sql`${ref} ${sql.raw(CONTAIN[filter.op])} ${cast(filter.value)}`;
      break;
    case "fts": case "plfts": case "phfts": case "wfts": {
      // Computing a vector per row of a text column reads the whole table (seconds at 200k
      // rows, PGlite frozen meanwhile): only an indexed search vector is searched.
      if (column.format !== "tsvector") {
        throw new FieldworkError("TEXT_SEARCH_NOT_INDEXED", `The column ${quoteName(column.name)} has no text search index: search the table's __fw_search column, or use ilike for a pattern.`);
      }
      const config = filter.config ?? column.search_config;
      const fn = sql.raw(TSQUERY[filter.op]);
      const query = config ? sql`${fn}(${config}::regconfig, ${filter.value})` : sql`${fn}(${filter.value})`;
      condition = searchMatchSql(ref, column.search_sources, columnRef, query);
      break;
    }
  }
  return filter.negate ? sql`not (${condition})` : condition;
}

export function conditionSql(catalog: TableCatalog, condition: Condition): Sql {
  if (condition.kind === "filter") return filterSql(catalog, condition);
  const parts = condition.children.map((child) => sql`(${conditionSql(catalog, child)})`);
  const joined = parts.length === 0
    ? sql.raw(condition.op === "and" ? "true" : "false")
    : sql.join(parts, sql.raw(condition.op === "and" ? " and " : " or "));
  return condition.negate ? sql`not (${joined})` : joined;
}

/** The `where` of a query: the top-level conditions and-ed, `true` when there are none. */
export function whereSql(catalog: TableCatalog, where: readonly Condition[]): Sql {
  return conditionSql(catalog, { kind: "group", op: "and", negate: false, children: [...where] });
}

/**
 * The order a query really runs in: its terms (or the table's default order), then the key
 * as a tiebreaker in the last term's direction, unless a unique column already decides, so
 * pages never overlap or skip rows and an index on (column, key) serves the sort.
 */
export function effectiveOrder(catalog: TableCatalog, order: readonly OrderTerm[]): OrderTerm[] {
  const seen = new Set<string>();
  const terms = (order.length ? order : catalog.default_order).map((term) => {
    const column = resolveColumn(catalog, term.column);
    if (seen.has(column.name)) throw new FieldworkError("QUERY_INVALID", `The order names ${quoteName(column.name)} twice.`);
    seen.add(column.name);
    return term;
  });
  if (terms.some((term) => columnOf(catalog, term.column)?.unique)) return terms;
  const direction = terms.at(-1)?.direction ?? "asc";
  return [...terms, ...catalog.key.filter((k) => !seen.has(k)).map((column) => ({ column, direction }))];
}

export function orderSql(order: readonly OrderTerm[]): Sql {
  if (order.length === 0) return sql`1`;
  return sql.join(order.map((term) => {
    const nulls = term.nulls ? sql.raw(` nulls ${term.nulls}`) : sql``;
    return sql`${columnRef(term.column)} ${sql.raw(term.direction)}${nulls}`;
  }));
}

/** The select list: `*` is every visible column; names are checked, aliases quoted. */
export function selectSql(catalog: TableCatalog, select: ReadQuery["select"]): Sql {
  const items = select === "*"
    ? catalog.columns.filter((c) => !c.hidden).map((c) => ({ column: c.name, alias: undefined as string | undefined }))
    : select.map((item) => ({ column: resolveColumn(catalog, item.column).name, alias: item.alias }));
  if (items.length === 0) return sql`null as "?"`;
  return sql.join(items.map(({ column, alias }) => (
    alias && alias !== column ? sql`${columnRef(column)} as ${sql.id(alias)}` : columnRef(column)
  )));
}

export interface PageSlice {
  /** Rows at most; `null` for all of them (exports). */
  limit: number | null;
  offset: number;
  /**
   * The filter matches few rows: find them through the filter's own index, sort their keys,
   * then read the page's rows (`offset 0` keeps the planner from walking the sort index).
   */
  fence?: boolean;
}

/**
 * The rows of one page, in order. A page past the first, or sorted by the caller, pages
 * through a subquery of keys and joins back, so skipped rows are never read whole.
 */
export function pageSql(catalog: TableCatalog, query: ReadQuery, slice: PageSlice): Sql {
  const filter = whereSql(catalog, query.where);
  const terms = effectiveOrder(catalog, query.order);
  const order = orderSql(terms);
  const select = selectSql(catalog, query.select);
  const limit = slice.limit === null ? sql`` : sql` limit ${slice.limit}`;
  const offset = slice.offset > 0 ? sql` offset ${slice.offset}` : sql``;
  const [key] = catalog.key;
  const keyed = key !== undefined && catalog.key.length === 1 && slice.limit !== null;
  if (slice.fence && keyed) {
    // The few matching rows narrowed to their key and sort columns, sorted, and only the
    // page's rows read whole.
    const narrow = [...new Set([key, ...terms.map((t) => t.column)])].map((c) => columnRef(c));
    const matches = sql`(select ${sql.join(narrow)} from ${catalog.from} as t where ${filter} offset 0)`;
    const keys = sql`select ${columnRef(key)} from ${matches} as t order by ${order}${limit}${offset}`;
    return sql`select ${select} from ${catalog.from} as t where ${columnRef(key)} = any(array(${keys})) order by ${order}`;
  }
  // A page past the first, or a sort the caller chose (its column may have no index, and a
  // top-N sort of narrow key rows is far cheaper than of whole rows), picks its keys first.
  // (An export reads every row after the offset anyway: a plain OFFSET serves it.)
  if ((slice.offset > 0 || query.order.length > 0) && keyed) {
    const keys = sql`select ${columnRef(key)} from ${catalog.from} as t where ${filter} order by ${order}${limit}${offset}`;
    return sql`select ${select} from ${catalog.from} as t where ${columnRef(key)} = any(array(${keys})) order by ${order}`;
  }
  return sql`select ${select} from ${catalog.from} as t where ${filter} order by ${order}${limit}${offset}`;
}
