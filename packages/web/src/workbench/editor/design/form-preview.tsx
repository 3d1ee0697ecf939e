/** @jsxRuntime automatic */
/**
 * The form's first screen as visitors get it, drawn with the public form's components:
 * the title, the first section (or every block of a form without sections) and the footer.
 */
import { useMemo } from "react";
import { navigationButtons, type EditorDocument } from "@fieldwork/core";
import { BlockNode } from "../../../respondent/block-node";
import { FormFooter } from "../../../respondent/form-footer";
import { indexForm } from "../../../respondent/form-index";
import { FormModelContext, type FormModel } from "../../../respondent/form-model-context";
import { CARD_PADDING, Card } from "../../../respondent/form-page";
import { ProgressBar } from "../../../respondent/progress-bar";
import { SectionView } from "../../../respondent/section-view";

const noPrefill = () => undefined;
const nothing = () => undefined;

export function FormPreview({ doc }: { doc: Pick<EditorDocument, "title" | "blocks" | "fields"> }) {
  const model = useMemo<FormModel>(() => ({ index: indexForm({ blocks: doc.blocks, fields: doc.fields, tree: [] }), prefill: noPrefill }), [doc.blocks, doc.fields]);
  const { tree, section_ids } = model.index;
  const first = section_ids[0] ?? null;
  const buttons = navigationButtons({ section_ids, current_section_id: first, payment_section_ids: model.index.payment_section_ids, hidden_section_ids: [], is_submitting: false });
  const progress = { position: 1, total: section_ids.length };
  return (
    <FormModelContext value={model}>
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
    </FormModelContext>
  );
}
