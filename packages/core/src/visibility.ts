/**
 * Which blocks and fields a visitor sees: a block hidden by its `v_hidden` hides everything
 * inside it, and a field shows only through a shown field block. The browser renders by
 * these rules and the server checks by them, so a field the visitor could not see is never
 * required of them.
 *
 * `v_hidden` is `true` (always hidden), null (shown) or an expression text (hidden while it
 * is truthy for the current answers; core logic/). Without a scope (a caller that has no
 * answers) only the literal `true` hides; an expression that does not parse never hides.
 */
import type { FormBlock } from "./form-model";
import { evaluateExpression, isTruthy, type LogicScope } from "./logic/evaluate";
import { compileExpression } from "./logic/parser";

/** Whether a block's `v_hidden` is an expression (its visibility depends on answers). */
export const hasHiddenExpression = (block: Pick<FormBlock, "v_hidden"> | undefined): boolean => typeof block?.v_hidden === "string";

export function isBlockHidden(block: Pick<FormBlock, "v_hidden"> | undefined, scope?: LogicScope): boolean {
  const flag = block?.v_hidden;
  if (flag === true) return true;
  if (typeof flag !== "string" || !scope) return false;
  const parsed = compileExpression(flag);
  return parsed.ok && isTruthy(evaluateExpression(parsed.ast, scope));
}

type VisibilityBlock = Pick<FormBlock, "id" | "parent_id" | "type" | "form_field_id" | "v_hidden">;

/** Ids of the fields shown by at least one field block whose block and ancestors are all shown. */
export function shownFieldIds(blocks: readonly VisibilityBlock[], scope?: LogicScope): Set<string> {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const shown = new Map<string, boolean>();
  const isShown = (block: VisibilityBlock, depth = 0): boolean => {
    const known = shown.get(block.id);
    if (known !== undefined) return known;
    const parent = block.parent_id ? byId.get(block.parent_id) : undefined;
    // A parent missing from the list, or a cycle past any real depth, hides (never loops).
    const result = !isBlockHidden(block, scope) && (block.parent_id === null || (parent !== undefined && depth < blocks.length && isShown(parent, depth + 1)));
    shown.set(block.id, result);
    return result;
  };
  const ids = new Set<string>();
  for (const block of blocks) {
    if (block.type === "field" && block.form_field_id && isShown(block)) ids.add(block.form_field_id);
  }
  return ids;
}
