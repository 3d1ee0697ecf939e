import { describe, expect, it } from "vitest";
import { constraintAttrs, describedBy, showsRequired } from "./field-attrs";
import { groupOptions } from "./option-groups";
import { rangeStartValue } from "./text-input";

const base = { required: false, pattern: null, min: null, max: null, step: null } as const;

describe("constraintAttrs", () => {
  it("applies pattern only to text-like types", () => {
    expect(constraintAttrs({ ...base, type: "tel", pattern: "[0-9]+" }, false)).toEqual({ pattern: "[0-9]+", maxLength: 64 });
    expect(constraintAttrs({ ...base, type: "textarea", pattern: "[0-9]+" }, false)).toEqual({ maxLength: 100_000 });
  });

  it("stops typing where the server stops keeping text (the capability table's max_length)", () => {
    expect(constraintAttrs({ ...base, type: "text" }, false).maxLength).toBe(4_000);
    expect(constraintAttrs({ ...base, type: "email" }, false).maxLength).toBe(254);
    expect(constraintAttrs({ ...base, type: "number" }, false).maxLength).toBeUndefined();
  });

  it("applies min/max/step only to ranged types", () => {
    expect(constraintAttrs({ ...base, type: "number", min: 1, max: 9, step: 2 }, false)).toEqual({ min: "1", max: "9", step: 2 });
    expect(constraintAttrs({ ...base, type: "date", min: "2026-01-01" }, false)).toEqual({ min: "2026-01-01" });
    expect(constraintAttrs({ ...base, type: "text", min: 1 }, false)).toEqual({ maxLength: 4_000 });
  });

  it("lets numbers take decimals when no step is set", () => {
    expect(constraintAttrs({ ...base, type: "number" }, false)).toEqual({ step: "any" });
  });

  it("never requires types that cannot be required", () => {
    expect(constraintAttrs({ ...base, type: "checkboxes", required: true }, false)).toEqual({});
    expect(showsRequired({ type: "checkboxes", required: true })).toBe(false);
    expect(constraintAttrs({ ...base, type: "radio", required: true }, false)).toEqual({ required: true });
  });

  it("drops every constraint of a locked field, but keeps a slider's scale", () => {
    expect(constraintAttrs({ ...base, type: "email", required: true, pattern: ".+@x" }, true)).toEqual({});
    expect(constraintAttrs({ ...base, type: "range", min: 0, max: 10, step: 1 }, true)).toEqual({ min: "0", max: "10", step: 1 });
  });
});

describe("groupOptions", () => {
  it("orders ungrouped options first, then optgroups, each by index", () => {
    const opt = (id: string, index: number, optgroup_id: string | null) =>
      ({ id, value: id, label: null, src: null, disabled: false, index, optgroup_id });
    const groups = groupOptions(
      [opt("c", 2, "g2"), opt("a", 1, null), opt("b", 0, "g1"), opt("z", 0, null)],
      [{ id: "g2", label: "Two", disabled: false, index: 1 }, { id: "g1", label: "One", disabled: false, index: 0 }],
    );
    expect(groups.map((g) => [g.optgroup?.label ?? null, g.options.map((o) => o.id)])).toEqual([
      [null, ["z", "a"]], ["One", ["b"]], ["Two", ["c"]],
    ]);
  });
});

describe("rangeStartValue", () => {
  it("starts at the midpoint snapped to the step, like the browser", () => {
    expect(rangeStartValue()).toBe(50);
    expect(rangeStartValue(0, 5, 2)).toBe(2);
    expect(rangeStartValue(10, 0)).toBe(10);
  });
});

describe("describedBy", () => {
  it("points a refused control at its message, after its help text, and marks it invalid", () => {
    expect(describedBy({ name: "age", help_text: null }, false)).toEqual({});
    expect(describedBy({ name: "age", help_text: "Years" }, false)).toEqual({ "aria-describedby": "fw-age-help" });
    expect(describedBy({ name: "age", help_text: "Years" }, true)).toEqual({ "aria-describedby": "fw-age-help fw-age-error", "aria-invalid": true });
    expect(describedBy({ name: "age", help_text: null }, true)).toEqual({ "aria-describedby": "fw-age-error", "aria-invalid": true });
  });
});
