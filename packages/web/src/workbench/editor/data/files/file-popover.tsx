/** @jsxRuntime automatic */
/**
 * The file popover (spec 3 §2, §4, §5, §8): the cell's files with a preview, Download,
 * Replace (one file, filtered by the field's accept, through the file's upsert link:
 * idle → uploading → success or failure), and Add file, enabled only for a multiple field
 * or an empty cell. The media viewer loads on first use.
 */
import { lazy, Suspense, useId, useReducer, type FormEvent } from "react";
import { Download, Eye, Plus, Upload } from "lucide-react";
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
        <label htmlFor={inputId} className="sr-only">New file for {file.name}</label>
        <input
          id={inputId} type="file" accept={accept ?? undefined} disabled={uploading}
          aria-describedby={messageId}
          onChange={(e) => act({ type: "choose", file: e.currentTarget.files?.[0] ?? null })}
          className="min-w-0 flex-1 text-xs text-muted file:mr-2 file:cursor-pointer file:rounded-md file:border file:border-line-strong file:bg-card file:px-2 file:py-1 file:text-xs file:text-fg"
        />
        <Button type="submit" size="sm" loading={uploading}><Upload aria-hidden="true" />Replace</Button>
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

function FileItem({ file, props, view }: { file: CellFile; props: FilePopoverProps; view: (action: ViewerAction) => void }) {
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
          <Button size="icon" variant="ghost" aria-label="Preview" title="Preview" disabled={!file.src} onClick={() => file.src && view({ type: "open", file: { src: file.src, name: file.name, type: file.type } })}>
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
  const tipId = useId();
  const addable = canAddFile(props.multiple, props.files.length);
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={`${props.files.length} ${props.files.length === 1 ? "file" : "files"}`} className="max-w-xl">
      <ul className="mt-4 flex max-h-[60vh] flex-col gap-2 overflow-auto">
        {props.files.map((file, i) => <FileItem key={`${file.path}:${i}`} file={file} props={props} view={view} />)}
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
