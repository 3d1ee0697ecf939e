import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UI_OPERATORS } from "./column-format";
import { parseReadQuery } from "./postgrest-syntax";
import {
  DEFAULT_PAGE_LIMIT, initialQueryState, isPredicateFulfilled, maxPageIndex, PAGE_SIZES, queryReducer,
  queryStateToParams, queryStateToReadQuery, type Predicate, type QueryAction, type QueryState,
} from "./query-state";

const on = (state: QueryState, ...actions: QueryAction[]) => actions.reduce(queryReducer, state);
const paged = (index: number, limit = 10) => ({ ...initialQueryState(limit), q_page_index: index });
const ada: Predicate = { op: "contains", column: "name", value: "ada" };

describe("initialQueryState", () => {
  it("starts on the first page of the default size with nothing set", () => {
    expect(initialQueryState()).toEqual({
      q_page_limit: DEFAULT_PAGE_LIMIT, q_page_index: 0, q_refresh_key: 0, q_orderby: {}, q_predicates: [], q_text_search: null,
    });
    expect(initialQueryState(500).q_page_limit).toBe(500);
    expect([initialQueryState(0), initialQueryState(-1), initialQueryState(1.5), initialQueryState(NaN)].map((s) => s.q_page_limit))
      .toEqual([100, 100, 100, 100]);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_LIMIT);
  });
});

describe("queryReducer: pages", () => {
  it("a new page size goes back to the first page", () => {
    expect(on(paged(3), { type: "page_limit", limit: 500 })).toEqual({ ...paged(0), q_page_limit: 500 });
  });

  it("keeps the same object when nothing changes", () => {
    const state = paged(3);
    for (const action of [
      { type: "page_limit", limit: 10 }, { type: "page_limit", limit: 0 }, { type: "page_limit", limit: 2.5 },
      { type: "page_index", index: 3 }, { type: "page_index", index: NaN }, { type: "order_remove", column: "x" },
      { type: "order_clear" }, { type: "predicate_update", index: 0, predicate: { value: 1 } },
      { type: "predicate_remove", index: 0 }, { type: "predicate_remove", index: -1 }, { type: "predicates_clear" },
      { type: "text_search", search: null },
    ] as QueryAction[]) {
      expect(queryReducer(state, action), action.type).toBe(state);
    }
  });

  it("moves to a page, clamped to the pages the count has", () => {
    expect(on(paged(0), { type: "page_index", index: 4 }).q_page_index).toBe(4);
    expect(on(paged(0), { type: "page_index", index: 4, count: 35 }).q_page_index).toBe(3);
    expect(on(paged(0), { type: "page_index", index: 3, count: 40 }).q_page_index).toBe(3);
    expect(on(paged(0), { type: "page_index", index: 4, count: 40 }).q_page_index).toBe(3);
    expect(on(paged(2), { type: "page_index", index: 9, count: 0 }).q_page_index).toBe(0);
    expect(on(paged(2), { type: "page_index", index: -5 }).q_page_index).toBe(0);
    expect(on(paged(0), { type: "page_index", index: 2.7 }).q_page_index).toBe(2);
  });

  it("computes the last page as ceil(count / limit) - 1, at least 0", () => {
    expect([maxPageIndex(0, 10), maxPageIndex(1, 10), maxPageIndex(10, 10), maxPageIndex(11, 10), maxPageIndex(1000, 100)])
      .toEqual([0, 0, 0, 1, 9]);
    expect([maxPageIndex(-5, 10), maxPageIndex(5, 0), maxPageIndex(NaN, 10), maxPageIndex(Infinity, 10)]).toEqual([0, 0, 0, 0]);
    fc.assert(fc.property(fc.nat(1e9), fc.integer({ min: 1, max: 1000 }), (count, limit) => {
      const last = maxPageIndex(count, limit);
      expect(last * limit).toBeLessThan(Math.max(count, 1));
      expect((last + 1) * limit).toBeGreaterThanOrEqual(count);
    }));
  });

  it("refresh bumps the key and keeps the rest", () => {
    const state = paged(2);
    expect(on(state, { type: "refresh" }, { type: "refresh" })).toEqual({ ...state, q_refresh_key: 2 });
  });
});

