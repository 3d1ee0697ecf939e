import { describe, expect, it } from "vitest";
import type { FormBlock } from "../form-model";
import fc from "fast-check";
import { evaluateFormLogic, logicWithoutExpressions } from "./form-logic";
import type { LogicValue } from "./evaluate";

type F = Parameters<typeof evaluateFormLogic>[0][number];
type B = Pick<FormBlock, "id" | "parent_id" | "type" | "form_field_id" | "v_hidden">;
const field = (name: string, v_value: string | null = null): F =>
  ({ id: name, name, type: "text", v_value, pattern: null, min: null, max: null, step: null, multiple: false, options: [] }) as F;
const block = (id: string, field_id: string | null, v_hidden: string | true | null = null, parent_id: string | null = null): B =>
  ({ id, parent_id, type: field_id ? "field" : "group", form_field_id: field_id, v_hidden });
const logic = (answers: Record<string, LogicValue>) => evaluateFormLogic(
  [field("pet"), field("dog_name"), field("dog_treat"), field("summary", '#/pet + ": " + (#/dog_name ?? "-")')],
  [block("b-pet", "pet"), block("b-name", "dog_name", '#/pet != "dog"'), block("b-treat", "dog_treat", "#/dog_name == null"), block("b-sum", "summary")],
  new Map(Object.entries(answers)),
);

describe("evaluateFormLogic", () => {
  it("shows a block while its hiding expression is false", () => {
    const shown = logic({ pet: "dog", dog_name: "Rex" });
    expect([...shown.shown_field_ids].sort()).toEqual(["dog_name", "dog_treat", "pet", "summary"]);
    expect(shown.computed.get("summary")).toBe("dog: Rex");
  });

  it("a field hidden by logic has no answer, for the computed values and for the blocks it shows", () => {
    const hidden = logic({ pet: "cat", dog_name: "Rex", dog_treat: "bone" });
    expect([...hidden.logic_hidden_field_ids].sort()).toEqual(["dog_name", "dog_treat"]);
    expect(hidden.scope.get("dog_name")).toBeNull();
    expect(hidden.computed.get("summary")).toBe("cat: -");
    expect([...hidden.hidden_block_ids].sort()).toEqual(["b-name", "b-treat"]);
  });

  it("hides everything inside a hidden group and keeps literal true apart from logic", () => {
    const result = evaluateFormLogic(
      [field("a"), field("b"), field("c")],
      [block("g", null, "#/a == 'x'"), block("b-b", "b", null, "g"), block("b-a", "a"), block("b-c", "c", true)],
      new Map([["a", "x"]]),
    );
    expect([...result.shown_field_ids]).toEqual(["a"]);
    expect([...result.logic_hidden_field_ids]).toEqual(["b"]);
  });

  it("settles even when hiding flips back and forth, the same way every time", () => {
    const fields = [field("a"), field("b")];
    const blocks = [block("ba", "a", "#/b != null"), block("bb", "b", "#/a != null")];
    const answers = new Map([["a", "1"], ["b", "2"]]);
    const first = evaluateFormLogic(fields, blocks, answers);
    expect(evaluateFormLogic(fields, blocks, answers)).toEqual(first);
  });
});

describe("logicWithoutExpressions", () => {
  it("is what evaluateFormLogic answers for any answers when the form has no expression, and nothing when it has one", () => {
    const names = ["a", "b", "c", "d"];
    const shape = fc.record({
      hidden: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      parents: fc.array(fc.option(fc.nat(5), { nil: null }), { minLength: 6, maxLength: 6 }),
      fields: fc.array(fc.option(fc.constantFrom(...names), { nil: null }), { minLength: 6, maxLength: 6 }),
      answers: fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
    });
    fc.assert(fc.property(shape, ({ hidden, parents, fields: fieldOf, answers }) => {
      const fields = names.map((n) => field(n));
      const blocks = hidden.map((h, i) => block(`k${i}`, fieldOf[i] ?? null, h ? true : null, parents[i] === null || parents[i] === i ? null : `k${parents[i]}`));
      const free = logicWithoutExpressions(fields, blocks)!;
      const full = evaluateFormLogic(fields, blocks, new Map(Object.entries(answers)));
      expect([...free.shown_field_ids].sort()).toEqual([...full.shown_field_ids].sort());
      expect([...free.logic_hidden_field_ids]).toEqual([...full.logic_hidden_field_ids]);
      expect([...free.computed]).toEqual([...full.computed]);
      expect(logicWithoutExpressions([...fields, field("e", "#/a")], blocks)).toBeUndefined();
      expect(logicWithoutExpressions(fields, [...blocks, block("x", "a", "#/b == 1")])).toBeUndefined();
    }));
  });
});
