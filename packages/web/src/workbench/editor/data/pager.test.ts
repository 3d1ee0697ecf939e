import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowCountOf } from "../../api/data-api";
import { countLabel, pageOfInput } from "./pager";

const exact = (count: number) => ({ count, open: null });

describe("countLabel", () => {
  it("says the table is being counted until the count arrives", () => {
    expect(countLabel({ count: null, open: null })).toBe("Counting…");
  });

  it("counts rows, one row, and groups thousands, however many rows were counted exactly", () => {
    expect([0, 1, 2, 9_999, 10_000, 99_999].map((n) => countLabel(exact(n)))).toEqual(["0 rows", "1 row", "2 rows", "9,999 rows", "10,000 rows", "99,999 rows"]);
  });

  it("never shows an estimate as a total: past the bound only that there are more", () => {
    expect(countLabel({ count: null, open: { moreThan: 100_000 } })).toBe("More than 100,000 rows");
    expect(countLabel({ count: null, open: { moreThan: null } })).toBe("Not counted (too slow)");
  });
});

describe("rowCountOf", () => {
  it("takes a total only when the server marks it exact", () => {
    expect(rowCountOf("0-0/30004", "exact")).toEqual({ exact: true, total: 30_004 });
    expect(rowCountOf("0-0/485", "more-than=100000")).toEqual({ exact: false, moreThan: 100_000 });
    expect(rowCountOf("0-0/485", "estimate")).toEqual({ exact: false, moreThan: null });
    expect(rowCountOf("0-0/485", null)).toEqual({ exact: false, moreThan: null });
    expect(rowCountOf("*/*", "exact")).toEqual({ exact: false, moreThan: null });
  });
});

describe("pageOfInput", () => {
  it("takes a page from 1 to the last, as a 0-based index", () => {
    expect(pageOfInput("1", 4)).toBe(0);
    expect(pageOfInput("3", 4)).toBe(2);
    expect(pageOfInput("5", 4)).toBe(4);
    expect(pageOfInput(" 2 ", 4)).toBe(1);
    expect(pageOfInput("02", 4)).toBe(1);
  });

  it("refuses anything that is not a page in range", () => {
    for (const text of ["0", "-1", "1.5", "abc", "", " ", "6", "1e1", "+2", "2a", "0x2", "Infinity", "99999999999999999999", "２"]) {
      expect(pageOfInput(text, 4), text).toBeNull();
    }
  });

  it("takes only page 1 of a table with one page", () => {
    expect(pageOfInput("1", 0)).toBe(0);
    expect(pageOfInput("2", 0)).toBeNull();
  });

  it("answers either null or an index within 0 and the last, for any text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.nat(1000), (text, last) => {
      const page = pageOfInput(text, last);
      if (page !== null) expect(Number.isInteger(page) && page >= 0 && page <= last).toBe(true);
    }));
    fc.assert(fc.property(fc.nat(1000), fc.nat(1000), (page, last) => {
      expect(pageOfInput(String(page), last)).toBe(page >= 1 && page <= last + 1 ? page - 1 : null);
    }));
  });
});
