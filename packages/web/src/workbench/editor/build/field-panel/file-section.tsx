/** @jsxRuntime automatic */
/**
 * The field panel's file settings (spec 2 §3, §5; spec 1 §5): accept, how many files, the
 * upload type (multipart with the form, or a signed upload through the field's request url)
 * and the storage section (an own path template; a `{{…}}` placeholder makes the mode staged).
 * The rules are core's (`storagePathProblem`, `storageModeOfPath`, `maxFilesOf`), which the
 * server applies again on save.
 */
import type { ReactNode } from "react";
import { FILE_LIMITS, maxFilesOf, storageModeOfPath, type UploadType } from "@fieldwork/core";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { FieldDraft, PanelAction, PanelProblems } from "./panel-state";

const MB = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

export function FileSection({ draft, problems, dispatch, check }: {
  draft: FieldDraft;
  problems: PanelProblems;
  dispatch: (action: PanelAction) => void;
  /** The panel's checkbox row. */
  check: (props: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) => ReactNode;
}) {
  const most = maxFilesOf(draft);
  const mode = storageModeOfPath(draft.storage_path);
  return (
    <section className="grid gap-4 border-t border-line pt-5" aria-label="Files">
      <h3 className="text-sm font-semibold text-fg">Files</h3>
      <Field label="Accept" hint="File types, like image/* or .pdf. The server checks the type read from the file's bytes.">
        {(p) => <Input {...p} value={draft.accept} onChange={(e) => dispatch({ type: "text", key: "accept", value: e.target.value })} className="font-mono" />}
      </Field>
      <p className="text-xs text-muted">Max files: <strong className="text-fg">{most}</strong> ({most === 1 ? "turn on Multiple for up to 10" : "with Multiple on"}).</p>
      <Field label="Upload type"
        hint={draft.upload_type === "multipart"
          ? `Files post with the form, up to ${MB(FILE_LIMITS.multipart_bytes)} each; works without JavaScript.`
          : `Each file uploads on its own through a signed URL, up to ${MB(FILE_LIMITS.signed_url_bytes)}, with progress.`}>
        {(p) => (
          <Select {...p} value={draft.upload_type} onChange={(e) => dispatch({ type: "upload-type", value: e.target.value as UploadType })}>
            <option value="multipart">Multipart (with the form)</option>
            <option value="requesturl">Request URL (signed upload)</option>
          </Select>
        )}
      </Field>
      {check({
        label: "Own storage path", hint: "Where files go inside the form's folder. Default: {{row_id}}/{{field_id}}.",
        checked: draft.storage_enabled, onChange: (value) => dispatch({ type: "flag", key: "storage_enabled", value }),
      })}
      {draft.storage_enabled ? (
        <Field label="Storage upload path" error={problems.storage}
          hint={mode === "staged" ? "Mode: staged (a {{…}} placeholder): files wait under tmp/ until the answer is submitted." : "Mode: direct: files are written at this path as they upload."}>
          {(p) => <Input {...p} value={draft.storage_path} onChange={(e) => dispatch({ type: "text", key: "storage_path", value: e.target.value })} className="font-mono" spellCheck={false} />}
        </Field>
      ) : null}
    </section>
  );
}
