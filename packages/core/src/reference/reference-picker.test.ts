import { describe, expect, it } from "vitest";
import { DEFAULT_RELATION_QUERY, relationQueryParams, withRelationChange } from "./reference-picker";

describe("the Search Reference sheet's query", () => {
  it("starts at page 0 with 100 rows", () => {
    expect(relationQueryParams(DEFAULT_RELATION_QUERY).toString()).toBe("select=*&limit=100&offset=0");
  });
  it("searches, filters, orders and pages", () => {
    const params = relationQueryParams({
      q_page_limit: 20, q_page_index: 2, q_orderby: { column: "name", ascending: false },
      q_predicates: [{ column: "price", op: "gt", value: "2" }, { column: "name", op: "ilike", value: "a%b" }, { column: "x", op: "eq", value: "" }],
      q_text_search: { column: "name", query: " pie ", websearch: false },
    });
    expect([...params]).toEqual([
      ["select", "*"], ["name", "ilike.*pie*"], ["price", "gt.2"], ["name", "ilike.*a b*"], ["order", "name.desc"], ["limit", "20"], ["offset", "40"],
    ]);
    expect(relationQueryParams({ ...DEFAULT_RELATION_QUERY, q_text_search: { column: "__fw_search", query: "apple -pie", websearch: true } }).get("__fw_search")).toBe("wfts.apple -pie");
  });
  it("resets the page when the limit, a predicate or the search changes", () => {
    const later = { ...DEFAULT_RELATION_QUERY, q_page_index: 3 };
    expect(withRelationChange(later, { q_page_limit: 10 }).q_page_index).toBe(0);
    expect(withRelationChange(later, { q_predicates: [] }).q_page_index).toBe(0);
  });
});
