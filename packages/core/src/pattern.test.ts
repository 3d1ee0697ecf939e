import { describe, expect, it } from "vitest";
import { patternMatcher, patternProblem } from "./pattern";

describe("patterns", () => {
  it("matches the whole value, as the HTML pattern attribute does", () => {
    const match = patternMatcher("[0-9]{3}-[0-9]{4}")!;
    expect(match("555-1234")).toBe(true);
    expect(match("x555-1234")).toBe(false);
    expect(patternMatcher("a|b")!("ab")).toBe(false);
  });

  it("answers catastrophic patterns at once: (a+)+$ on 40 a's and a ! would backtrack for hours", () => {
    const match = patternMatcher("(a+)+$")!;
    expect(match(`${"a".repeat(40)}!`)).toBe(false);
    expect(match("a".repeat(40))).toBe(true);
    expect(patternMatcher("(x+x+)+y")!("x".repeat(5_000))).toBe(false);
  });

  it("refuses what RE2 cannot check in linear time, and what browsers cannot compile", () => {
    expect(patternProblem("(a)\\1")).toMatch(/linear time/);
    expect(patternProblem("(?=a)a")).toMatch(/linear time/);
    expect(patternProblem("(?<!a)b")).toMatch(/linear time/);
    expect(patternProblem("a{1001}")).toMatch(/linear time/);
    expect(patternProblem("[")).toMatch(/browsers/);
    expect(patternProblem("a".repeat(1001))).toMatch(/at most 1000/);
    expect(patternProblem("[A-Z][a-z]+ \\d{2,}")).toBeUndefined();
    expect(patternMatcher("(a)\\1")).toBeNull();
  });
});
