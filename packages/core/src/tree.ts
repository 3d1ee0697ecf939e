import type { FormBlock, TreeNode } from "./form-model";

/**
 * Builds the render tree from flat blocks: children hang off `parent_id` and are ordered by
 * `local_index` (spec 1 §3.3). Blocks whose parent is missing are attached to the root so
 * that nothing an owner made silently disappears.
 */
export function buildTree(blocks: readonly Pick<FormBlock, "id" | "type" | "parent_id" | "local_index">[]): TreeNode[] {
  const ids = new Set(blocks.map((b) => b.id));
  const byParent = new Map<string | null, typeof blocks[number][]>();
  for (const block of blocks) {
    const parent = block.parent_id && ids.has(block.parent_id) ? block.parent_id : null;
    const list = byParent.get(parent) ?? [];
    list.push(block);
    byParent.set(parent, list);
  }
  const visit = (parent: string | null, depth: number, seen: Set<string>): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.local_index - b.local_index)
      .filter((b) => !seen.has(b.id))
      .map((b) => {
        seen.add(b.id);
        return { id: b.id, type: b.type, depth, children: visit(b.id, depth + 1, seen) };
      });
  return visit(null, 0, new Set());
}

/** Section ids in order: the top-level section blocks (spec 1 §4.1). */
export function sectionIds(tree: readonly TreeNode[]): string[] {
  return tree.filter((node) => node.type === "section").map((node) => node.id);
}

/** Every block id below a node, depth first. */
export function descendantIds(node: TreeNode): string[] {
  return node.children.flatMap((child) => [child.id, ...descendantIds(child)]);
}
