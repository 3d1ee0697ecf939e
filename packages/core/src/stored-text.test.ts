import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipText, isStorableText, jsonProblem, jsonTextTooDeep } from "./stored-text";

describe("isStorableText", () => {
  it("refuses NUL bytes and unpaired surrogates, keeps every other text", () => {
    expect(isStorableText("Ada \u{1F600} 𝄞 é")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("\uD800")).toBe(false);
    expect(isStorableText("x\uDC00")).toBe(false);
    expect(isStorableText("\uDC00\uD800")).toBe(false);
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => isStorableText(s.replaceAll("\u0000", ""))));
    // encodeURIComponent throws on exactly the unpaired surrogates.
    const wellFormed = (s: string) => { try { encodeURIComponent(s); return true; } catch { return false; } };
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => isStorableText(s) === (!s.includes("\u0000") && wellFormed(s))));
  });
});

describe("jsonProblem", () => {
  it("finds hostile nesting without overflowing the stack", () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonProblem(deep)).toEqual({ kind: "depth", path: expect.any(String) });
    expect(jsonProblem({ a: [{ b: 1 }] })).toBeUndefined();
  });

  it("names the path of unstorable text, in values and in keys", () => {
    expect(jsonProblem({ blocks: [{ title: "ok" }, { title: "a\u0000" }] })).toEqual({ kind: "text", path: "blocks.1.title" });
    expect(jsonProblem({ ["k\uD800"]: 1 })).toEqual({ kind: "text", path: "k\uD800" });
  });
});

describe("clipText", () => {
  it("cuts long text for logs without splitting a surrogate pair", () => {
    expect(clipText("a".repeat(10), 4)).toBe("aaaa…");
    expect(clipText(`abc${"\u{1F600}"}`, 4)).toBe("abc…");
    expect(clipText("short", 10)).toBe("short");
  });
});

describe("jsonTextTooDeep", () => {
  it("counts the levels jsonProblem counts, ignoring brackets inside strings", () => {
    expect(jsonTextTooDeep("[".repeat(64) + "]".repeat(64))).toBe(false);
    expect(jsonTextTooDeep("[".repeat(65) + "]".repeat(65))).toBe(true);
    expect(jsonTextTooDeep(`{"a":"${"[".repeat(100)}"}`)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\\\"}${"[".repeat(3)}`, 2)).toBe(true);
    expect(jsonTextTooDeep(`{"a":"\\"${"[".repeat(3)}"}`, 2)).toBe(false);
    expect(jsonTextTooDeep("[".repeat(10_000_000))).toBe(true);
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
      const text = JSON.stringify(value);
      expect(jsonTextTooDeep(text, max)).toBe(depthOf(value) > max);
      expect(jsonTextTooDeep(text, max)).toBe(jsonProblem(value, max)?.kind === "depth");
    }));
  });
});
