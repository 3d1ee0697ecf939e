/**
 * The editor's simple condition ("Show this block only when [field] [is] [value]") and the
 * `v_hidden` expression it stands for: the negation, since `v_hidden` says when to hide.
 *
 * | show only when          | v_hidden written        |
 * |-------------------------|-------------------------|
 * | field is V              | `#/field != V`          |
 * | field is not V          | `#/field == V`          |
 * | field is greater than V | `!(#/field > V)`        |
 * | field is less than V    | `!(#/field < V)`        |
 * | field is empty          | `#/field != null`       |
 * | field is not empty      | `#/field == null`       |
 *
 * V is written as a number when it is a plain decimal number, otherwise as a quoted text.
 * `conditionOf` reads back exactly these shapes; anything else is an "advanced" expression.
 */
import type { Expression } from "./ast";
import { formatExpression } from "./expression-text";
import { asNumber } from "./evaluate";
import { parseExpression } from "./parser";

export const CONDITION_OPERATORS = ["is", "is_not", "gt", "lt", "empty", "not_empty"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_LABELS: Record<ConditionOperator, string> = {
  is: "is", is_not: "is not", gt: "is greater than", lt: "is less than", empty: "is empty", not_empty: "is not empty",
};

/** Operators that compare with a value (the others need none). */
export const takesValue = (op: ConditionOperator): boolean => op !== "empty" && op !== "not_empty";

export interface ShowCondition {
  field: string;
  op: ConditionOperator;
  /** The value as typed; ignored by empty / not empty. */
  value: string;
}

const literal = (value: string): Expression => {
  const n = asNumber(value);
  return { kind: "literal", value: n !== undefined && value === String(n) ? n : value };
};
const ref = (name: string): Expression => ({ kind: "reference", name });
const bin = (operator: "==" | "!=" | ">" | "<", left: Expression, right: Expression): Expression => ({ kind: "binary", operator, left, right });
const NULL: Expression = { kind: "literal", value: null };

/** The `v_hidden` expression that hides the block unless the condition holds. */
export function hiddenExpressionOf(condition: ShowCondition): string {
  const field = ref(condition.field);
  const value = literal(condition.value);
  switch (condition.op) {
    case "is": return formatExpression(bin("!=", field, value));
    case "is_not": return formatExpression(bin("==", field, value));
    case "gt": return formatExpression({ kind: "unary", operator: "!", operand: bin(">", field, value) });
    case "lt": return formatExpression({ kind: "unary", operator: "!", operand: bin("<", field, value) });
    case "empty": return formatExpression(bin("!=", field, NULL));
    case "not_empty": return formatExpression(bin("==", field, NULL));
  }
}

const valueText = (node: Expression): string | undefined =>
  node.kind === "literal" && (typeof node.value === "string" || typeof node.value === "number") ? String(node.value) : undefined;

/** The simple condition a `v_hidden` expression stands for, or undefined when it is not one. */
export function conditionOf(v_hidden: string): ShowCondition | undefined {
  const parsed = parseExpression(v_hidden);
  if (!parsed.ok) return undefined;
  let node = parsed.ast;
  let negated = false;
  if (node.kind === "unary" && node.operator === "!") {
    negated = true;
    node = node.operand;
  }
  if (node.kind !== "binary" || node.left.kind !== "reference") return undefined;
  const field = node.left.name;
  const right = node.right;
  const isNull = right.kind === "literal" && right.value === null;
  const value = valueText(right);
  const op: ConditionOperator | undefined = negated
    ? (node.operator === ">" && value !== undefined ? "gt" : node.operator === "<" && value !== undefined ? "lt" : undefined)
    : node.operator === "!=" ? (isNull ? "empty" : value !== undefined ? "is" : undefined)
    : node.operator === "==" ? (isNull ? "not_empty" : value !== undefined ? "is_not" : undefined)
    : undefined;
  if (!op) return undefined;
  return { field, op, value: takesValue(op) ? value ?? "" : "" };
}
