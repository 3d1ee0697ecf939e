import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES as M, fieldProblems, newOption, optionsFromLines, uniqueValue, type RuleInput } from "./field-rules";

const f = (over: Partial<RuleInput>): RuleInput =>
  ({ name: "answer", type: "text", required: false, pattern: null, step: null, min: null, max: null, options: [], optgroups: [], ...over });

describe("fieldProblems (spec 2 §5)", () => {
  it("wants a lowercase, unique, unreserved name", () => {
    expect(fieldProblems(f({ name: "" }), []).name).toBe(M.name_required);
    expect(fieldProblems(f({ name: "First Name" }), []).name).toBe(M.name_format);
    expect(fieldProblems(f({ name: "local_index" }), []).name).toBe(M.name_reserved);
    expect(fieldProblems(f({ name: "email" }), ["email"]).name).toBe(M.name_taken);
    expect(fieldProblems(f({}), ["email"])).toEqual({});
  });

  it("offers pattern only on text-like types, and only patterns the server can run", () => {
    expect(fieldProblems(f({ type: "number", pattern: "1" }), []).pattern).toBe(M.pattern_not_text);
    expect(fieldProblems(f({ pattern: "(a)\\1" }), []).pattern).toMatch(/linear time/);
    expect(fieldProblems(f({ type: "tel", pattern: "[0-9]+" }), [])).toEqual({});
  });

  it("offers step, min and max only on numeric types, min not above max", () => {
    expect(fieldProblems(f({ min: 1 }), []).range).toBe(M.range_not_numeric);
    expect(fieldProblems(f({ type: "number", min: 5, max: 1 }), []).range).toBe(M.min_above_max);
    expect(fieldProblems(f({ type: "date", min: "2026-02-01", max: "2026-01-01" }), []).range).toBe(M.min_above_max);
    expect(fieldProblems(f({ type: "number", min: 1, max: 5, step: 1 }), [])).toEqual({});
  });

  it("never requires checkboxes or ranges, and wants option values and group labels", () => {
    expect(fieldProblems(f({ type: "checkboxes", required: true }), []).required).toBe(M.not_requirable);
    expect(fieldProblems(f({ type: "range", required: true }), []).required).toBe(M.not_requirable);
    expect(fieldProblems(f({ type: "radio", options: [{ value: " " }] }), []).options).toBe(M.option_value_required);
    expect(fieldProblems(f({ type: "radio", options: [{ value: "a" }, { value: "a" }] }), []).options).toBe(M.option_value_taken);
    expect(fieldProblems(f({ type: "select", optgroups: [{ label: "" }] }), []).optgroups).toBe(M.group_label_required);
  });
});

describe("options editor helpers", () => {
  it("names new options option_N / Option N and makes values unique", () => {
    expect(newOption([])).toEqual({ value: "option_1", label: "Option 1" });
    expect(newOption([{ value: "option_2" }, { value: "x" }])).toEqual({ value: "option_3", label: "Option 3" });
    expect(uniqueValue("red", ["red", "red_2"])).toBe("red_3");
    expect(uniqueValue("blue", ["red"])).toBe("blue");
  });

  it("adds one option per line, ignoring blanks and duplicates", () => {
    expect(optionsFromLines("Red\n\nGreen\r\nRed\n  Blue  \nexisting", [{ value: "existing" }]).map((o) => o.value)).toEqual(["Red", "Green", "Blue"]);
  });
});
