import { describe, expect, it } from "vitest";
import type { FormField } from "../form-model";
import { computedColumnValue } from "./column-value";
import { asFieldValue, readLogicValue } from "./scope";

const OPTION_ID = "0b5e7c1e-3c43-4a8e-9a55-2f1f8a7d9b10";
const field = (type: FormField["type"], extra: Partial<FormField> = {}) => ({
  name: "f", type, multiple: false, pattern: null, min: null, max: null, step: null,
  options: [
    { id: OPTION_ID, value: "cat", label: "Cat", src: null, disabled: false, index: 0, optgroup_id: null },
    { id: "o2", value: "dog", label: "Dog", src: null, disabled: false, index: 1, optgroup_id: null },
    { id: "o3", value: "eel", label: "Eel", src: null, disabled: true, index: 2, optgroup_id: null },
  ],
  ...extra,
});

describe("readLogicValue: an answer as expressions see it, the same in the page and on the server", () => {
  it("reads numbers, booleans and texts; empty is null", () => {
    expect(readLogicValue(field("number"), ["2.5"])).toBe(2.5);
    expect(readLogicValue(field("number"), ["two"])).toBeNull();
    expect(readLogicValue(field("number"), [" 2"])).toBeNull();
    expect(readLogicValue(field("checkbox"), ["on"])).toBe(true);
    expect(readLogicValue(field("checkbox"), [])).toBe(false);
    expect(readLogicValue(field("text"), ["hi"])).toBe("hi");
    expect(readLogicValue(field("text"), [""])).toBeNull();
    expect(readLogicValue(field("date"), ["2026-11-23"])).toBe("2026-11-23");
  });

  it("reads choices as option values (named by value or id); an option not offered is null", () => {
    expect(readLogicValue(field("radio"), [OPTION_ID])).toBe("cat");
    expect(readLogicValue(field("radio"), ["eel"])).toBeNull();
    expect(readLogicValue(field("radio"), ["cat", "dog"])).toBeNull();
    expect(readLogicValue(field("checkboxes"), ["dog", "cat", "dog"])).toEqual(["dog", "cat"]);
    expect(readLogicValue(field("checkboxes"), [])).toBeNull();
    expect(readLogicValue(field("select", { multiple: true }), ["cat", "nope"])).toBeNull();
  });

  it("reads a computed value the way the field reads answers", () => {
    expect(asFieldValue(field("text"), 4)).toBe("4");
    expect(asFieldValue(field("checkbox"), true)).toBe(true);
    expect(asFieldValue(field("number"), "many")).toBeNull();
    expect(asFieldValue(field("radio"), "dog")).toBe("dog");
    expect(asFieldValue(field("radio"), "cow")).toBeNull();
  });
});

describe("computedColumnValue: what the server stores", () => {
  it("goes through the field's full rules: the visitor's offset for a date-time, null for what they refuse", () => {
    expect(computedColumnValue(field("datetime-local"), "2026-11-23T10:00", { utc_offset: 60 })).toBe("2026-11-23T09:00:00.000Z");
    expect(computedColumnValue(field("date"), "hello")).toBeNull();
    expect(computedColumnValue(field("number", { max: 10 }), 11)).toBeNull();
    expect(computedColumnValue(field("checkboxes"), null)).toBeNull();
    expect(computedColumnValue(field("number"), 7)).toBe(7);
  });
});
