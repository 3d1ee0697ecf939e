/** @jsxRuntime automatic */
/**
 * One top-level section. Interactive: only the current one shows; the others stay in the
 * DOM (`hidden`) so their values are still posted, and their fields are locked (no native
 * constraints). Before that (server render, no JavaScript) every section shows and
 * validates. A section logic hides is never current (navigation skips it, core
 * navigation.ts), so it stays hidden with JavaScript and shows without.
 */
import type { TreeNode } from "@fieldwork/core";
import { BlockHeading, BlockNode } from "./block-node";
import { useFormModel } from "./form-model-context";

export function SectionView({ node, current, interactive }: { node: TreeNode; current: boolean; interactive: boolean }) {
  const { index } = useFormModel();
  const block = index.blocks.get(node.id);
  const locked = interactive && !current;
  return (
    <section
      data-section-id={node.id}
      hidden={locked || undefined}
      tabIndex={-1}
      className="flex flex-col gap-8 outline-none"
    >
      {block ? <BlockHeading block={block} level={2} /> : null}
      {node.children.map((child) => (
        <BlockNode key={child.id} node={child} locked={locked} />
      ))}
    </section>
  );
}
