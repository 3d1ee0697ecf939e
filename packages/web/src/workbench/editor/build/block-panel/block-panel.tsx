/** @jsxRuntime automatic */
/**
 * The block side panel ("New Section", "Edit Heading", "Edit Image"…): a live preview drawn
 * by the public form's block renderer, then inputs for the keys the block's type has —
 * titles and descriptions as plain text (saved as simple paragraphs), an html block's body
 * as HTML, a media block's source as a URL checked by core's isSafeUrl. Save dispatches
 * update-block (so it undoes and queues like any command); a refusal stays in the panel.
 * Below, the condition builder sets when visitors see the block (set-block-hidden).
 */
import { useEffect, useMemo, useReducer, useState } from "react";
import type { FormBlock } from "@fieldwork/core";
import { cn } from "../../../../ui/cn";
import { Field } from "../../../../ui/field";
import { controlClass, Input } from "../../../../ui/input";
import { command } from "../build-reducer";
import { useBuild, useBuildStore } from "../build-store";
import { SidePanel, SidePanelFooter } from "../side-panel";
import { useQueuedSave } from "../use-queued-save";
import { BlockContentPreview } from "./block-content-preview";
import { ConditionEditor } from "./condition-editor";
import { useConditionDraft } from "./use-condition-draft";
import {
  BLOCK_TYPE_LABELS, blockPanelReducer, blockProblems, draftContent, formattedKeys, initBlockPanel, isDirty, toContent, type BlockKey,
} from "./block-panel-state";

const TEXTAREA = cn(controlClass, "h-auto min-h-20 resize-y py-2 leading-normal");

function labelOf(type: FormBlock["type"], key: BlockKey): string {
  if (key === "src") return type === "pdf" ? "PDF address" : type === "video" ? "Video address" : "Image address";
  if (key === "body_html") return "Text (HTML)";
  if (key === "description_html") return "Description";
  return type === "image" || type === "video" || type === "pdf" ? "Caption" : "Title";
}

function PanelBody({ block, fresh, onClose }: { block: FormBlock; fresh: boolean; onClose: () => void }) {
  const store = useBuildStore();
  const [state, dispatch] = useReducer(blockPanelReducer, { block, fresh }, initBlockPanel);
  const condition = useConditionDraft(block);
  // A section's "Contains payment" (spec 1 §4.1): Pay replaces Next there.
  const storedPayment = block.attributes?.contains_payment === true;
  const [containsPayment, setContainsPayment] = useState(storedPayment);
  const problems = blockProblems(state);
  const invalid = Object.keys(problems).length > 0 || condition.problem !== undefined;
  const formatted = formattedKeys(state);
  const content = useMemo(() => draftContent(state), [state]);
  const save = useQueuedSave(onClose, (message) => dispatch({ type: "save-refused", message }));
  const edit = (key: BlockKey) => ({ value: state.draft[key], onChange: (e: { target: { value: string } }) => dispatch({ type: "edit", key, value: e.target.value }) });

  const onSave = () => {
    if (invalid || state.saving) return;
    const actions = [
      ...(condition.action ? [condition.action] : []),
      ...(block.type === "section" && containsPayment !== storedPayment ? [command("set-contains-payment", { block_id: block.id, contains_payment: containsPayment })] : []),
      ...(isDirty(state) ? [command("update-block", { block_id: block.id, content: toContent(state) })] : []),
    ];
    const last = actions.pop();
    if (!last) return onClose();
    dispatch({ type: "save-started" });
    actions.forEach(store.dispatch);
    save(last);
  };

  const input = (key: BlockKey) => {
    const hint = formatted.includes(key) ? "Its formatting is dropped if you change it here." : key === "description_html" ? "A blank line starts a new paragraph." : undefined;
    switch (key) {
      case "src":
        return (
          <Field key={key} label={labelOf(block.type, key)} error={problems.src} hint="An https:// address, or a path on this site like /files/map.png.">
            {(p) => <Input {...p} {...edit(key)} type="url" inputMode="url" placeholder="https://" spellCheck={false} autoComplete="off" className="font-mono" />}
          </Field>
        );
      case "body_html":
        return (
          <Field key={key} label={labelOf(block.type, key)} hint="Simple HTML: <p>, <a href>, <strong>, <em>, lists. Scripts and styles are removed when saved.">
            {(p) => <textarea {...p} {...edit(key)} rows={8} spellCheck={false} placeholder="<p>Tell visitors what to expect.</p>" className={cn(TEXTAREA, "font-mono text-xs md:text-xs")} />}
          </Field>
        );
      case "description_html":
        return <Field key={key} label={labelOf(block.type, key)} hint={hint}>{(p) => <textarea {...p} {...edit(key)} rows={3} className={TEXTAREA} />}</Field>;
      case "title_html":
        return <Field key={key} label={labelOf(block.type, key)} hint={hint}>{(p) => <Input {...p} {...edit(key)} />}</Field>;
    }
  };

  return (
    <>
      <div className="grid content-start gap-5 overflow-y-auto px-5 py-5">
        <BlockContentPreview block={block} content={content} />
        <form className="grid gap-5" onSubmit={(e) => { e.preventDefault(); onSave(); }}>
          {state.keys.map(input)}
          {block.type === "section" ? (
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" role="switch" checked={containsPayment} onChange={(e) => setContainsPayment(e.target.checked)}
                className="focus-ring mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--color-accent)]" />
              <span className="grid gap-0.5">
                <span className="font-medium text-fg">Contains payment</span>
                <span className="text-xs text-muted">Visitors pay in this section: Pay replaces Next, and the answer is stored only with a confirmed payment.</span>
              </span>
            </label>
          ) : null}
          {/* A section logic hides is skipped by the public form's navigation. */}
          <div className="border-t border-line pt-5"><ConditionEditor label="Show this block" {...condition.editor} /></div>
          <button type="submit" hidden tabIndex={-1} />
        </form>
      </div>
      <SidePanelFooter refusal={state.refusal} invalid={invalid} saving={state.saving} onCancel={onClose} onSave={onSave} />
    </>
  );
}

export function BlockPanel({ block_id, fresh, onClose }: { block_id: string; fresh: boolean; onClose: () => void }) {
  const block = useBuild((s) => s.working.blocks.find((b) => b.id === block_id));
  useEffect(() => {
    if (!block) onClose();
  }, [block, onClose]);
  if (!block) return null;
  return (
    <SidePanel title={`${fresh ? "New" : "Edit"} ${BLOCK_TYPE_LABELS[block.type]}`} focusKey={block_id} onClose={onClose}>
      <PanelBody key={block_id} block={block} fresh={fresh} onClose={onClose} />
    </SidePanel>
  );
}
