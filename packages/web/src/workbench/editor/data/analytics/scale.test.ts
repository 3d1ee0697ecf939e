import { describe, expect, it } from "vitest";
import { barHeight, niceScale, responsesText } from "./scale";

describe("the count axis", () => {
  it("tops out at a round count with ticks on whole steps of 1, 2 or 5", () => {
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
    expect(niceScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it("never steps by a fraction of a response and has a top when there is nothing", () => {
    expect(niceScale(2, 8).ticks).toEqual([0, 1, 2]);
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it("every count fits under the top and ticks stay within the asked number of steps", () => {
    for (let max = 1; max <= 5000; max += 37) {
      const { top, ticks } = niceScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
      expect(ticks.at(-1)).toBe(top);
    }
  });

  it("draws a single response as a visible sliver, not a flat line", () => {
    expect(barHeight(1, 1000)).toBe(1.5);
    expect(barHeight(0, 1000)).toBe(0);
    expect(barHeight(500, 1000)).toBe(50);
  });

  it("counts responses in words", () => {
    expect(responsesText(1, "en-US")).toBe("1 response");
    expect(responsesText(1234, "en-US")).toBe("1,234 responses");
  });
});
