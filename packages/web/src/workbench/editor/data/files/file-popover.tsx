/** @jsxRuntime automatic */
/**
 * The file popover (spec 3 §2, §4, §5, §8): the cell's files with a preview, Download,
 * Replace (a button opens the picker for one file, filtered by the field's accept or its
 * type's default, through the file's upsert link:
 * idle → uploading → success or failure), and Add file, enabled only for a multiple field
 * or an empty cell. The media viewer loads on first use.
 */
import { lazy, Suspense, useId, useLayoutEffect, useReducer, useRef, type FormEvent } from "react";
import { Download, Eye, Paperclip, Plus, Upload } from "lucide-react";
import { formatBytes } from "@fieldwork/core";
import { Dialog } from "../../../../ui/dialog";
import { Button, buttonClass } from "../../../../ui/button";
import { toast } from "../../../shell/toast-store";
import { replaceFile } from "./file-api";
import { ADD_FILE_TOOLTIP, canAddFile, fileKindOf, formatMediaTime, type CellFile } from "./file-refs";
import { FileTypeGlyph, Spinner, Thumbnail } from "./file-cell";
import { closedViewer, viewerReducer, type ViewerAction } from "./media-viewer-state";
import { initialReplaceState, replaceReducer, type ReplaceAction } from "./replace-state";

const MediaViewer = lazy(() => import("./media-viewer"));

export const NOT_IMPLEMENTED = "Not implemented yet - contact support";

export interface FilePopoverProps {
  open: boolean;
  onClose: () => void;
  title: string;
  files: readonly CellFile[];
  multiple: boolean;
  accept: string | null;
  editable: boolean;
  csrf_token: string;
}

function ReplaceForm({ file, accept, csrf_token }: { file: CellFile; accept: string | null; csrf_token: string }) {
  const [state, dispatch] = useReducer(replaceReducer, initialReplaceState);
  const inputId = useId();
  const messageId = useId();
  const chosenId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const chosenName = "file" in state && state.file ? state.file.name : null;
  const act = (action: ReplaceAction) => {
    const next = replaceReducer(state, action);
    dispatch(action);
    return next;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = act({ type: "start", upsert: file.upsert });
    if (next.status !== "uploading") return;
    replaceFile(file.upsert!, next.file, csrf_token).then(() => dispatch({ type: "succeeded" }), () => dispatch({ type: "failed" }));
  };
  const uploading = state.status === "uploading";
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-1.5 border-t border-line pt-3" aria-label={`Replace ${file.name}`} noValidate>
      <div className="flex items-center gap-2">
        {/* The native input stays for the picker (and labelled for tests and assistive tech); the button opens it. */}
        <label htmlFor={inputId} className="sr-only">New file for {file.name}</label>
        <input
          ref={picker} id={inputId} type="file" accept={accept ?? undefined} disabled={uploading} tabIndex={-1}
          aria-describedby={messageId} className="sr-only"
          onChange={(e) => act({ type: "choose", file: e.currentTarget.files?.[0] ?? null })}
        />
        <Button type="button" size="sm" disabled={uploading} aria-describedby={chosenId} onClick={() => picker.current?.click()}>
          <Paperclip aria-hidden="true" />Choose file…
        </Button>
        <span id={chosenId} className="min-w-0 flex-1 truncate text-xs text-muted" title={chosenName ?? undefined}>
          {chosenName ?? (accept ? `Any of ${accept}` : "No file chosen")}
        </span>
        <Button type="submit" size="sm" variant="primary" loading={uploading}><Upload aria-hidden="true" />Replace</Button>
      </div>
      <div id={messageId} className="text-xs empty:hidden">
        {state.status === "idle" && state.error ? <p role="alert" className="text-danger">{state.error}</p> : null}
        {state.status === "uploading" ? <p role="status" className="flex items-center gap-1.5 text-muted"><Spinner label="Uploading" />Uploading {state.file.name}…</p> : null}
        {state.status === "success" ? <p role="status" className="text-success">{state.message}</p> : null}
        {state.status === "failure" ? <p role="alert" className="text-danger">{state.message} {state.detail}</p> : null}
      </div>
    </form>
  );
}

function FileItem({ file, props, view }: { file: CellFile; props: FilePopoverProps; view: (action: ViewerAction, opener: HTMLElement) => void }) {
  const kind = fileKindOf(file.type);
  const facts = [file.type || "unknown type", file.size === null ? null : formatBytes(file.size), file.duration === null ? null : formatMediaTime(file.duration)].filter(Boolean).join(" · ");
  return (
    <li className="rounded-md border border-line p-3">
      <div className="flex items-center gap-3">
        {kind === "image" && (file.thumbnail || file.src) ? <Thumbnail file={file} size={48} /> : (
          <span className="grid size-12 shrink-0 place-items-center rounded border border-line bg-subtle"><FileTypeGlyph type={file.type} className="size-5" /></span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={file.name}>{file.name}</p>
          <p className="truncate text-xs text-muted">{facts}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button size="icon" variant="ghost" aria-label="Preview" title="Preview" disabled={!file.src} onClick={(e) => file.src && view({ type: "open", file: { src: file.src, name: file.name, type: file.type } }, e.currentTarget)}>
            <Eye aria-hidden="true" />
          </Button>
          {file.download ? (
            <a href={file.download} download={file.name} aria-label="Download" title="Download" className={buttonClass({ size: "icon", variant: "ghost" })}><Download aria-hidden="true" /></a>
          ) : null}
        </div>
      </div>
      {props.editable ? <ReplaceForm file={file} accept={props.accept} csrf_token={props.csrf_token} /> : null}
    </li>
  );
}

export function FilePopover(props: FilePopoverProps) {
  const [viewer, view] = useReducer(viewerReducer, closedViewer);
  // The Preview button that opened the viewer gets focus back when it closes (Escape, Close
  // preview), in the commit that removes the viewer: a layout effect runs after the removal.
  const opener = useRef<HTMLElement | null>(null);
  const viewerOpen = viewer.mode !== "closed";
  useLayoutEffect(() => {
    if (viewerOpen || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [viewerOpen]);
  const open = (action: ViewerAction, from: HTMLElement) => {
    opener.current = from;
    view(action);
  };
  const tipId = useId();
  const addable = canAddFile(props.multiple, props.files.length);
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={`${props.files.length} ${props.files.length === 1 ? "file" : "files"}`} className="max-w-xl">
      <ul className="mt-4 flex max-h-[60vh] flex-col gap-2 overflow-auto">
        {props.files.map((file, i) => <FileItem key={`${file.path}:${i}`} file={file} props={props} view={open} />)}
      </ul>
      {props.editable ? (
        <div className="mt-4 flex items-center justify-end gap-2">
          {addable ? null : <span id={tipId} className="text-xs text-muted">{ADD_FILE_TOOLTIP}</span>}
          <span title={addable ? undefined : ADD_FILE_TOOLTIP}>
            <Button size="sm" disabled={!addable} aria-describedby={addable ? undefined : tipId} onClick={() => toast.error(NOT_IMPLEMENTED)}>
              <Plus aria-hidden="true" />Add file
            </Button>
          </span>
        </div>
      ) : null}
      {/* Inside the popover: a modal dialog makes the rest of the page inert, the picture-in-picture window included. */}
      {viewer.mode !== "closed" ? (
        <Suspense fallback={null}><MediaViewer state={viewer} dispatch={view} /></Suspense>
      ) : null}
    </Dialog>
  );
}
