/**
 * What the editor, the definition import and the API accept as `v_hidden` and `v_value`:
 * `v_hidden` is `true`, null or an expression; `v_value` is null or an expression. An
 * expression must parse and may only name fields the form has. The problem is a sentence
 * with the position, for the INVALID_EXPRESSION answer and the editor's inline message.
 */
import { FieldworkError } from "../error-catalogue";
import { expressionReferences } from "./ast";
import { parseExpression } from "./parser";
import { tokenize } from "./tokens";

/** Why `text` is not an expression over `names` (any names when not given), or undefined. */
export function expressionProblem(text: string, names?: ReadonlySet<string>): string | undefined {
  const parsed = parseExpression(text);
  if (!parsed.ok) return parsed.message;
  if (!names) return undefined;
  const unknown = expressionReferences(parsed.ast).find((name) => !names.has(name));
  if (unknown === undefined) return undefined;
  const at = tokenize(text).find((t) => t.type === "reference" && t.name === unknown)?.at ?? 0;
  return `Unknown field #/${unknown} at position ${at}`;
}

/** A block's `v_hidden`: true, null, or an expression. */
export function hiddenFlagProblem(value: unknown, names?: ReadonlySet<string>): string | undefined {
  if (value === true || value === null || value === undefined) return undefined;
  if (typeof value !== "string") return "v_hidden is true, null or an expression text";
  return expressionProblem(value, names);
}

/** A field's `v_value`: null or an expression. */
export function valueExpressionProblem(value: unknown, names?: ReadonlySet<string>): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return "v_value is null or an expression text";
  return expressionProblem(value, names);
}

export function assertNoProblem(problem: string | undefined, what: string): void {
  if (problem) throw new FieldworkError("INVALID_EXPRESSION", `${what}: ${problem}.`);
}
