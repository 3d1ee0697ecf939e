/**
 * Evaluating a logic expression against the form's current answers. The rules (also in
 * docs/form-format.md "Logic"):
 *
 * - Values are null, true/false, numbers, texts and lists (checkboxes, multiple selects).
 *   `#/name` is the field's current answer; an empty answer (no text, no choice, an empty
 *   list) and an unknown name are null.
 * - `==` / `!=`: null equals only null. A number and a text compare as numbers when the text
 *   is a plain decimal number ("18" == 18), otherwise they differ. A list and a single value:
 *   `==` is "the list contains it" (`#/toppings == "cheese"`), `!=` "does not contain it". Two
 *   lists are equal when they hold the same values in any order. `!=` is always `!(a == b)`.
 * - `<` `>` `<=` `>=`: numbers (and numeric texts) by value; two other texts by code unit
 *   (so ISO dates and times order correctly); anything else (null, booleans, lists) is false.
 * - `-` `*` `/` `%` and unary `-` take numbers and numeric texts; anything else gives null,
 *   as do division by zero and results past the number range. `+` adds when both sides are
 *   numbers or numeric texts and otherwise joins two texts/numbers; a text longer than
 *   `EXPRESSION_LIMITS.text_length` is null.
 * - `&&`, `||`, `!` give true or false by truthiness: null, false, 0, "" and [] are false.
 *   `a ?? b` is `a` unless it is null.
 *
 * Evaluation never throws: anything it cannot compute is null.
 */
import type { Expression } from "./ast";
import { EXPRESSION_LIMITS } from "./limits";

export type LogicValue = null | boolean | number | string | readonly (string | number)[];
/** Field name → answer; a `Map` will do. */
export interface LogicScope {
  get(name: string): LogicValue | undefined;
}

const DECIMAL = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A number, or a text that is a plain decimal number, as a number; otherwise undefined. */
export function asNumber(value: LogicValue): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && DECIMAL.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function isTruthy(value: LogicValue): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== false && value !== 0 && value !== "";
}

function scalarEquals(a: string | number | boolean, b: string | number | boolean): boolean {
  if (typeof a === "boolean" || typeof b === "boolean") return a === b;
  if (typeof a === "number" || typeof b === "number") {
    const x = asNumber(a);
    const y = asNumber(b);
    return x !== undefined && y !== undefined && x === y;
  }
  return a === b;
}

export function logicEquals(a: LogicValue, b: LogicValue): boolean {
  if (a === null || b === null) return a === b;
  const listA = Array.isArray(a) ? (a as readonly (string | number)[]) : undefined;
  const listB = Array.isArray(b) ? (b as readonly (string | number)[]) : undefined;
  if (listA && listB) {
    return listA.every((x) => listB.some((y) => scalarEquals(x, y))) && listB.every((y) => listA.some((x) => scalarEquals(x, y)));
  }
  if (listA) return listA.some((x) => scalarEquals(x, b as string | number | boolean));
  if (listB) return listB.some((y) => scalarEquals(a as string | number | boolean, y));
  return scalarEquals(a as string | number | boolean, b as string | number | boolean);
}

function compare(a: LogicValue, b: LogicValue): number | undefined {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x - y;
  if (typeof a === "string" && typeof b === "string" && x === undefined && y === undefined) return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

const finite = (n: number): number | null => (Number.isFinite(n) ? (Object.is(n, -0) ? 0 : n) : null);

function arithmetic(operator: "-" | "*" | "/" | "%", a: LogicValue, b: LogicValue): LogicValue {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x === undefined || y === undefined) return null;
  switch (operator) {
    case "-": return finite(x - y);
    case "*": return finite(x * y);
    case "/": return y === 0 ? null : finite(x / y);
    case "%": return y === 0 ? null : finite(x % y);
  }
}

function plus(a: LogicValue, b: LogicValue): LogicValue {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return finite(x + y);
  const text = (v: LogicValue) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);
  const left = text(a);
  const right = text(b);
  if (left === undefined || right === undefined || left.length + right.length > EXPRESSION_LIMITS.text_length) return null;
  return left + right;
}

function evaluateNode(node: Expression, scope: LogicScope): LogicValue {
  switch (node.kind) {
    case "literal": return node.value;
    case "reference": return scope.get(node.name) ?? null;
    case "unary": {
      const value = evaluateNode(node.operand, scope);
      if (node.operator === "!") return !isTruthy(value);
      const n = asNumber(value);
      return n === undefined ? null : finite(-n);
    }
    case "binary": {
      const { operator } = node;
      const left = evaluateNode(node.left, scope);
      // `&&`, `||` and `??` read their right side only when they need it.
      if (operator === "&&") return isTruthy(left) && isTruthy(evaluateNode(node.right, scope));
      if (operator === "||") return isTruthy(left) || isTruthy(evaluateNode(node.right, scope));
      if (operator === "??") return left !== null ? left : evaluateNode(node.right, scope);
      const right = evaluateNode(node.right, scope);
      switch (operator) {
        case "==": return logicEquals(left, right);
        case "!=": return !logicEquals(left, right);
        case "+": return plus(left, right);
        case "-": case "*": case "/": case "%": return arithmetic(operator, left, right);
        default: {
          const order = compare(left, right);
          if (order === undefined) return false;
          return operator === "<" ? order < 0 : operator === ">" ? order > 0 : operator === "<=" ? order <= 0 : order >= 0;
        }
      }
    }
  }
}

/** The value of a parsed expression for these answers (field name → value). Never throws. */
export function evaluateExpression(ast: Expression, scope: LogicScope): LogicValue {
  try {
    return evaluateNode(ast, scope);
  } catch {
    return null;
  }
}
