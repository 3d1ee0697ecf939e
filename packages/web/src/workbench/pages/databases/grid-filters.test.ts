import { describe, expect, it } from "vitest";
import { filterParams } from "./grid-filters";

describe("connected-table grid filters", () => {
  it("become PostgREST parameters, and-ed, with contains as ilike and is limited to null/true/false", () => {
    const params = filterParams([
      { column: "price", op: "gt", value: "10" },
      { column: "title", op: "ilike", value: "bo*k%" },
      { column: "mood", op: "is", value: "drop table" },
      { column: 'we"ird.col', op: "eq", value: "a,b" },
    ]);
    expect([...params]).toEqual([["price", "gt.10"], ["title", "ilike.*bok*"], ["mood", "is.null"], ['we"ird.col', "eq.a,b"]]);
  });
});
