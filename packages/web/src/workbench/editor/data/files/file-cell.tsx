/** @jsxRuntime automatic */
/**
 * A file cell of the grid (spec 3 §8): a 24 px thumbnail for each raster image (the
 * reference's 200 px-wide thumbnail, shown small), an icon and the name for other files,
 * several side by side when the field is multiple. Every slot has a fixed size, so nothing
 * moves while thumbnails load: a spinner while loading, ERROR when it fails. A click (or
 * Enter on the cell) opens the file popover.
 */
import { useState } from "react";
import { FileAudio, FileText, FileVideo, File as FileIcon } from "lucide-react";
import { fileKindOf, type CellFile } from "./file-refs";
import { useCellFiles } from "./use-cell-files";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return <span role="status" aria-label={label} className="inline-block size-3.5 animate-spin rounded-full border-2 border-line border-t-muted" />;
}

export function FileTypeGlyph({ type, className = "size-4" }: { type: string; className?: string }) {
  const kind = fileKindOf(type);
  const Icon = kind === "audio" ? FileAudio : kind === "video" ? FileVideo : kind === "pdf" ? FileText : FileIcon;
  return <Icon aria-hidden="true" className={`${className} shrink-0 text-muted`} />;
}

/** A thumbnail that keeps its box while it loads or fails. */
export function Thumbnail({ file, size }: { file: CellFile; size: number }) {
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  return (
    <span className="relative grid shrink-0 place-items-center overflow-hidden rounded border border-line bg-subtle" style={{ width: size, height: size }}>
      {status === "loading" ? <span className="absolute"><Spinner /></span> : null}
      {status === "error" ? <span className="absolute text-[9px] font-semibold text-danger">ERROR</span> : (
        <img
          src={file.thumbnail ?? file.src ?? undefined}
          alt=""
          width={size} height={size}
          loading="lazy" decoding="async"
          onLoad={() => setStatus("ready")}
          onError={() => setStatus("error")}
          className={`size-full object-cover ${status === "ready" ? "" : "opacity-0"}`}
        />
      )}
    </span>
  );
}

export type CellStatus = "ready" | "loading" | "error";

export function FileCell({ files, status, onOpen }: { files: readonly CellFile[]; status: CellStatus; onOpen: () => void }) {
  const label = files.length === 1 ? files[0]!.name : `${files.length} files`;
  return (
    <button
      type="button"
      tabIndex={-1}
      onClick={(e) => { e.stopPropagation(); onOpen(); }}
      aria-label={`Files: ${files.map((f) => f.name).join(", ") || "none"}`}
      data-testid="file-cell"
      className="flex h-full w-full min-w-0 cursor-pointer items-center gap-1 text-left"
    >
      {status === "loading" ? <Spinner /> : status === "error" ? <span className="text-xs font-semibold text-danger">ERROR</span> : files.length === 0 ? (
        <span className="text-faint">NULL</span>
      ) : (
        <>
          {files.slice(0, 4).map((file, i) =>
            fileKindOf(file.type) === "image" && (file.thumbnail || file.src)
              ? <Thumbnail key={`${file.path}:${i}`} file={file} size={24} />
              : files.length === 1 ? null : <span key={`${file.path}:${i}`} className="grid size-6 shrink-0 place-items-center rounded border border-line bg-subtle" title={file.name}><FileTypeGlyph type={file.type} className="size-3.5" /></span>,
          )}
          {files.length === 1 && fileKindOf(files[0]!.type) !== "image" ? <FileTypeGlyph type={files[0]!.type} /> : null}
          {files.length > 4 ? <span className="text-xs text-muted">+{files.length - 4}</span> : null}
          <span className="min-w-0 truncate">{label}</span>
        </>
      )}
    </button>
  );
}

/** A grid cell: the row's files for one field, resolved through the storage pool when needed. */
export function GridFileCell({ row_id, field_id, value, onOpen }: { row_id: string; field_id: string | null; value: unknown; onOpen: () => void }) {
  const { status, files } = useCellFiles(row_id, field_id, value);
  return <FileCell files={files} status={status} onOpen={onOpen} />;
}
