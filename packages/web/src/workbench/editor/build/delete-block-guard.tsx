/** @jsxRuntime automatic */
/**
 * Deleting a block from the canvas (its toolbar's Delete, the Delete and Backspace keys)
 * takes the fields it shows off the form. When any of them holds answers, the editor asks
 * first and says how many (issue 19 item 27); a block showing no field with answers goes at
 * once. The answers stay: a block delete frees its field (spec 2 §4), which stays in Data
 * and in the field list, to show again.
 */
import { createContext, use, useRef, useState, type ReactNode } from "react";
import { subtreeIds } from "@fieldwork/core";
import { fetchFieldAnswers } from "../../api/form-editor";
import { messageOf } from "../../api/http";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { command } from "./build-reducer";
import { useBuildStore } from "./build-store";
import { resolveId } from "./editor-request";

interface Answered { label: string; answered: number | string }
interface Pending { block_id: string; fields: Answered[] }

export const RequestDeleteContext = createContext<(block_id: string) => void>(() => undefined);

/** Asks to delete a block: at once, or after the confirmation when its fields hold answers. */
export const useRequestDelete = () => use(RequestDeleteContext);

const responses = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "response has" : "responses have"}`;

/** The dialog's sentence about the answers: the counts, or why one could not be counted. */
export function blockAnswersSentence(fields: readonly Answered[]): string {
  if (fields.length === 1) {
    const [{ answered }] = fields as [Answered];
    return typeof answered === "string"
      ? `Its answers could not be counted (${answered}).`
      : `${responses(answered)} an answer in this field.`;
  }
  const parts = fields.map(({ label, answered }) => `“${label}” (${typeof answered === "string" ? "not counted" : responses(answered).replace(/ has$| have$/, "")})`);
  return `Its fields hold answers: ${parts.join(", ")}.`;
}

/** The canvas's delete request (for its keys and, through RequestDeleteContext, its blocks) and the dialog it may open. */
export function useDeleteGuard(): { request: (block_id: string) => void; dialog: ReactNode } {
  const store = useBuildStore();
  const [pending, setPending] = useState<Pending | null>(null);
  const asking = useRef(0);

  const remove = (block_id: string) => store.dispatch(command("delete-block", { block_id }));

  const request = (block_id: string) => {
    const { working, ids, queue } = store.get();
    const inside = subtreeIds(working.blocks, block_id);
    const shown = working.fields.filter((f) => working.blocks.some((b) => inside.has(b.id) && b.form_field_id === f.id));
    // Fields whose create is still on its way hold no answers yet.
    const saved = shown.filter((f) => !queue.some((q) => q.request.kind === "create-field" && q.request.field_id === f.id));
    if (saved.length === 0) return remove(block_id);
    const ask = ++asking.current;
    void Promise.all(saved.map((f) => fetchFieldAnswers(working.form_id, resolveId(ids, f.id))
      .then((r): Answered => ({ label: f.label || f.name, answered: r.answered }))
      .catch((error: unknown): Answered => ({ label: f.label || f.name, answered: messageOf(error) }))))
      .then((fields) => {
        if (ask !== asking.current) return;
        const holding = fields.filter((f) => f.answered !== 0);
        if (holding.length === 0) remove(block_id);
        else setPending({ block_id, fields: holding });
      });
  };

  const one = pending?.fields.length === 1 ? pending.fields[0]! : null;
  const dialog = (
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={one ? `Remove “${one.label}” from the form?` : "Remove these fields from the form?"}
        confirmLabel="Delete"
        danger
        onConfirm={async () => { if (pending) remove(pending.block_id); }}
      >
        {pending ? `${blockAnswersSentence(pending.fields)} The form stops asking ${one ? "it" : "them"}; the answers stay in Data and the field can be shown again from the field list.` : ""}
      </ConfirmDialog>
  );
  return { request, dialog };
}
