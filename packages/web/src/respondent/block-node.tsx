/** @jsxRuntime automatic */
/**
 * Renders one node of the tree by block type: field, header, html, divider, image, video,
 * pdf, group (and a section nested below the top level). Top-level sections are drawn by
 * SectionView. Owner HTML (title_html, description_html, body_html) is trusted as stored.
 */
import type { ReactNode } from "react";
import { hasHiddenExpression, safeUrlOrUndefined, type FormBlock, type TreeNode } from "@fieldwork/core";
import { ComputedField } from "./computed-field";
import { FieldRenderer } from "./fields/field-renderer";
import { useFormLogicState, useFormModel } from "./form-model-context";
import { insideAny, isBlockHidden, underLogic } from "./form-index";
import { useText } from "./messages";

/**
 * Hiding: a block whose `v_hidden` is `true` is always hidden. One that logic hides is hidden
 * once the page is interactive; before (server render, no JavaScript) it is marked
 * `fw-nojs-only`, so with JavaScript it never paints and without it the visitor still sees
 * it. Fields under a hidden block, and before interactivity under any expression, are locked
 * (no native `required`), so the native submit is never blocked by a field the server will
 * not require.
 */
export function BlockNode({ node, locked }: { node: TreeNode; locked: boolean }) {
  const { index, prefill } = useFormModel();
  const text = useText();
  const { logic, interactive } = useFormLogicState();
  const block = index.blocks.get(node.id);
  if (!block) return null;
  const always = isBlockHidden(block);
  const byLogic = !always && logic.hidden_block_ids.has(block.id);
  // Nothing inside a section or group logic hides is required: the server does not require
  // it either (a top-level section is skipped by navigation, see form-view.tsx).
  const insideHidden = logic.hidden_block_ids.size > 0 && insideAny(index, block, logic.hidden_block_ids);
  const content = renderBlock(block, node, locked || always || byLogic || insideHidden || (!interactive && underLogic(index, block)));
  if (content === null) return null;
  if (always) return <div hidden>{content}</div>;
  if (!hasHiddenExpression(block)) return content;
  // Always the same wrapper, so showing and hiding keeps the inputs (and what was typed).
  return (
    <div
      hidden={(byLogic && interactive) || undefined}
      className={byLogic && !interactive ? "fw-nojs-only" : undefined}
      data-fw-logic={byLogic ? "hidden" : "shown"}
    >
      {content}
    </div>
  );

  function renderBlock(block: FormBlock, node: TreeNode, locked: boolean) {
    // Sources are checked when saved; a row from before that check may still hold `javascript:`.
    const src = safeUrlOrUndefined(block.src);
    switch (node.type) {
      case "field": {
        const field = block.form_field_id ? index.fields.get(block.form_field_id) : undefined;
        if (field && typeof field.v_value === "string") return <ComputedField field={field} value={logic.computed.get(field.id)} />;
        return field ? <FieldRenderer field={field} locked={locked} prefill={prefill(field)} /> : null;
      }
      case "header":
        return <BlockHeading block={block} level={2} />;
      case "html":
        return block.body_html ? <Html html={block.body_html} /> : null;
      case "divider":
        return <hr className="border-line" />;
      case "image":
        return src ? <Media block={block}><img src={src} alt="" loading="lazy" className="w-full rounded-xl" /></Media> : null;
      case "video":
        return src ? <Media block={block}><video src={src} controls preload="metadata" className="w-full rounded-xl bg-black" /></Media> : null;
      case "pdf":
        return src ? (
          <a href={src} target="_blank" rel="noreferrer" className="text-accent underline underline-offset-2">
            {block.title_html ? <span dangerouslySetInnerHTML={{ __html: block.title_html }} /> : text("form.open_pdf")}
          </a>
        ) : null;
      case "group":
      case "section":
        return (
          <fieldset className="flex min-w-0 flex-col gap-8 rounded-2xl border border-line p-5 sm:p-6">
            {block.title_html ? (
              <legend className="px-2 text-base font-semibold text-fg" dangerouslySetInnerHTML={{ __html: block.title_html }} />
            ) : null}
            {block.description_html ? <Html html={block.description_html} muted /> : null}
            {node.children.map((child) => (
              <BlockNode key={child.id} node={child} locked={locked} />
            ))}
          </fieldset>
        );
    }
  }
}

/** A title and description pair (header blocks, section headings). */
export function BlockHeading({ block, level }: { block: FormBlock; level: 2 | 3 }) {
  if (!block.title_html && !block.description_html) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="space-y-2">
      {block.title_html ? (
        <Heading className="text-xl font-semibold tracking-tight text-fg" dangerouslySetInnerHTML={{ __html: block.title_html }} />
      ) : null}
      {block.description_html ? <Html html={block.description_html} muted /> : null}
    </div>
  );
}

/** An image or video with its title as a caption below it. */
function Media({ block, children }: { block: FormBlock; children: ReactNode }) {
  if (!block.title_html) return children;
  return (
    <figure className="grid gap-2">
      {children}
      <figcaption className="text-center text-sm text-muted" dangerouslySetInnerHTML={{ __html: block.title_html }} />
    </figure>
  );
}

function Html({ html, muted = false }: { html: string; muted?: boolean }) {
  return <div className={`fw-prose text-base leading-relaxed ${muted ? "text-muted" : "text-fg"}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