describe("queryReducer: sort", () => {
  it("keeps each column once, in the order first set, changing a direction in place", () => {
    const state = on(initialQueryState(),
      { type: "order_set", order: { column: "a", ascending: true } },
      { type: "order_set", order: { column: "b", ascending: false, nullsFirst: true } },
      { type: "order_set", order: { column: "a", ascending: false } });
    expect(Object.values(state.q_orderby)).toEqual([
      { column: "a", ascending: false }, { column: "b", ascending: false, nullsFirst: true },
    ]);
    expect(queryReducer(state, { type: "order_set", order: { column: "a", ascending: false } })).toBe(state);
    expect(Object.keys(on(state, { type: "order_remove", column: "a" }).q_orderby)).toEqual(["b"]);
    expect(on(state, { type: "order_clear" }).q_orderby).toEqual({});
  });

  it("does not move the page", () => {
    expect(on(paged(3), { type: "order_set", order: { column: "a", ascending: true } }).q_page_index).toBe(3);
  });
});

describe("queryReducer: predicates and text search go back to the first page", () => {
  it("on add, update, remove and clear", () => {
    const added = on(paged(3), { type: "predicate_add", predicate: ada });
    expect(added).toEqual({ ...paged(0), q_predicates: [ada] });
    const updated = on({ ...added, q_page_index: 2 }, { type: "predicate_update", index: 0, predicate: { value: "bob" } });
    expect(updated).toEqual({ ...paged(0), q_predicates: [{ ...ada, value: "bob" }] });
    expect(on({ ...updated, q_page_index: 2 }, { type: "predicate_remove", index: 0 })).toEqual(paged(0));
    expect(on({ ...updated, q_page_index: 2 }, { type: "predicates_clear" })).toEqual(paged(0));
  });

  it("on a new text search, and not on the same one", () => {
    const search = { column: "name", query: "ada", type: "websearch" as const };
    const searched = on(paged(3), { type: "text_search", search });
    expect(searched).toEqual({ ...paged(0), q_text_search: search });
    const again = { ...searched, q_page_index: 1 };
    expect(queryReducer(again, { type: "text_search", search: { ...search } })).toBe(again);
    expect(on(again, { type: "text_search", search: null })).toEqual(paged(0));
  });

  it("does not share the predicate or search objects it was given", () => {
    const predicate = { ...ada };
    const state = on(initialQueryState(), { type: "predicate_add", predicate });
    predicate.value = "changed";
    expect(state.q_predicates[0]!.value).toBe("ada");
  });
});

describe("queryReducer: reset (a table switch)", () => {
  it("starts over, keeping the refresh key counting", () => {
    const busy = on(paged(3), { type: "refresh" }, { type: "predicate_add", predicate: ada },
      { type: "order_set", order: { column: "a", ascending: true } }, { type: "text_search", search: { column: "a", query: "x" } });
    expect(on(busy, { type: "reset" })).toEqual({ ...initialQueryState(), q_refresh_key: 1 });
    expect(on(busy, { type: "reset", limit: 500 })).toEqual({ ...initialQueryState(500), q_refresh_key: 1 });
    const fresh = initialQueryState();
    expect(queryReducer(fresh, { type: "reset" })).toBe(fresh);
  });
});

describe("isPredicateFulfilled", () => {
  it("needs an op, a column and a value that is not null or undefined", () => {
    expect(isPredicateFulfilled(ada)).toBe(true);
    expect(isPredicateFulfilled({ op: "eq", column: "a", value: "" })).toBe(true);
    expect(isPredicateFulfilled({ op: "eq", column: "a", value: 0 })).toBe(true);
    expect(isPredicateFulfilled({ op: "eq", column: "a", value: false })).toBe(true);
    expect(isPredicateFulfilled({ op: "eq", column: "a", value: null })).toBe(false);
    expect(isPredicateFulfilled({ op: "eq", column: "a", value: undefined })).toBe(false);
    expect(isPredicateFulfilled({ op: "eq", column: "", value: "x" })).toBe(false);
    expect(isPredicateFulfilled({ op: "" as "eq", column: "a", value: "x" })).toBe(false);
  });

  it("needs no value for is_empty and is_not_empty", () => {
    expect(isPredicateFulfilled({ op: "is_empty", column: "a", value: undefined })).toBe(true);
    expect(isPredicateFulfilled({ op: "is_not_empty", column: "a", value: null })).toBe(true);
    expect(isPredicateFulfilled({ op: "is_empty", column: "", value: null })).toBe(false);
  });
});

