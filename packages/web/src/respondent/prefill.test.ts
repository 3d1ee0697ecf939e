import { describe, expect, it } from "vitest";
import { booleanDefault, listDefault, prefillFrom, textDefault } from "./prefill";

describe("prefill", () => {
  it("prefers default_values over URL parameters", () => {
    const prefill = prefillFrom({ a: "from-defaults" }, { a: "from-url", b: "url-only" });
    expect(prefill({ name: "a" })).toBe("from-defaults");
    expect(prefill({ name: "b" })).toBe("url-only");
    expect(prefill({ name: "c" })).toBeUndefined();
  });

  it("reads text, list and boolean defaults from JSON values", () => {
    expect(textDefault(3)).toBe("3");
    expect(textDefault(null)).toBeUndefined();
    expect(listDefault(["a", 2, { x: 1 }])).toEqual(["a", "2"]);
    expect(listDefault("a")).toEqual(["a"]);
    expect(booleanDefault("on")).toBe(true);
    expect(booleanDefault("off")).toBe(false);
    expect(booleanDefault(true)).toBe(true);
  });
});
