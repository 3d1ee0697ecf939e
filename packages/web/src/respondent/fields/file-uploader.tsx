/** @jsxRuntime automatic */
/**
 * The file uploader (spec 1 §2.3, §4.3), loaded lazily by file-field.tsx: a drop zone (drag
 * and drop, or a button that opens the picker with Enter or Space), the list of files with
 * their status and a progress bar, a warning icon over a failed file with its message, and a
 * live region that reads each change out. The drop zone is disabled at the maximum count.
 *
 * Multipart fields keep the chosen files in the field's own `<input type=file>` (set through a
 * DataTransfer), so they post with the form. Request-url fields upload each file at once
 * through a signed URL and post its path in a hidden input, which the session also keeps.
 */
import { useEffect, useReducer, useRef, useState, type DragEvent } from "react";
import type { FormField, UploadType } from "@fieldwork/core";
import type { Text } from "../messages";
import { isFull, liveItems, postedReference, restoredFiles, uploadReducer, type UploadItem, type UploadRules } from "./upload-state";
import { putFile, requestSignedUpload, requestUrlFor } from "./upload-transport";

const RESTORE_FILES_EVENT = "fw:restore-files";

let counter = 0;
const nextId = () => `upload-${++counter}`;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;

// Lucide's upload, triangle-alert and x, drawn here: the icon runtime would be one more shared chunk.
const UPLOAD_ICON = "M12 3v12 M17 8l-5-5-5 5 M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4";
const WARNING_ICON = "m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3 M12 9v4 M12 17h.01";
const REMOVE_ICON = "M18 6 6 18 M6 6l12 12";

function Icon({ path, className }: { path: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={path} />
    </svg>
  );
}

const STATUS_TEXT = {
  pending: "upload.status_pending", uploading: "upload.status_uploading", uploaded: "upload.status_uploaded", failed: "upload.status_failed",
} as const;

/**
 * What the uploader needs of its field, worked out by file-field.tsx with core's rules: the
 * lazy chunk imports nothing the form's first load has (but React), so no shared module is
 * split into chunks of its own.
 */
export interface UploaderField {
  field: FormField;
  /** The input's DOM id (the label points at it) and its aria attributes. */
  dom_id: string;
  aria: { "aria-describedby"?: string; "aria-invalid"?: true };
  multiple: boolean;
  upload: UploadType;
  rules: UploadRules;
  /** The form's hidden input holding the session id. */
  session_param: string;
}

/** The preload's `upload.request_url` of a request-url field, when it names one. */
function requestUrlOf(field: FormField): string | null {
  const upload = field.upload;
  const url = upload && typeof upload === "object" && !Array.isArray(upload) ? upload.request_url : null;
  return typeof url === "string" ? url : null;
}

