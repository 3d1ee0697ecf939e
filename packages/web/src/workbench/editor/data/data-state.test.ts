import { describe, expect, it } from "vitest";
import { initialQueryState } from "@fieldwork/core";
import type { Row } from "../../api/data-api";
import { dataReducer, initDataState, shownRows, type DataAction, type DataState } from "./data-state";

const run = (state: DataState, ...actions: DataAction[]) => actions.reduce(dataReducer, state);
const rows = (...ids: string[]): Row[] => ids.map((id, i) => ({ id, local_index: i + 1, name: `name ${id}` }));
const start = () => initDataState(initialQueryState(10));
/** A table showing rows a, b, c of 30, answered to read 1. */
const ready = () => run(start(), { type: "read", request: 1, background: false }, { type: "loaded", request: 1, rows: rows("a", "b", "c") }, { type: "counted", request: 1, count: { exact: true, total: 30 } });

describe("dataReducer: reads", () => {
  it("starts loading, with no rows, no count and nothing selected", () => {
    expect(start()).toMatchObject({ status: "loading", refreshing: false, error: null, rows: [], count: null, pending: {}, panel: null, request: 0 });
    expect(start().selected.size).toBe(0);
  });

  it("shows the rows and the count of the read in flight", () => {
    const state = ready();
    expect(state).toMatchObject({ status: "ready", refreshing: false, request: 1, count: 30 });
    expect(state.rows.map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("keeps the rows on screen while the next read runs", () => {
    const state = run(ready(), { type: "read", request: 2, background: false });
    expect(state).toMatchObject({ status: "ready", refreshing: true, request: 2 });
    expect(state.rows).toHaveLength(3);
  });

  it("ignores the answer of a read that a newer one replaced", () => {
    const state = run(ready(), { type: "read", request: 2, background: false }, { type: "read", request: 3, background: false });
    expect(run(state, { type: "loaded", request: 2, rows: rows("x") })).toBe(state);
    expect(run(state, { type: "failed", request: 2, message: "Network error" })).toBe(state);
    expect(run(state, { type: "counted", request: 2, count: { exact: true, total: 999 } })).toBe(state);
    const answered = run(state, { type: "loaded", request: 3, rows: rows("d") }, { type: "counted", request: 3, count: { exact: true, total: 11 } });
    expect(answered.rows.map((r) => r.id)).toEqual(["d"]);
    expect(answered.count).toBe(11);
    // The older answer, arriving late, changes nothing.
    expect(run(answered, { type: "loaded", request: 2, rows: rows("x") }, { type: "counted", request: 2, count: { exact: true, total: 999 } })).toBe(answered);
  });

  it("drops the count of an earlier read even when there is none yet (another filter's count; the later read counts again)", () => {
    const state = run(start(), { type: "read", request: 1, background: false }, { type: "read", request: 2, background: false });
    expect(run(state, { type: "counted", request: 1, count: { exact: true, total: 30 } }).count).toBeNull();
    expect(run(state, { type: "counted", request: 2, count: { exact: true, total: 12 } }).count).toBe(12);
  });

  it("drops the total when a read counts again (a new filter or search), keeps it when paging", () => {
    expect(run(ready(), { type: "read", request: 2, background: false }).count).toBe(30);
    expect(run(ready(), { type: "read", request: 2, background: false, recount: true }).count).toBeNull();
    expect(run(ready(), { type: "read", request: 2, background: true, recount: true }).count).toBe(30);
  });

  it("keeps no total when the count is open-ended, and an exact count replaces it", () => {
    const open = run(ready(), { type: "read", request: 2, background: false }, { type: "counted", request: 2, count: { exact: false, moreThan: 100_000 } });
    expect([open.count, open.openCount]).toEqual([null, { moreThan: 100_000 }]);
    const exact = run(open, { type: "read", request: 3, background: false }, { type: "counted", request: 3, count: { exact: true, total: 7 } });
    expect([exact.count, exact.openCount]).toEqual([7, null]);
  });

  it("a background read (Refresh, live rows) keeps the rows, the status and the error until it answers", () => {
    const failedOnce = run(ready(), { type: "read", request: 2, background: false }, { type: "failed", request: 2, message: "Timeout" });
    const state = run(failedOnce, { type: "read", request: 3, background: true });
    expect(state).toMatchObject({ status: "ready", refreshing: true, error: "Timeout", request: 3 });
    expect(state.rows).toBe(failedOnce.rows);
    expect(run(state, { type: "loaded", request: 3, rows: rows("a", "b", "c", "d") })).toMatchObject({ refreshing: false, error: null });
  });

  it("a failed first read shows the failure; a failed later read keeps the rows with the message", () => {
    expect(run(start(), { type: "read", request: 1, background: false }, { type: "failed", request: 1, message: "Forbidden" }))
      .toMatchObject({ status: "failed", refreshing: false, error: "Forbidden", rows: [] });
    const later = run(ready(), { type: "read", request: 2, background: false }, { type: "failed", request: 2, message: "Timeout" });
    expect(later).toMatchObject({ status: "ready", refreshing: false, error: "Timeout" });
    expect(later.rows).toHaveLength(3);
  });

  it("reading again after a failure loads afresh and clears the message", () => {
    const failed = run(start(), { type: "read", request: 1, background: false }, { type: "failed", request: 1, message: "Forbidden" });
    expect(run(failed, { type: "read", request: 2, background: false })).toMatchObject({ status: "loading", error: null, refreshing: true });
  });
});

describe("dataReducer: selection", () => {
  it("keeps selected only the rows still on the page after a read", () => {
    const state = run(ready(), { type: "select", ids: new Set(["a", "c"]) }, { type: "read", request: 2, background: true });
    const next = run(state, { type: "loaded", request: 2, rows: rows("c", "d") });
    expect([...next.selected]).toEqual(["c"]);
  });

  it("keeps the same selection when every selected row is still there", () => {
    const state = run(ready(), { type: "select", ids: new Set(["a", "b"]) }, { type: "read", request: 2, background: true });
    expect(run(state, { type: "loaded", request: 2, rows: rows("b", "a", "z") }).selected).toBe(state.selected);
  });

  it("reads numeric ids as the text the selection holds", () => {
    const state = run(start(), { type: "read", request: 1, background: false }, { type: "select", ids: new Set(["7", "8"]) });
    expect([...run(state, { type: "loaded", request: 1, rows: [{ id: 7 }, { id: 9 }] }).selected]).toEqual(["7"]);
  });
});

describe("dataReducer: deletes", () => {
  it("removes the deleted rows, lowers the count by them and clears them from the selection", () => {
    const state = run(ready(), { type: "select", ids: new Set(["a", "b", "c"]) }, { type: "deleted", ids: ["a", "c"] });
    expect(state.rows.map((r) => r.id)).toEqual(["b"]);
    expect(state.count).toBe(28);
    expect([...state.selected]).toEqual(["b"]);
  });

  it("never counts below zero and leaves an unknown count unknown", () => {
    const few = run(ready(), { type: "counted", request: 1, count: { exact: true, total: 1 } }, { type: "deleted", ids: ["a", "b"] });
    expect(few.count).toBe(0);
    const uncounted = run(start(), { type: "read", request: 1, background: false }, { type: "loaded", request: 1, rows: rows("a") }, { type: "deleted", ids: ["a"] });
    expect(uncounted.count).toBeNull();
    expect(uncounted.rows).toEqual([]);
  });
});

describe("dataReducer: edits", () => {
  const editing = () => run(ready(), { type: "edit", id: "b", values: { name: "Ada" } });

  it("shows an edit at once, before the server answers", () => {
    const state = editing();
    expect(state.rows.find((r) => r.id === "b")?.name).toBe("name b");
    expect(shownRows(state).find((r) => r.id === "b")?.name).toBe("Ada");
    expect(shownRows(state).filter((r) => r.id !== "b")).toEqual(state.rows.filter((r) => r.id !== "b"));
  });

  it("gathers several edits of one row", () => {
    const state = run(editing(), { type: "edit", id: "b", values: { age: 36 } }, { type: "edit", id: "b", values: { name: "Grace" } });
    expect(state.pending).toEqual({ b: { name: "Grace", age: 36 } });
    expect(shownRows(state)[1]).toEqual({ id: "b", local_index: 2, name: "Grace", age: 36 });
  });

  it("rolls back to the original values when the server refuses", () => {
    const state = run(editing(), { type: "edit_settled", id: "b", row: null });
    expect(state.pending).toEqual({});
    expect(shownRows(state).find((r) => r.id === "b")?.name).toBe("name b");
  });

  it("keeps the row the server stored when it accepts", () => {
    const state = run(editing(), { type: "edit_settled", id: "b", row: { id: "b", name: "Ada", updated_by_trigger: true } });
    expect(state.pending).toEqual({});
    expect(state.rows[1]).toEqual({ id: "b", local_index: 2, name: "Ada", updated_by_trigger: true });
    expect(shownRows(state)).toBe(state.rows);
  });

  it("a read answering during the edit keeps the edit shown on the new rows", () => {
    const state = run(editing(), { type: "read", request: 2, background: true }, { type: "loaded", request: 2, rows: rows("a", "b") });
    expect(shownRows(state).find((r) => r.id === "b")?.name).toBe("Ada");
  });

  it("shows the rows themselves when nothing is pending", () => {
    const state = ready();
    expect(shownRows(state)).toBe(state.rows);
  });
});

describe("dataReducer: saved records", () => {
  it("adds a new record to the page and to the count", () => {
    const state = run(ready(), { type: "saved", row: { id: "n", local_index: 31, name: "New" } });
    expect(state.rows.map((r) => r.id)).toEqual(["a", "b", "c", "n"]);
    expect(state.count).toBe(31);
  });

  it("replaces a record it already shows, without counting it again", () => {
    const state = run(ready(), { type: "saved", row: { id: "b", local_index: 2, name: "Renamed" } });
    expect(state.rows[1]).toEqual({ id: "b", local_index: 2, name: "Renamed" });
    expect(state.rows).toHaveLength(3);
    expect(state.count).toBe(30);
  });

  it("leaves an unknown count unknown", () => {
    const state = run(start(), { type: "saved", row: { id: "n" } });
    expect(state.count).toBeNull();
    expect(state.rows).toEqual([{ id: "n" }]);
  });
});

describe("dataReducer: the query", () => {
  it("goes back to the first page when a filter changes, through core's reset rules", () => {
    const paged = run(ready(), { type: "query", action: { type: "page_index", index: 2 } });
    expect(paged.query.q_page_index).toBe(2);
    const filtered = run(paged, { type: "query", action: { type: "predicate_add", predicate: { column: "name", op: "contains", value: "ada" } } });
    expect(filtered.query.q_page_index).toBe(0);
    expect(filtered.query.q_predicates).toHaveLength(1);
    expect(run(paged, { type: "query", action: { type: "order_set", order: { column: "name", ascending: true } } }).query.q_page_index).toBe(2);
    expect(run(paged, { type: "query", action: { type: "text_search", search: { column: "__fw_search", query: "ada", type: "websearch" } } }).query.q_page_index).toBe(0);
    expect(run(paged, { type: "query", action: { type: "page_limit", limit: 500 } }).query).toMatchObject({ q_page_limit: 500, q_page_index: 0 });
  });

  it("changes nothing when the query does not change", () => {
    const state = ready();
    expect(run(state, { type: "query", action: { type: "page_index", index: 0 } })).toBe(state);
    expect(run(state, { type: "query", action: { type: "predicates_clear" } })).toBe(state);
  });

  it("keeps the rows and the count while the new query is read", () => {
    const state = run(ready(), { type: "query", action: { type: "page_index", index: 1 } });
    expect(state.rows).toHaveLength(3);
    expect(state.count).toBe(30);
  });
});

describe("dataReducer: panels", () => {
  it("opens and closes a record or a customer", () => {
    const record = run(ready(), { type: "panel", panel: { kind: "record", mode: "update", row_id: "b" } });
    expect(record.panel).toEqual({ kind: "record", mode: "update", row_id: "b" });
    expect(run(record, { type: "panel", panel: { kind: "customer", customer_id: "c1" } }).panel).toEqual({ kind: "customer", customer_id: "c1" });
    expect(run(record, { type: "panel", panel: null }).panel).toBeNull();
  });
});
