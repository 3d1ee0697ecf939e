/**
 * A form's logic for one set of answers, the same in the browser (live, on every input) and
 * on the server (on the posted answers):
 *
 * 1. computed fields (`v_value`) are computed from the answers;
 * 2. blocks' `v_hidden` expressions are evaluated on answers + computed values;
 * 3. a field hidden by logic (shown without expressions, not shown with them) has no
 *    answer: it is null for the expressions too, and 1–2 run again until nothing changes
 *    (at most one round per field, then the last round stands).
 *
 * So a block shown by a field that is itself hidden goes away with it, and what the server
 * stores is what the page showed.
 */
import type { FormBlock } from "../form-model";
import { isBlockHidden, shownFieldIds } from "../visibility";
import { computeFieldValues, isComputedField } from "./computed";
import type { LogicScope, LogicValue } from "./evaluate";

type LogicField = Parameters<typeof computeFieldValues>[0][number];
type LogicBlock = Pick<FormBlock, "id" | "parent_id" | "type" | "form_field_id" | "v_hidden">;

export interface FormLogic {
  /** Field name → the value expressions read (hidden-by-logic fields are null). */
  scope: ReadonlyMap<string, LogicValue>;
  /** Field id → computed value, for every field with a `v_value`. */
  computed: ReadonlyMap<string, LogicValue>;
  /** Blocks hidden by their own `v_hidden` (literal or expression); their children go with them. */
  hidden_block_ids: ReadonlySet<string>;
  /** Fields shown through some shown block. */
  shown_field_ids: ReadonlySet<string>;
  /** Fields that only logic hides: shown when every expression is false. They keep no answer. */
  logic_hidden_field_ids: ReadonlySet<string>;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

export function evaluateFormLogic(fields: readonly LogicField[], blocks: readonly LogicBlock[], answers: LogicScope): FormLogic {
  const staticShown = shownFieldIds(blocks);
  const nameOf = new Map(fields.map((f) => [f.id, f.name]));
  let hidden = new Set<string>();
  let result: FormLogic | undefined;
  for (let round = 0; round <= fields.length; round++) {
    const blanked = new Set([...hidden].map((id) => nameOf.get(id)));
    const base: LogicScope = { get: (name) => (blanked.has(name) ? null : answers.get(name)) };
    const computed = computeFieldValues(fields, base);
    const scope = new Map(fields.map((f) => [f.name, blanked.has(f.name) ? null : computed.has(f.id) ? computed.get(f.id)! : answers.get(f.name) ?? null]));
    const shown = shownFieldIds(blocks, scope);
    const next = new Set([...staticShown].filter((id) => !shown.has(id)));
    result = {
      scope, computed, shown_field_ids: shown, logic_hidden_field_ids: next,
      hidden_block_ids: new Set(blocks.filter((b) => isBlockHidden(b, scope)).map((b) => b.id)),
    };
    if (sameSet(next, hidden)) break;
    hidden = next;
  }
  return result!;
}

/** What no answer changes in a form without expressions: the same for every submit of a loaded revision. */
export type AnswerFreeLogic = Pick<FormLogic, "computed" | "shown_field_ids" | "logic_hidden_field_ids">;

const answerFree = new WeakMap<readonly LogicBlock[], AnswerFreeLogic>();

/**
 * For a form without expressions (no field's `v_value`, no block's `v_hidden` text), the parts
 * of `evaluateFormLogic` the submit reads, which then do not depend on the answers: no computed
 * values, the statically shown fields, nothing hidden by logic. Kept per blocks list (a loaded
 * revision's), so a rush of submits reads it once. Undefined for a form with expressions.
 */
export function logicWithoutExpressions(fields: readonly LogicField[], blocks: readonly LogicBlock[]): AnswerFreeLogic | undefined {
  if (fields.some(isComputedField) || blocks.some((b) => typeof b.v_hidden === "string")) return undefined;
  let logic = answerFree.get(blocks);
  if (!logic) answerFree.set(blocks, (logic = { computed: new Map(), shown_field_ids: shownFieldIds(blocks), logic_hidden_field_ids: new Set() }));
  return logic;
}
