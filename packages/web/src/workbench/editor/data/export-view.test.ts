import { describe, expect, it } from "vitest";
import { initialQueryState, queryStateToParams, type QueryState } from "@fieldwork/core";
import { EXPORT_FORMATS, exportFileName, exportParams } from "./export-view";

const view: QueryState = {
  ...initialQueryState(10),
  q_page_index: 3,
  q_predicates: [{ column: "name", op: "contains", value: "ada" }, { column: "age", op: "gt", value: null }, { column: "age", op: "gte", value: "18" }],
  q_orderby: { age: { column: "age", ascending: false }, name: { column: "name", ascending: true, nullsFirst: false } },
  q_text_search: { column: "__fw_search", query: "ada lovelace", type: "websearch" },
};
const pairs = (params: URLSearchParams) => [...params.entries()];

describe("exportParams", () => {
  it("exports every page of the view: its filters, search and sort, without limit or offset", () => {
    const params = exportParams(view, [], ["id", "name", "age"]);
    expect(pairs(params)).toEqual([
      ["name", "ilike.*ada*"], ["age", "gte.18"], ["__fw_search", "wfts.ada lovelace"], ["order", "age.desc,name.asc.nullslast"], ["select", "id,name,age"],
    ]);
    expect(params.has("limit")).toBe(false);
    expect(params.has("offset")).toBe(false);
  });

  it("reads what the grid reads, but for the page", () => {
    const grid = queryStateToParams(view);
    grid.delete("limit");
    grid.delete("offset");
    const exported = exportParams(view, [], []);
    expect(pairs(exported)).toEqual(pairs(grid).filter(([key]) => key !== "select"));
  });

  it("exports only the visible columns, or all of them when none are given", () => {
    expect(exportParams(initialQueryState(), [], ["id", "email"]).get("select")).toBe("id,email");
    expect(exportParams(initialQueryState(), [], []).has("select")).toBe(false);
    expect(exportParams(initialQueryState(), [], []).toString()).toBe("");
  });

  it("keeps the filters that scope the table to this form", () => {
    const params = exportParams(view, [["form_id", "eq.f1"]], ["id"]);
    expect(params.getAll("form_id")).toEqual(["eq.f1"]);
    expect(params.get("name")).toBe("ilike.*ada*");
    // A user's filter on the same column does not replace the scope.
    const same = exportParams({ ...initialQueryState(), q_predicates: [{ column: "form_id", op: "eq", value: "other" }] }, [["form_id", "eq.f1"]], []);
    expect(same.getAll("form_id")).toEqual(["eq.other", "eq.f1"]);
  });

  it("leaves out filters that are not complete yet", () => {
    expect(exportParams({ ...initialQueryState(), q_predicates: [{ column: "age", op: "gt", value: null }] }, [], []).has("age")).toBe(false);
  });
});

describe("exportFileName", () => {
  it("names the file after the table and the time, in UTC, with the format's extension", () => {
    const at = new Date("2026-11-23T05:06:09.123Z");
    expect(exportFileName("responses", "csv", at)).toBe("responses-2026-11-23-05-06-09.csv");
    expect(exportFileName("sessions", "jsonl", at)).toBe("sessions-2026-11-23-05-06-09.jsonl");
    expect(exportFileName("t", "csv")).toMatch(/^t-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
  });

  it("asks the server for CSV or JSON lines", () => {
    expect(EXPORT_FORMATS.csv.accept).toBe("text/csv");
    expect(EXPORT_FORMATS.jsonl.accept).toBe("application/x-ndjson");
  });
});
