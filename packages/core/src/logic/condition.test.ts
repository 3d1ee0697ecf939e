import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONDITION_OPERATORS, conditionOf, hiddenExpressionOf, takesValue, type ShowCondition } from "./condition";
import { evaluateExpression, isTruthy } from "./evaluate";
import { parseExpression } from "./parser";

const hides = (condition: ShowCondition, answer: unknown) => {
  const parsed = parseExpression(hiddenExpressionOf(condition));
  if (!parsed.ok) throw new Error(parsed.message);
  return isTruthy(evaluateExpression(parsed.ast, new Map([[condition.field, answer as never]])));
};

describe("simple conditions", () => {
  it("writes the negation of 'show only when' as v_hidden", () => {
    expect(hiddenExpressionOf({ field: "plan", op: "is", value: "pro" })).toBe('#/plan != "pro"');
    expect(hiddenExpressionOf({ field: "age", op: "gt", value: "17" })).toBe("!(#/age > 17)");
    expect(hiddenExpressionOf({ field: "notes", op: "not_empty", value: "" })).toBe("#/notes == null");
  });

  it("shows the block exactly when the condition holds", () => {
    expect(hides({ field: "plan", op: "is", value: "pro" }, "pro")).toBe(false);
    expect(hides({ field: "plan", op: "is", value: "pro" }, null)).toBe(true);
    expect(hides({ field: "extras", op: "is", value: "spa" }, ["parking", "spa"])).toBe(false);
    expect(hides({ field: "age", op: "gt", value: "17" }, 18)).toBe(false);
    expect(hides({ field: "age", op: "gt", value: "17" }, null)).toBe(true);
    expect(hides({ field: "age", op: "lt", value: "17" }, null)).toBe(true);
    expect(hides({ field: "notes", op: "empty", value: "" }, null)).toBe(false);
    expect(hides({ field: "notes", op: "not_empty", value: "" }, "hi")).toBe(false);
  });

  it("reads back every condition it writes", () => {
    const condition = fc.record({
      field: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
      op: fc.constantFrom(...CONDITION_OPERATORS),
      value: fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 1e6 }).map(String)),
    }).map((c) => ({ ...c, value: takesValue(c.op) ? c.value : "" }));
    fc.assert(fc.property(condition, (c) => {
      expect(conditionOf(hiddenExpressionOf(c))).toEqual(c);
    }), { numRuns: 500 });
  });

  it("leaves other expressions to the advanced input", () => {
    for (const text of ["true", "#/a == 1 && #/b == 2", "!(#/a == 1)", "1 != #/a", "#/a != #/b", "(", "#/a >= 3"]) expect(conditionOf(text)).toBeUndefined();
  });
});
