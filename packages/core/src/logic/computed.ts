/**
 * Computed fields (`form_field.v_value`): each one's value from the others' answers.
 * Computed fields may read each other; a field that reaches itself through its references
 * (a cycle) is null, and so is a field whose expression does not parse. Every value is then
 * read the way the field reads its answers (`asFieldValue`), the same in the page and on the
 * server, which stores it through the field's full rules (`computedColumnValue`).
 */
import type { FormField } from "../form-model";
import { evaluateExpression, type LogicScope, type LogicValue } from "./evaluate";
import { expressionReferences, type Expression } from "./ast";
import { compileExpression } from "./parser";
import { asFieldValue } from "./scope";

type ComputedField = Pick<FormField, "id" | "name" | "type" | "multiple" | "options" | "v_value">;

/** Whether a field's value is computed (its `v_value` is an expression text). */
export const isComputedField = (field: Pick<FormField, "v_value">): boolean => typeof field.v_value === "string";

/** Names of computed fields that reach themselves through other computed fields. */
function cyclicNames(deps: ReadonlyMap<string, readonly string[]>): Set<string> {
  const cyclic = new Set<string>();
  for (const start of deps.keys()) {
    const seen = new Set<string>();
    const stack = [...(deps.get(start) ?? [])];
    while (stack.length) {
      const name = stack.pop()!;
      if (name === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(deps.get(name) ?? []));
    }
  }
  return cyclic;
}

/**
 * Every computed field's value (by field id), given the answers (by field name). Answers
 * posted for computed fields are not read: their value always comes from the expression.
 */
export function computeFieldValues(fields: readonly ComputedField[], answers: LogicScope): Map<string, LogicValue> {
  const computed = new Map<string, { field: ComputedField; ast: Expression | null }>();
  for (const field of fields) {
    if (!isComputedField(field)) continue;
    const parsed = compileExpression(field.v_value as string);
    computed.set(field.name, { field, ast: parsed.ok ? parsed.ast : null });
  }
  const deps = new Map([...computed].map(([name, c]) => [name, c.ast ? expressionReferences(c.ast).filter((n) => computed.has(n)) : []]));
  const cyclic = cyclicNames(deps);
  const memo = new Map<string, LogicValue>();
  const scope: LogicScope = { get: (name: string) => (computed.has(name) ? valueOf(name) : answers.get(name) ?? null) };
  function valueOf(name: string): LogicValue {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const { field, ast } = computed.get(name)!;
    // No cycle remains among the others, so this recursion ends (at most one level per field).
    const value = cyclic.has(name) || !ast ? null : asFieldValue(field, evaluateExpression(ast, scope));
    memo.set(name, value);
    return value;
  }
  return new Map([...computed.values()].map(({ field }) => [field.id, valueOf(field.name)]));
}
