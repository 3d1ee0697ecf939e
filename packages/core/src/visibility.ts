/**
 * Which blocks and fields a visitor sees: a block hidden by its `v_hidden` flag hides
 * everything inside it, and a field shows only through a shown field block. The browser
 * renders by these rules and the server checks by them, so a field the visitor could not
 * see is never required of them. (Only the literal `true` hides until expressions exist.)
 */
import type { FormBlock } from "./form-model";

export function isBlockHidden(block: Pick<FormBlock, "v_hidden"> | undefined): boolean {
  return block?.v_hidden === true;
}

/** Ids of the fields shown by at least one field block whose block and ancestors are all shown. */
export function shownFieldIds(blocks: readonly Pick<FormBlock, "id" | "parent_id" | "type" | "form_field_id" | "v_hidden">[]): Set<string> {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const shown = new Map<string, boolean>();
  const isShown = (block: (typeof blocks)[number], depth = 0): boolean => {
    const known = shown.get(block.id);
    if (known !== undefined) return known;
    const parent = block.parent_id ? byId.get(block.parent_id) : undefined;
    // A parent missing from the list, or a cycle past any real depth, hides (never loops).
    const result = !isBlockHidden(block) && (block.parent_id === null || (parent !== undefined && depth < blocks.length && isShown(parent, depth + 1)));
    shown.set(block.id, result);
    return result;
  };
  const ids = new Set<string>();
  for (const block of blocks) {
    if (block.type === "field" && block.form_field_id && isShown(block)) ids.add(block.form_field_id);
  }
  return ids;
}
