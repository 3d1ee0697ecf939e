/** @jsxRuntime automatic */
/**
 * The form's first screen as visitors get it, drawn with the public form's components:
 * the title, the first section logic shows (or every block of a form without sections) and
 * the footer, with the blocks logic hides for a visitor who has answered nothing hidden, as
 * on the public page before the first answer.
 */
import { useMemo } from "react";
import { navigationButtons, type EditorDocument } from "@fieldwork/core";
import { BlockNode } from "../../../respondent/block-node";
import { FormFooter } from "../../../respondent/form-footer";
import { indexForm } from "../../../respondent/form-index";
import { FormLogicContext, FormModelContext, type FormModel } from "../../../respondent/form-model-context";
import { hiddenSectionIds, prefilledLogic } from "../../../respondent/form-logic-state";
import { CARD_PADDING, Card } from "../../../respondent/form-page";
import { ProgressBar } from "../../../respondent/progress-bar";
import { SectionView } from "../../../respondent/section-view";

const noPrefill = () => undefined;
const nothing = () => undefined;

export function FormPreview({ doc }: { doc: Pick<EditorDocument, "title" | "blocks" | "fields"> }) {
  const model = useMemo<FormModel>(() => ({ index: indexForm({ blocks: doc.blocks, fields: doc.fields, tree: [] }), prefill: noPrefill, lang: document.documentElement.lang || "en" }), [doc.blocks, doc.fields]);
  const logic = useMemo(() => ({ logic: prefilledLogic(doc.fields, doc.blocks, noPrefill), interactive: true }), [doc.blocks, doc.fields]);
  const { tree, section_ids, blocks } = model.index;
  const hidden_section_ids = hiddenSectionIds(section_ids, blocks, logic.logic);
  const shown = section_ids.filter((id) => !hidden_section_ids.includes(id));
  const first = shown[0] ?? null;
  const buttons = navigationButtons({ section_ids, current_section_id: first, payment_section_ids: model.index.payment_section_ids, hidden_section_ids, is_submitting: false });
  const progress = { position: 1, total: shown.length };
  return (
    <FormModelContext value={model}>
      <FormLogicContext value={logic}>
      <Card>
        <ProgressBar position={progress.position} total={progress.total} />
        <div className={CARD_PADDING}>
          <p className="text-title font-semibold text-fg">{doc.title || "Untitled form"}</p>
          <div className="mt-10 flex flex-col gap-8">
            {tree.length === 0 ? <p className="text-base text-muted">This form has no questions yet.</p> : null}
            {tree.map((node) =>
              node.type === "section"
                ? node.id === first ? <SectionView key={node.id} node={node} current interactive /> : null
                : <BlockNode key={node.id} node={node} locked={false} />,
            )}
          </div>
          <div className="mt-10">
            <FormFooter buttons={buttons} interactive is_submitting={false} progress={progress} onBack={nothing} onNext={nothing} />
          </div>
        </div>
      </Card>
      </FormLogicContext>
    </FormModelContext>
  );
}
