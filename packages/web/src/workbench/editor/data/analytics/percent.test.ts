import { describe, expect, it } from "vitest";
import { percentOf, percentText, wholePercents } from "./percent";

describe("percents", () => {
  it("shares of one whole add up to 100 (largest remainder)", () => {
    expect(wholePercents([1, 1, 1], 3)).toEqual([34, 33, 33]);
    expect(wholePercents([2, 1, 1, 1, 1, 1], 7)).toEqual([29, 15, 14, 14, 14, 14]);
    const shares = wholePercents([333, 333, 334], 1000);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("shares that do not make one whole (several answers per row) are rounded each on its own", () => {
    expect(wholePercents([2, 2, 1], 3)).toEqual([67, 67, 33]);
    expect(wholePercents([1, 2], 0)).toEqual([0, 0]);
  });

  it("a part above nothing never reads 0%, and a part below all never reads 100%", () => {
    expect(percentOf(1, 1000)).toBe("<1%");
    expect(percentOf(999, 1000)).toBe(">99%");
    expect(percentOf(0, 1000)).toBe("0%");
    expect(percentOf(1000, 1000)).toBe("100%");
    expect(percentOf(42, 50)).toBe("84%");
    expect(percentOf(3, 0)).toBe("0%");
    expect(percentText(0, 1, 300)).toBe("<1%");
  });
});
