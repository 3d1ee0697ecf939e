import { describe, expect, it } from "vitest";
import { syncValueOf } from "./sync-value";

describe("syncValueOf", () => {
  it("sends booleans for checkbox, switch and toggle", () => {
    expect(syncValueOf({ type: "switch", multiple: false }, ["on"])).toBe(true);
    expect(syncValueOf({ type: "checkbox", multiple: false }, [])).toBe(false);
  });

  it("sends lists for checkboxes and multiple selects", () => {
    expect(syncValueOf({ type: "checkboxes", multiple: false }, ["a", "b"])).toEqual(["a", "b"]);
    expect(syncValueOf({ type: "select", multiple: true }, [])).toEqual([]);
  });

  it("sends one string otherwise", () => {
    expect(syncValueOf({ type: "select", multiple: false }, ["a"])).toBe("a");
    expect(syncValueOf({ type: "text", multiple: false }, [])).toBe("");
  });
});