describe("queryStateToReadQuery and queryStateToParams", () => {
  const typical: QueryState = {
    ...initialQueryState(100),
    q_page_index: 2,
    q_predicates: [{ op: "gt", column: "age", value: 30 }, { op: "contains", column: "name", value: "ada" }, { op: "eq", column: "city", value: null }],
    q_orderby: { created_at: { column: "created_at", ascending: false, nullsFirst: false } },
  };

  it("writes the typical grid read as PostgREST parameters", () => {
    expect(queryStateToParams(typical).toString()).toBe("age=gt.30&name=ilike.*ada*&order=created_at.desc.nullslast&limit=100&offset=200");
  });

  it("maps fulfilled predicates, the sort and the page, selecting every column", () => {
    expect(queryStateToReadQuery(typical)).toEqual({
      select: "*",
      where: [
        { kind: "filter", column: "age", negate: false, op: "gt", value: "30" },
        { kind: "filter", column: "name", negate: false, op: "ilike", value: "*ada*" },
      ],
      order: [{ column: "created_at", direction: "desc", nulls: "last" }],
      limit: 100,
      offset: 200,
    });
    expect(queryStateToReadQuery(initialQueryState())).toEqual({ select: "*", where: [], order: [], limit: 100, offset: 0 });
  });

  it("writes directions and nulls, leaving nulls out when unset", () => {
    const state = on(initialQueryState(), { type: "order_set", order: { column: "b", ascending: true } },
      { type: "order_set", order: { column: "a", ascending: true, nullsFirst: true } });
    expect(queryStateToReadQuery(state).order).toStrictEqual([
      { column: "b", direction: "asc" }, { column: "a", direction: "asc", nulls: "first" },
    ]);
  });

  it("turns the text search into the full-text operator of its type", () => {
    const search = (type?: "plain" | "phrase" | "websearch") => queryStateToReadQuery({
      ...initialQueryState(), q_text_search: { column: "__fw_search", query: "cat dog", ...(type ? { type } : {}) },
    }).where;
    expect(search()).toEqual([{ kind: "filter", column: "__fw_search", negate: false, op: "fts", value: "cat dog" }]);
    expect(search("plain")[0]).toMatchObject({ op: "plfts" });
    expect(search("phrase")[0]).toMatchObject({ op: "phfts" });
    expect(search("websearch")[0]).toMatchObject({ op: "wfts" });
    expect(queryStateToReadQuery({ ...initialQueryState(), q_text_search: { column: "doc", query: "  " } }).where).toEqual([]);
  });

  it("searches a column that is not a search vector with a contains (full text needs the index)", () => {
    const where = queryStateToReadQuery({ ...initialQueryState(), q_text_search: { column: "email", query: " ada@ ", type: "websearch" } }).where;
    expect(where).toEqual([{ kind: "filter", column: "email", negate: false, op: "ilike", value: "*ada@*" }]);
  });

  it("writes parameters the Data API parser reads back to the same query, for every UI operator", () => {
    const values = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }));
    const predicate = fc.record({ op: fc.constantFrom(...UI_OPERATORS), column: fc.string({ minLength: 1 }), value: values })
      .map((p) => (p.op === "is" ? { ...p, value: "null" } : p));
    fc.assert(fc.property(fc.array(predicate, { maxLength: 5 }), fc.nat(50), fc.constantFrom(...PAGE_SIZES), (predicates, page, limit) => {
      const state = { ...initialQueryState(limit), q_page_index: page, q_predicates: predicates };
      expect(parseReadQuery(new URLSearchParams(queryStateToParams(state).toString()))).toEqual(queryStateToReadQuery(state));
    }));
  });
});

describe("a contains search over several columns", () => {
  it("matches any of them, and a change of columns is a new search", () => {
    const state = queryReducer(initialQueryState(), { type: "text_search", search: { column: "title", query: " ada ", type: "prefix", also: ["isbn"] } });
    expect(queryStateToReadQuery(state).where).toEqual([{ kind: "group", op: "or", negate: false, children: [
      { kind: "filter", column: "title", negate: false, op: "ilike", value: "*ada*" },
      { kind: "filter", column: "isbn", negate: false, op: "ilike", value: "*ada*" },
    ] }]);
    expect(queryStateToParams(state).get("or")).toBe("(title.ilike.*ada*,isbn.ilike.*ada*)");
    expect(queryReducer(state, { type: "text_search", search: { column: "title", query: " ada ", type: "prefix", also: ["isbn"] } })).toBe(state);
    expect(queryReducer(state, { type: "text_search", search: { column: "title", query: " ada ", type: "prefix" } })).not.toBe(state);
  });
});