export default function FileUploader(
  { config, locked, prefill, picked }: { config: UploaderField; locked: boolean; prefill: unknown; picked?: readonly File[] },
) {
  const { field, rules, upload, multiple } = config;
  const { text } = rules;
  const [state, dispatch] = useReducer(uploadReducer(rules), undefined, () => ({ items: [], announcement: "" }));
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = isFull(rules, state);
  const disabled = locked || field.readonly || full;
  const accept = rules.accept ?? undefined;

  // Saved files come back uploaded: the preload's, and a reload's (restore-answers.ts leaves them
  // on the field's box, `data-restore`, in case this chunk loads after it, and sends an event).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const restore = (value: unknown) => {
      const files = restoredFiles(value);
      if (files.length) dispatch({ type: "restore", files });
    };
    restore(prefill);
    const shell = root.current?.closest("[data-field]");
    const saved = shell?.getAttribute("data-restore");
    if (saved) restore(JSON.parse(saved) as unknown);
    const onRestore = (event: Event) => restore((event as CustomEvent).detail);
    shell?.addEventListener(RESTORE_FILES_EVENT, onRestore);
    return () => shell?.removeEventListener(RESTORE_FILES_EVENT, onRestore);
  }, [prefill]);

  // Files chosen in the plain input before this chunk ran are taken as if chosen here.
  useEffect(() => {
    if (picked?.length) add(picked);
    // Once, on mount: later choices come through this input.
  }, []);

  // Multipart: the input holds exactly the accepted files, which the form posts.
  const pendingFiles = state.items.filter((i) => i.status === "pending" && i.file).map((i) => i.file!);
  useEffect(() => {
    const element = input.current;
    if (!element || upload !== "multipart" || typeof DataTransfer === "undefined") return;
    const transfer = new DataTransfer();
    for (const file of pendingFiles) transfer.items.add(file);
    element.files = transfer.files;
  }, [pendingFiles.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join("|"), upload]);

  // Request url: every pending file uploads at once (spec 1 §4.3 "Auto-upload starts pending items").
  useEffect(() => {
    if (upload !== "requesturl") return;
    for (const item of state.items) {
      if (item.status === "pending" && item.file) void uploadOne(item, item.file);
    }
  }, [state.items, upload]);

  // The session keeps the uploaded paths: the form's input listener sends them (use-session-sync.ts).
  const uploadedKey = state.items.filter((i) => i.status === "uploaded").map((i) => i.path).join("|");
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (upload === "requesturl") input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [uploadedKey, upload]);

  async function uploadOne(item: UploadItem, file: File) {
    dispatch({ type: "start", id: item.id });
    const form = input.current?.form;
    const session = form?.elements.namedItem(config.session_param);
    const sessionId = session instanceof HTMLInputElement ? session.value : "";
    const requestUrl = requestUrlFor(requestUrlOf(field), sessionId, field.id);
    if (!requestUrl) return dispatch({ type: "failed", id: item.id, message: text("upload.no_uploader") });
    try {
      const signed = await requestSignedUpload(requestUrl, file, text);
      await putFile(signed.signedUrl, file, text, (progress) => dispatch({ type: "progress", id: item.id, progress }));
      dispatch({ type: "uploaded", id: item.id, path: signed.path });
    } catch (error) {
      dispatch({ type: "failed", id: item.id, message: error instanceof Error && error.message ? error.message : text("upload.failed") });
    }
  }

  const add = (files: FileList | readonly File[] | null) => {
    if (!files?.length || disabled) return;
    const list = multiple ? [...files] : [...files].slice(0, 1);
    dispatch({ type: "add", files: list, ids: list.map(nextId) });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const id = config.dom_id;
  const zoneHint = `${multiple ? text("upload.hint_many", { n: rules.max_files }) : text("upload.hint_one")}${accept ? ` (${accept})` : ""}`;

  return (
    <div ref={root} className="grid gap-3" data-uploader={field.name}>
      <div
        data-testid="drop-zone"
        data-disabled={disabled || undefined}
        onDragOver={(e) => { e.preventDefault(); if (!disabled) setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${dragging ? "border-accent bg-accent-soft" : "border-line bg-field"} ${disabled ? "opacity-60" : ""}`}
      >
        <Icon path={UPLOAD_ICON} className="size-6 text-muted" />
        <button
          type="button" disabled={disabled} aria-describedby={`${id}-zone-hint`}
          onClick={() => input.current?.click()}
          className="cursor-pointer rounded-lg px-3 py-1.5 text-base font-medium text-accent underline-offset-4 hover:underline focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft disabled:cursor-not-allowed disabled:no-underline"
        >
          {text(full ? "upload.full" : multiple ? "upload.zone_many" : "upload.zone_one")}
        </button>
        <p id={`${id}-zone-hint`} className="text-sm text-muted">{zoneHint}</p>
        <input
          ref={input} id={id} type="file" name={field.name} accept={accept} multiple={multiple || undefined}
          required={field.required && !locked && liveItems(state).length === 0 ? true : undefined}
          {...config.aria}
          data-file-input="" tabIndex={-1} className="sr-only"
          onChange={(e) => {
            add(e.currentTarget.files);
            // The accepted files are put back (multipart) by the effect above; request-url files post by path.
            if (upload === "requesturl") e.currentTarget.value = "";
          }}
        />
      </div>
      {state.items.length ? (
        <ul className="grid gap-2" aria-label={text("upload.list", { label: field.label ?? field.name })}>
          {state.items.map((item) => <FileRow key={item.id} item={item} text={text} onRemove={() => dispatch({ type: "remove", id: item.id })} />)}
        </ul>
      ) : null}
      {upload === "requesturl"
        ? state.items.filter((i) => i.status === "uploaded").map((i) => <input key={i.id} type="hidden" name={field.name} value={postedReference(i)} />)
        : null}
      <p role="status" aria-live="polite" className="sr-only">{state.announcement}</p>
    </div>
  );
}

function FileRow({ item, text, onRemove }: { item: UploadItem; text: Text; onRemove: () => void }) {
  const failed = item.status === "failed";
  return (
    <li data-status={item.status} data-testid="upload-item"
      className={`relative flex items-center gap-3 rounded-xl border px-3 py-2 ${failed ? "border-danger bg-danger-soft" : "border-line bg-field"}`}>
      {failed ? (
        <span data-testid="upload-warning" role="img" aria-label={`${text("upload.status_failed")}: ${item.error ?? ""}`} title={item.error ?? undefined}
          className="absolute -start-2 -top-2 rounded-full bg-bg p-0.5 text-danger">
          <Icon path={WARNING_ICON} className="size-4" />
        </span>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="truncate text-sm font-medium text-fg">{item.name}</span>
        <span className="text-xs text-muted">
          {item.size ? `${sizeText(item.size)} · ` : ""}<span data-testid="upload-status">{text(STATUS_TEXT[item.status])}</span>
        </span>
        {item.status === "uploading" ? (
          <progress max={100} value={item.progress} aria-label={text("upload.progress", { name: item.name })} className="h-1.5 w-full accent-accent" />
        ) : null}
        {failed && item.error ? <span data-testid="upload-error" className="text-xs font-medium text-danger">{item.error}</span> : null}
      </div>
      <button type="button" onClick={onRemove} aria-label={text("upload.remove", { name: item.name })}
        className="cursor-pointer rounded-lg p-1.5 text-muted hover:text-fg focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft">
        <Icon path={REMOVE_ICON} className="size-4" />
      </button>
    </li>
  );
}
