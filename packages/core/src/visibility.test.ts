import { describe, expect, it } from "vitest";
import { isBlockHidden, shownFieldIds } from "./visibility";

type B = Parameters<typeof shownFieldIds>[0][number];
const block = (id: string, extra: Partial<B> = {}): B => ({ id, parent_id: null, type: "section", form_field_id: null, v_hidden: null, ...extra });
const field = (id: string, field_id: string, parent_id: string | null, v_hidden: unknown = null): B =>
  block(id, { type: "field", form_field_id: field_id, parent_id, v_hidden: v_hidden as B["v_hidden"] });

describe("shownFieldIds", () => {
  it("shows a field through a shown field block, at any depth", () => {
    const blocks = [block("s1"), block("g1", { type: "group", parent_id: "s1" }), field("b1", "name", "g1"), field("b2", "email", null)];
    expect(shownFieldIds(blocks)).toEqual(new Set(["name", "email"]));
  });

  it("hides fields whose block, section or group is hidden, and fields in no block", () => {
    const blocks = [
      block("s1", { v_hidden: true }), field("b1", "in_hidden_section", "s1"),
      block("s2"), block("g2", { type: "group", parent_id: "s2", v_hidden: true }), field("b2", "in_hidden_group", "g2"),
      field("b3", "hidden_block", "s2", true), field("b4", "shown", "s2"),
    ];
    expect(shownFieldIds(blocks)).toEqual(new Set(["shown"]));
  });

  it("shows a field when any one of its blocks is shown", () => {
    expect(shownFieldIds([field("a", "f", null, true), field("b", "f", null)])).toEqual(new Set(["f"]));
  });

  it("hides blocks under a missing parent or in a parent cycle, and never loops", () => {
    const blocks = [field("a", "orphan", "nowhere"), block("x", { parent_id: "y" }), block("y", { parent_id: "x" }), field("c", "cyclic", "x")];
    expect(shownFieldIds(blocks)).toEqual(new Set());
  });

  it("without answers, hides only on the literal true", () => {
    expect([true, false, null, "true", 1, { "==": [1, 1] }].map((v) => isBlockHidden({ v_hidden: v as never }))).toEqual([true, false, false, false, false, false]);
  });

  it("with answers, hides while the expression is truthy; an unreadable one never hides", () => {
    const when = (v_hidden: string, answers: Record<string, unknown> = {}) => isBlockHidden({ v_hidden }, new Map(Object.entries(answers)) as never);
    expect(when('#/plan != "pro"', { plan: "pro" })).toBe(false);
    expect(when('#/plan != "pro"', { plan: "free" })).toBe(true);
    expect(when('#/plan != "pro"')).toBe(true);
    expect(when("true")).toBe(true);
    expect(when("1 +")).toBe(false);
  });

  it("hides fields under a block whose expression holds for the answers", () => {
    const blocks = [block("g", { type: "group", v_hidden: "#/age < 18" }), field("b1", "drink", "g"), field("b2", "age", null)];
    expect(shownFieldIds(blocks, new Map([["age", 16]]))).toEqual(new Set(["age"]));
    expect(shownFieldIds(blocks, new Map([["age", 30]]))).toEqual(new Set(["age", "drink"]));
    expect(shownFieldIds(blocks)).toEqual(new Set(["age", "drink"]));
  });
});
