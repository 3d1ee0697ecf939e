/**
 * The condition builder's state (block panel and field panel): "Show this block: always /
 * only when [field] [is…] [value] / with an expression / never". It reads a block's
 * `v_hidden` (core's `conditionOf` recognises what it wrote) and gives back the `v_hidden`
 * to save; core's `expressionProblem` checks an advanced expression as the server will.
 */
import {
  conditionOf, expressionProblem, hiddenExpressionOf, takesValue, type ShowCondition, type ConditionOperator, type JsonValue,
} from "@fieldwork/core";

export type ConditionMode = "always" | "when" | "advanced" | "never";

export interface ConditionState {
  mode: ConditionMode;
  condition: ShowCondition;
  /** The expression typed in the advanced input (a hiding expression, as stored). */
  advanced: string;
}

export type ConditionAction =
  | { type: "mode"; mode: ConditionMode }
  | { type: "field"; field: string }
  | { type: "op"; op: ConditionOperator }
  | { type: "value"; value: string }
  | { type: "advanced"; text: string };

/**
 * The fields a condition may name: all of the form's but the one being edited (a field shown
 * only when its own answer is something could never be answered).
 */
export function conditionFields<F extends { name: string }>(fields: readonly F[], self?: string): F[] {
  return self ? fields.filter((f) => f.name !== self) : [...fields];
}

export function initCondition(v_hidden: JsonValue, firstField: string): ConditionState {
  const blank: ShowCondition = { field: firstField, op: "is", value: "" };
  if (v_hidden === true) return { mode: "never", condition: blank, advanced: "" };
  if (typeof v_hidden !== "string") return { mode: "always", condition: blank, advanced: "" };
  const condition = conditionOf(v_hidden);
  return condition ? { mode: "when", condition, advanced: v_hidden } : { mode: "advanced", condition: blank, advanced: v_hidden };
}

export function conditionReducer(state: ConditionState, action: ConditionAction): ConditionState {
  switch (action.type) {
    case "mode": {
      // Switching to the expression input starts from what the builder would write.
      const advanced = action.mode === "advanced" && state.mode === "when" && !conditionProblem(state, undefined) ? hiddenExpressionOf(state.condition) : state.advanced;
      return { ...state, mode: action.mode, advanced };
    }
    case "field": return { ...state, condition: { ...state.condition, field: action.field } };
    case "op": return { ...state, condition: { ...state.condition, op: action.op } };
    case "value": return { ...state, condition: { ...state.condition, value: action.value } };
    case "advanced": return { ...state, advanced: action.text };
  }
}

/** What is wrong with the condition, if anything (shown inline; Save waits for it). */
export function conditionProblem(state: ConditionState, names: ReadonlySet<string> | undefined): string | undefined {
  if (state.mode === "when") {
    const { field, op, value } = state.condition;
    if (!field || (names && !names.has(field))) return "Choose a field.";
    if (takesValue(op) && value === "") return "Type the value to compare with.";
    return undefined;
  }
  if (state.mode === "advanced") return state.advanced.trim() ? expressionProblem(state.advanced, names) : "Type an expression, or choose Always.";
  return undefined;
}

/** The `v_hidden` to save: null (always shown), true (never), or an expression. */
export function hiddenValue(state: ConditionState): true | null | string {
  switch (state.mode) {
    case "always": return null;
    case "never": return true;
    case "when": return hiddenExpressionOf(state.condition);
    case "advanced": return state.advanced.trim();
  }
}
