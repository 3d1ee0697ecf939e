/** @jsxRuntime automatic */
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { FormActions } from "../../ui/form-actions";
import { deleteDocument, updateDocument } from "../api/documents";
import type { DocumentSummary } from "../api/types";
import { useForm } from "../forms/use-form";
import { validateRenameDocument, type RenameDocumentValues } from "../forms/validation";
import { toast } from "../shell/toast-store";
import { FormAlert } from "./auth-layout";
import { deleteConfirmation, documentTitle, type DocumentAction } from "./document-actions";
import { toastAction } from "../shell/toast-action";

interface Props {
  csrf_token: string;
  /** After a rename or a delete: the list loads again. */
  onChanged: () => void;
}

function RenameForm({ doc, csrf_token, onChanged, onCancel }: Props & { doc: DocumentSummary; onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<RenameDocumentValues>({
    initial: { title: doc.title },
    validate: validateRenameDocument,
    async submit(values) {
      const title = values.title.trim();
      if (title !== doc.title) {
        await updateDocument(doc.id, { title }, { csrf_token });
        toast.success(`Renamed to “${title}”.`);
        onChanged();
      }
      onCancel();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Title" error={state.errors.title}>
        {(p) => <Input {...p} {...field("title")} autoFocus onFocus={(event) => event.currentTarget.select()} />}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting}>Rename</FormActions>
    </form>
  );
}

/** The dialog of the row menu's choice: Rename (a title) or Delete (a confirmation). */
export function DocumentDialogs({ action, onClose, ...props }: Props & { action: DocumentAction | null; onClose: () => void }) {
  const doc = action?.doc;
  const confirmation = action?.kind === "delete" ? deleteConfirmation(action.doc) : null;
  const remove = async () => {
    if (!doc) return;
    await toastAction(async () => {
      await deleteDocument(doc.id, { csrf_token: props.csrf_token });
      return `“${documentTitle(doc)}” was deleted.`;
    }, props.onChanged);
  };
  return (
    <>
      <Dialog open={action?.kind === "rename"} onClose={onClose} title="Rename document">
        {action?.kind === "rename" ? <RenameForm {...props} doc={action.doc} onCancel={onClose} /> : null}
      </Dialog>
      <ConfirmDialog open={confirmation !== null} onClose={onClose} title={confirmation?.title} confirmLabel={confirmation?.confirmLabel ?? ""} danger onConfirm={remove}>
        {confirmation?.body}
      </ConfirmDialog>
    </>
  );
}
