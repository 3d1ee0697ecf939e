/** @jsxRuntime automatic */
/** Names a new folder inside the current one; core's `folderNameProblem` says what is wrong. */
import { useState, type FormEvent } from "react";
import { folderNameProblem } from "@fieldwork/core";
import { Dialog } from "../../../ui/dialog";
import { Field } from "../../../ui/field";
import { FormActions } from "../../../ui/form-actions";
import { Input } from "../../../ui/input";
import { messageOf } from "../../api/http";

export function NewFolderDialog({ open, onClose, folder, onCreate }: {
  open: boolean; onClose: () => void; folder: string; onCreate: (path: string) => Promise<unknown>;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const close = () => {
    setName("");
    setError(undefined);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = folderNameProblem(name);
    if (problem) return setError(problem);
    setSubmitting(true);
    try {
      await onCreate(`${folder}${name.trim()}`);
      close();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} title="New folder" description={folder ? `Inside ${folder}` : "At the top of the bucket."}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        <Field label="Folder name" error={error}>
          {(p) => <Input {...p} value={name} autoFocus onChange={(e) => { setName(e.target.value); setError(undefined); }} placeholder="invoices" />}
        </Field>
        <FormActions onCancel={close} submitting={submitting}>Create folder</FormActions>
      </form>
    </Dialog>
  );
}
