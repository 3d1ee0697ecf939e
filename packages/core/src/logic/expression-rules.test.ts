import { describe, expect, it } from "vitest";
import { FieldworkError } from "../error-catalogue";
import { assertNoProblem, expressionProblem, hiddenFlagProblem, valueExpressionProblem } from "./expression-rules";

const names = new Set(["age", "plan"]);

describe("expression rules for saving", () => {
  it("accepts true, null and expressions over the form's fields as v_hidden", () => {
    expect([true, null, '#/age >= 18 && #/plan == "pro"'].map((v) => hiddenFlagProblem(v, names))).toEqual([undefined, undefined, undefined]);
  });

  it("names the position of a syntax error and of an unknown field", () => {
    expect(expressionProblem("#/age >", names)).toBe("Expected a value but found the end at position 7");
    expect(expressionProblem('#/age > 1 && #/nope == "x"', names)).toBe("Unknown field #/nope at position 13");
    expect(expressionProblem('"#/nope" == #/nope', names)).toBe("Unknown field #/nope at position 12");
  });

  it("refuses other JSON as v_hidden or v_value", () => {
    expect(hiddenFlagProblem(false)).toBe("v_hidden is true, null or an expression text");
    expect(hiddenFlagProblem({ "==": [1, 1] })).toBe("v_hidden is true, null or an expression text");
    expect(valueExpressionProblem(true)).toBe("v_value is null or an expression text");
    expect(valueExpressionProblem("#/x * 2")).toBeUndefined();
  });

  it("throws INVALID_EXPRESSION with the problem", () => {
    try {
      assertNoProblem(expressionProblem("(1", names), "v_hidden");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FieldworkError);
      expect((error as FieldworkError).code).toBe("INVALID_EXPRESSION");
      expect((error as FieldworkError).message).toBe('v_hidden: Expected ")" but found the end at position 2.');
    }
  });
});
