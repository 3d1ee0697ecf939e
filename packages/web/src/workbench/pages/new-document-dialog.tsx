/** @jsxRuntime automatic */
import { DOCTYPE_LABELS, editorPath, FORM_TEMPLATES, formTemplate, type Doctype } from "@fieldwork/core";
import { Dialog } from "../../ui/dialog";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Select } from "../../ui/select";
import { FormActions } from "../../ui/form-actions";
import { createDocument } from "../api/documents";
import { useForm } from "../forms/use-form";
import { validateNewDocument, type NewDocumentValues } from "../forms/validation";
import { navigate } from "../router/history";
import { FormAlert } from "./auth-layout";

/** The document types built in this version: forms, databases (schemas) and storage buckets. The others exist in the API and open on a "not built" page. */
const OFFERED: readonly Doctype[] = ["v0_form", "v0_schema", "v0_bucket"];

interface Target {
  org: string;
  project: string;
  project_id: string;
  csrf_token: string;
}

/** Type and title; the new document opens in the editor (`/{org}/{project}/{id}`). */
function NewDocumentForm({ target, onCancel }: { target: Target; onCancel: () => void }) {
  const { state, onSubmit, field } = useForm<NewDocumentValues>({
    initial: { doctype: "v0_form", title: "", template: "" },
    validate: validateNewDocument,
    async submit(values) {
      const template = values.doctype === "v0_form" && values.template ? { template: values.template } : {};
      const created = await createDocument(target.project_id, { doctype: values.doctype as Doctype, title: values.title.trim(), ...template }, { csrf_token: target.csrf_token });
      navigate(editorPath(`${target.org}/${target.project}`, created.id));
    },
  });
  const label = DOCTYPE_LABELS[state.values.doctype as Doctype] ?? "document";
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={state.message} />
      <Field label="Type" error={state.errors.doctype} hint="Sites and canvases are not part of this version.">
        {(p) => (
          <Select {...p} {...field("doctype")}>
            {OFFERED.map((doctype) => <option key={doctype} value={doctype}>{DOCTYPE_LABELS[doctype]}</option>)}
          </Select>
        )}
      </Field>
      {state.values.doctype === "v0_form" ? (
        <Field label="Start from" error={state.errors.template} hint={formTemplate(state.values.template)?.description ?? "An empty form: add the first question in the editor."}>
          {(p) => (
            <Select {...p} {...field("template")}>
              <option value="">Blank form</option>
              {FORM_TEMPLATES.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          )}
        </Field>
      ) : null}
      <Field label="Title" error={state.errors.title}>
        {(p) => <Input {...p} {...field("title")} autoFocus placeholder={`Untitled ${label.toLowerCase()}`} />}
      </Field>
      <FormActions onCancel={onCancel} submitting={state.submitting}>Create {label.toLowerCase()}</FormActions>
    </form>
  );
}

export function NewDocumentDialog({ open, onClose, target }: { open: boolean; onClose: () => void; target: Target }) {
  return (
    <Dialog open={open} onClose={onClose} title="New document" description={`Add a form, a database or a storage bucket to ${target.project}.`}>
      <NewDocumentForm target={target} onCancel={onClose} />
    </Dialog>
  );
}
