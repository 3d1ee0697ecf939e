/** @jsxRuntime automatic */
/**
 * The block with the panel's draft content, drawn as visitors will see it by the canvas's
 * BlockPreview (the public form's block renderer) in a form model of its own.
 */
import { useMemo } from "react";
import { isSafeUrl, type FormBlock } from "@fieldwork/core";
import { indexForm } from "../../../../respondent/form-index";
import { FormModelContext, type FormModel } from "../../../../respondent/form-model-context";
import { BlockPreview } from "../block-preview";
import type { BlockContent } from "../editor-request";

const noPrefill = () => undefined;

export function BlockContentPreview({ block, content }: { block: FormBlock; content: BlockContent }) {
  // An unsafe source is drawn as none yet (the renderer would leave the block empty).
  const draft = useMemo<FormBlock>(() => {
    const next = { ...block, ...content, v_hidden: null };
    return isSafeUrl(next.src) ? next : { ...next, src: null };
  }, [block, content]);
  const model = useMemo<FormModel>(() => ({ index: indexForm({ blocks: [draft], fields: [], tree: [] }), prefill: noPrefill, lang: document.documentElement.lang || "en" }), [draft]);
  return (
    <section aria-label="Preview" className="grid gap-2 rounded-lg border border-dashed border-line-strong bg-page p-4">
      <FormModelContext value={model}>
        <BlockPreview block={draft} />
      </FormModelContext>
    </section>
  );
}
