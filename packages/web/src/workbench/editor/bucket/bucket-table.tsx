/** @jsxRuntime automatic */
/**
 * A folder's objects: folders first (open with a click or Enter), then files with their size in
 * human units, sniffed type and time; per file Preview (the media viewer), Copy link and Remove.
 */
import { formatBytes, type BucketObject } from "@fieldwork/core";
import { Eye, FileText, Folder, Link2, Trash2 } from "lucide-react";
import { Button } from "../../../ui/button";
import { formatFullTime, formatRelativeTime } from "../../format-time";

export interface BucketTableProps {
  objects: BucketObject[];
  canEdit: boolean;
  onOpenFolder: (path: string) => void;
  onPreview: (object: BucketObject) => void;
  onCopyLink: (object: BucketObject) => void;
  onRemove: (object: BucketObject) => void;
}

export function BucketTable({ objects, canEdit, onOpenFolder, onPreview, onCopyLink, onRemove }: BucketTableProps) {
  const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-muted";
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-card shadow-xs">
      <table className="w-full min-w-[36rem] border-collapse text-sm" aria-label="Objects">
        <thead className="border-b border-line bg-subtle/60">
          <tr>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={`${th} w-24 text-right`}>Size</th>
            <th scope="col" className={`${th} w-40`}>Type</th>
            <th scope="col" className={`${th} w-40`}>Updated</th>
            <th scope="col" className={`${th} w-32`}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {objects.map((object) => (
            <tr key={object.path} className="border-b border-line last:border-b-0 hover:bg-subtle/50" data-testid="bucket-object" data-kind={object.kind}>
              <td className="max-w-0 px-3 py-1.5">
                <button type="button" className="focus-ring flex max-w-full cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-left text-fg hover:underline"
                  onClick={() => (object.kind === "folder" ? onOpenFolder(object.path) : onPreview(object))}
                  aria-label={object.kind === "folder" ? `Open folder ${object.name}` : `Preview ${object.name}`}>
                  {object.kind === "folder"
                    ? <Folder aria-hidden="true" className="size-4 shrink-0 text-doc-bucket" />
                    : <FileText aria-hidden="true" className="size-4 shrink-0 text-muted" />}
                  <span className="truncate">{object.name}</span>
                </button>
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums text-muted" data-testid="object-size">{object.size === null ? "—" : formatBytes(object.size)}</td>
              <td className="truncate px-3 py-1.5 text-muted">{object.kind === "folder" ? "Folder" : object.type}</td>
              <td className="px-3 py-1.5 text-muted">
                {object.kind === "file" && object.updated_at
                  ? <time dateTime={object.updated_at} title={formatFullTime(object.updated_at)}>{formatRelativeTime(object.updated_at)}</time>
                  : "—"}
              </td>
              <td className="px-3 py-1.5">
                <div className="flex justify-end gap-1">
                  {object.kind === "file" ? (
                    <>
                      <Button size="icon" variant="ghost" aria-label={`Preview ${object.name}`} title="Preview" onClick={() => onPreview(object)}><Eye /></Button>
                      <Button size="icon" variant="ghost" aria-label={`Copy link to ${object.name}`} title="Copy link" onClick={() => onCopyLink(object)}><Link2 /></Button>
                    </>
                  ) : null}
                  {canEdit ? (
                    <Button size="icon" variant="ghost" aria-label={`Remove ${object.name}`} title="Remove" onClick={() => onRemove(object)}><Trash2 /></Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
