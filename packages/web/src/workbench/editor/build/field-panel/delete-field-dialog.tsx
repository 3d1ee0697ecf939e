/** @jsxRuntime automatic */
/**
 * Deleting a field (not only its block) asks first, saying how many responses hold an
 * answer in it (`GET …/fields/{id}/answers`): the column goes with the field.
 */
import { useEffect, useState } from "react";
import { fetchFieldAnswers } from "../../../api/form-editor";
import { messageOf } from "../../../api/http";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { resolveId } from "../editor-request";
import { useBuildStore } from "../build-store";

/** What the dialog says about the answers a delete would lose. */
export function answersSentence(answered: number | null | string): string {
  if (answered === null) return "Counting the answers it holds…";
  if (typeof answered === "string") return `Could not count its answers (${answered}).`;
  if (answered === 0) return "No response has an answer in this field yet.";
  const n = answered.toLocaleString("en-US");
  return answered === 1
    ? "1 response has an answer in this field; it will be deleted."
    : `${n} responses have an answer in this field; they will be deleted.`;
}

export function DeleteFieldDialog({ open, field_id, label, onClose, onConfirm }: {
  open: boolean; field_id: string; label: string; onClose: () => void; onConfirm: () => void;
}) {
  const store = useBuildStore();
  const [answered, setAnswered] = useState<number | null | string>(null);
  useEffect(() => {
    if (!open) return;
    const { working, ids, queue } = store.get();
    const real = resolveId(ids, field_id);
    // A field whose create is still on its way has no answers yet.
    if (queue.some((q) => q.request.kind === "create-field" && q.request.field_id === field_id)) {
      setAnswered(0);
      return;
    }
    const controller = new AbortController();
    setAnswered(null);
    fetchFieldAnswers(working.form_id, real, controller.signal)
      .then((r) => setAnswered(r.answered))
      .catch((error: unknown) => { if (!controller.signal.aborted) setAnswered(messageOf(error)); });
    return () => controller.abort();
  }, [open, field_id, store]);
  return (
    <ConfirmDialog open={open} onClose={onClose} title={`Delete “${label}”?`} confirmLabel="Delete" danger
      onConfirm={async () => onConfirm()}>
      {`${answersSentence(answered)} The field and its column are removed.`}
    </ConfirmDialog>
  );
}
