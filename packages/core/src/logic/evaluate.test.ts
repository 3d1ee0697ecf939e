import { describe, expect, it } from "vitest";
import { evaluateExpression, type LogicValue } from "./evaluate";
import { parseExpression } from "./parser";

const run = (text: string, answers: Record<string, LogicValue> = {}): LogicValue => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return evaluateExpression(parsed.ast, new Map(Object.entries(answers)));
};

describe("evaluateExpression", () => {
  it("reads a field's answer by #/name; an unknown or empty field is null", () => {
    expect(run("#/plan", { plan: "pro" })).toBe("pro");
    expect(run("#/missing")).toBeNull();
    expect(run("#/missing == null")).toBe(true);
    expect(run("#/constructor == null")).toBe(true);
  });

  it("compares a number with a numeric text as numbers, and with other text as different", () => {
    expect(run('#/age == "18"', { age: 18 })).toBe(true);
    expect(run("#/qty == 2", { qty: "2.0" })).toBe(true);
    expect(run('#/age == "eighteen"', { age: 18 })).toBe(false);
    expect(run('#/age != "eighteen"', { age: 18 })).toBe(true);
    expect(run('"abc" == "abc" && "a" != "A"')).toBe(true);
    expect(run("true == 1")).toBe(false);
  });

  it("treats a checkbox list with == as contains and != as does not contain", () => {
    const answers = { toppings: ["cheese", "ham"] };
    expect(run('#/toppings == "cheese"', answers)).toBe(true);
    expect(run('#/toppings == "olives"', answers)).toBe(false);
    expect(run('#/toppings != "olives"', answers)).toBe(true);
    expect(run('#/toppings == #/same', { ...answers, same: ["ham", "cheese"] })).toBe(true);
    expect(run('#/toppings == null', answers)).toBe(false);
  });

  it("null equals only null", () => {
    expect(run("null == null")).toBe(true);
    expect(run("#/x == 0 || #/x == false || #/x == ''")).toBe(false);
  });

  it("orders numbers by value, texts by code unit (ISO dates), and nothing else", () => {
    expect(run('#/n > "9"', { n: "10" })).toBe(true);
    expect(run('#/d >= "2026-01-01"', { d: "2026-03-04" })).toBe(true);
    expect(run("#/x < 1")).toBe(false);
    expect(run("#/x >= 1 || #/x < 1")).toBe(false);
    expect(run('"b" > 1')).toBe(false);
  });

  it("does arithmetic on numbers and numeric texts; division by zero and nonsense are null", () => {
    expect(run("#/price * #/qty + 1", { price: "2.5", qty: 4 })).toBe(11);
    expect(run("7 % 4 - -1")).toBe(4);
    expect(run("1 / 0")).toBeNull();
    expect(run("1 % 0")).toBeNull();
    expect(run('"a" * 2')).toBeNull();
    expect(run("1e308 * 10")).toBeNull();
    expect(run("#/x + 1")).toBeNull();
  });

  it("+ joins texts when either side is not a number", () => {
    expect(run('#/first + " " + #/last', { first: "Ada", last: "Lovelace" })).toBe("Ada Lovelace");
    expect(run('"n" + 1')).toBe("n1");
    expect(run('"1" + "1"')).toBe(2);
  });

  it("&&, || and ! give booleans by truthiness; ?? falls back on null only", () => {
    expect(run("#/a && #/b", { a: "x", b: 1 })).toBe(true);
    expect(run("0 || ''")).toBe(false);
    expect(run("!#/list", { list: [] })).toBe(true);
    expect(run("#/x ?? 5")).toBe(5);
    expect(run("0 ?? 5")).toBe(0);
  });
});
