/** @jsxRuntime automatic */
/**
 * The field panel's file settings (spec 2 §3, §5; spec 1 §5): accept, how many files, the
 * upload type (multipart with the form, or a signed upload through the field's request url)
 * and the storage section: the bucket the files go into (the project's buckets, or the form's
 * own folder) and an own path template (a `{{…}}` placeholder makes the mode staged). The
 * rules are core's (`storagePathProblem`, `storageModeOfPath`, `maxFilesOf`,
 * `fieldBucketProblem`), shown before save; the server applies them again and refuses with codes.
 */
import type { ReactNode } from "react";
import { bucketAllowedBy, bucketPolicyOfField, FILE_LIMITS, maxFilesOf, storageModeOfPath, type BucketChoice, type UploadType } from "@fieldwork/core";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { FieldDraft, PanelAction, PanelProblems } from "./panel-state";

const MB = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** The project's buckets as the panel has them: loading, loaded, or why not. */
export type BucketsState = { status: "loading" } | { status: "ready"; buckets: readonly BucketChoice[] } | { status: "failed"; message: string };

function BucketPicker({ draft, problem, buckets, dispatch }: { draft: FieldDraft; problem: string | undefined; buckets: BucketsState; dispatch: (action: PanelAction) => void }) {
  const list = buckets.status === "ready" ? buckets.buckets : [];
  const policy = bucketPolicyOfField(draft.type);
  const known = draft.storage_bucket === "" || list.some((b) => b.id === draft.storage_bucket);
  const hint = buckets.status === "failed" ? `The project's buckets could not be loaded: ${buckets.message}`
    : buckets.status === "loading" ? "Loading the project's buckets…"
    : list.find((b) => b.id === draft.storage_bucket)?.public ? "A public bucket: anyone with a file's link can read the answers' files. The path below is inside it."
    : draft.storage_bucket ? "Files go into this bucket (its page lists them); the path below is inside it."
    : list.length ? "Files stay in the form's own folder unless you pick one of the project's buckets."
    : "The project has no buckets: add a Bucket document to the project to store files there.";
  return (
    <Field label="Bucket" error={problem} hint={hint}>
      {(p) => (
        <Select {...p} value={draft.storage_bucket} onChange={(e) => dispatch({ type: "text", key: "storage_bucket", value: e.target.value })}>
          <option value="">The form's own folder</option>
          {list.map((b) => (
            <option key={b.id} value={b.id} disabled={!bucketAllowedBy(b, policy)}>{b.name} ({b.public ? "public" : "private"})</option>
          ))}
          {known ? null : <option value={draft.storage_bucket}>{buckets.status === "ready" ? "A bucket not in this project" : "The field's bucket"}</option>}
        </Select>
      )}
    </Field>
  );
}

export function FileSection({ draft, problems, buckets, dispatch, check }: {
  draft: FieldDraft;
  buckets: BucketsState;
  problems: PanelProblems;
  dispatch: (action: PanelAction) => void;
  /** The panel's checkbox row. */
  check: (props: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) => ReactNode;
}) {
  const most = maxFilesOf(draft);
  const mode = storageModeOfPath(draft.storage_path);
  return (
    <section className="grid gap-4 border-t border-line pt-5" aria-label="Files" data-testid="file-storage-section">
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
      <BucketPicker draft={draft} problem={problems.bucket} buckets={buckets} dispatch={dispatch} />
      {check({
        label: "Own storage path",
        hint: `Where files go inside ${draft.storage_bucket ? "the bucket" : "the form's folder"}. Default: {{row_id}}/{{field_id}}.`,
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
