/** @jsxRuntime automatic */
/**
 * The media viewer (spec 1 §2.3, §4.4), loaded lazily: a fullscreen modal (the native
 * `<dialog>`: focus stays inside, Escape closes; the file popover puts focus back on the
 * Preview button that opened it) or a
 * draggable picture-in-picture window. Audio, video, image and PDF preview; media time as m:ss.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Maximize2, PictureInPicture2, X } from "lucide-react";
import { headContentType } from "./file-api";
import { formatMediaTime } from "./file-refs";
import { viewerContentOf, type ViewerAction, type ViewerFile, type ViewerState } from "./media-viewer-state";

export interface MediaViewerProps {
  state: Exclude<ViewerState, { mode: "closed" }>;
  dispatch: (action: ViewerAction) => void;
}

/** The file's own type, else the source's Content-Type from a HEAD ("" when unreadable). */
function useContentType(file: ViewerFile): string | null {
  const [headType, setHeadType] = useState<string | null>(null);
  useEffect(() => {
    if (file.type) return;
    const abort = new AbortController();
    void headContentType(file.src, abort.signal).then((type) => { if (!abort.signal.aborted) setHeadType(type ?? ""); });
    return () => abort.abort();
  }, [file.src, file.type]);
  return file.type || headType;
}

function MediaTime({ media }: { media: HTMLMediaElement | null }) {
  const [time, setTime] = useState({ at: 0, of: 0 });
  useEffect(() => {
    if (!media) return;
    const update = () => setTime({ at: media.currentTime, of: media.duration });
    const events = ["timeupdate", "loadedmetadata", "durationchange"] as const;
    events.forEach((e) => media.addEventListener(e, update));
    return () => events.forEach((e) => media.removeEventListener(e, update));
  }, [media]);
  return <span className="tabular-nums text-sm text-muted" data-testid="media-time">{formatMediaTime(time.at)} / {formatMediaTime(time.of)}</span>;
}

function Preview({ file }: { file: ViewerFile }) {
  const content = viewerContentOf(useContentType(file));
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  if (content.show === "loading") return <div role="status" className="grid h-40 place-items-center"><span className="size-6 animate-spin rounded-full border-2 border-line border-t-fg" aria-label="Loading" /></div>;
  if (content.show !== "preview") return <p role="status" className="p-8 text-center text-sm text-muted">{content.message}</p>;
  if (content.kind === "image") return <img src={file.src} alt={file.name} className="mx-auto max-h-full max-w-full object-contain" />;
  if (content.kind === "pdf") return <iframe src={file.src} title={file.name} className="h-full min-h-[60vh] w-full rounded border border-line bg-white" />;
  const Media = content.kind === "audio" ? "audio" : "video";
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <Media ref={setMedia} src={file.src} controls preload="metadata" aria-label={file.name} className={content.kind === "video" ? "max-h-[70vh] max-w-full rounded" : "w-full"} />
      <MediaTime media={media} />
    </div>
  );
}

function Toolbar({ state, dispatch }: MediaViewerProps) {
  const button = "focus-ring grid size-8 cursor-pointer place-items-center rounded-md text-muted hover:bg-subtle hover:text-fg";
  return (
    <div className="flex items-center gap-1">
      {state.mode === "modal" ? (
        <button type="button" className={button} aria-label="Picture in picture" onClick={() => dispatch({ type: "pip" })}><PictureInPicture2 aria-hidden="true" className="size-4" /></button>
      ) : (
        <button type="button" className={button} aria-label="Full screen" onClick={() => dispatch({ type: "modal" })}><Maximize2 aria-hidden="true" className="size-4" /></button>
      )}
      <button type="button" className={button} aria-label="Close preview" onClick={() => dispatch({ type: "close" })}><X aria-hidden="true" className="size-4" /></button>
    </div>
  );
}

function ModalViewer(props: MediaViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Shown and closed in the commit (never left in the top layer); the popover puts focus back on Preview.
  useLayoutEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={`Preview of ${props.state.file.name}`}
      onCancel={(e) => { e.preventDefault(); props.dispatch({ type: "close" }); }}
      className="m-0 flex h-dvh max-h-none w-dvw max-w-none flex-col bg-card p-0 text-fg backdrop:bg-black/70"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
        <h2 className="truncate text-sm font-medium">{props.state.file.name}</h2>
        <Toolbar {...props} />
      </div>
      <div className="grid min-h-0 flex-1 place-items-center overflow-auto p-4"><Preview file={props.state.file} /></div>
    </dialog>
  );
}

function PipViewer(props: MediaViewerProps) {
  const { state, dispatch } = props;
  const drag = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest("button")) return;
    drag.current = { x: e.clientX, y: e.clientY };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag.current) return;
    dispatch({ type: "move", dx: e.clientX - drag.current.x, dy: e.clientY - drag.current.y });
    drag.current = { x: e.clientX, y: e.clientY };
  };
  return (
    <section
      role="dialog"
      aria-label={`Preview of ${state.file.name}`}
      onKeyDown={(e) => {
        // Escape closes this window, not the popover around it.
        if (e.key !== "Escape") return;
        e.preventDefault();
        e.stopPropagation();
        dispatch({ type: "close" });
      }}
      style={{ left: state.position.x, top: state.position.y }}
      className="fixed z-50 flex w-80 flex-col overflow-hidden rounded-lg border border-line bg-card text-fg shadow-pop"
    >
      <div
        className="flex cursor-move touch-none items-center justify-between gap-2 border-b border-line px-3 py-1.5"
        onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => { drag.current = null; }}
      >
        <h2 className="truncate text-xs font-medium">{state.file.name}</h2>
        <Toolbar {...props} />
      </div>
      <div className="grid max-h-72 place-items-center overflow-auto p-2"><Preview file={state.file} /></div>
    </section>
  );
}

export default function MediaViewer(props: MediaViewerProps) {
  return props.state.mode === "modal" ? <ModalViewer {...props} /> : <PipViewer {...props} />;
}
