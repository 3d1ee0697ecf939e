/**
 * Lookup tables the renderer needs from a preload: blocks and fields by id, the render tree
 * (the server's `tree`, or one built from `blocks`) and the section order for navigation.
 */
import { buildTree, hasHiddenExpression, sectionIds, type FormBlock, type FormField, type FormPreload, type TreeNode } from "@fieldwork/core";

export interface FormIndex {
  blocks: ReadonlyMap<string, FormBlock>;
  fields: ReadonlyMap<string, FormField>;
  fields_by_name: ReadonlyMap<string, FormField>;
  tree: TreeNode[];
  section_ids: string[];
  payment_section_ids: string[];
}

export function indexForm(preload: Pick<FormPreload, "blocks" | "fields" | "tree">): FormIndex {
  const blocks = new Map(preload.blocks.map((b) => [b.id, b]));
  const tree = preload.tree.length > 0 ? preload.tree : buildTree(preload.blocks);
  const section_ids = sectionIds(tree);
  return {
    blocks,
    fields: new Map(preload.fields.map((f) => [f.id, f])),
    fields_by_name: new Map(preload.fields.map((f) => [f.name, f])),
    tree,
    section_ids,
    payment_section_ids: section_ids.filter((id) => blocks.get(id)?.attributes?.contains_payment === true),
  };
}

/** A block hidden by its `v_hidden` flag (core's rule, which the server's checks follow too). */
export { isBlockHidden } from "@fieldwork/core";

/** Whether a block around this one (not itself) is in `ids`: a section or group logic hides. */
export function insideAny(index: Pick<FormIndex, "blocks">, block: FormBlock, ids: ReadonlySet<string>): boolean {
  let current = block.parent_id ? index.blocks.get(block.parent_id) : undefined;
  for (let depth = 0; current && depth <= index.blocks.size; depth++) {
    if (ids.has(current.id)) return true;
    current = current.parent_id ? index.blocks.get(current.parent_id) : undefined;
  }
  return false;
}

/** Whether the block or a block around it has a `v_hidden` expression (its showing depends on answers). */
export function underLogic(index: Pick<FormIndex, "blocks">, block: FormBlock): boolean {
  let current: FormBlock | undefined = block;
  for (let depth = 0; current && depth <= index.blocks.size; depth++) {
    if (hasHiddenExpression(current)) return true;
    current = current.parent_id ? index.blocks.get(current.parent_id) : undefined;
  }
  return false;
}
