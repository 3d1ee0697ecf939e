/** @jsxRuntime automatic */
/** The upload list: each file's name, size and status, a progress bar while it goes, the server's message when it fails. */
import { formatBytes } from "@fieldwork/core";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { Button } from "../../../ui/button";
import { uploadSummary, type UploadItem } from "./upload-queue";

export function BucketUploads({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const busy = items.some((i) => i.status === "pending" || i.status === "uploading");
  return (
    <section aria-label="Uploads" className="rounded-lg border border-line bg-card p-3 shadow-xs">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-fg" aria-live="polite">{uploadSummary(items)}</h2>
        {busy ? null : <Button size="sm" variant="ghost" onClick={onClear}>Clear</Button>}
      </div>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 text-sm" data-testid="upload-item" data-status={item.status}>
            <div className="flex items-center gap-2">
              {item.status === "failed" ? <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-danger" /> : null}
              {item.status === "uploaded" ? <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" /> : null}
              <span className="min-w-0 flex-1 truncate text-fg">{item.name}</span>
              <span className="shrink-0 tabular-nums text-xs text-muted">{formatBytes(item.size)}</span>
              <span className="w-20 shrink-0 text-right text-xs text-muted">
                {item.status === "uploading" ? `${Math.round(item.progress * 100)}%` : item.status === "pending" ? "Waiting" : item.status === "uploaded" ? "Uploaded" : "Failed"}
              </span>
            </div>
            {item.status === "uploading" || item.status === "pending" ? (
              <div role="progressbar" aria-label={`Uploading ${item.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}
                className="h-1.5 overflow-hidden rounded-full bg-subtle">
                <div className="h-full rounded-full bg-accent transition-[width] duration-150" style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
            ) : null}
            {item.error ? <p className="text-xs text-danger">{item.error}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
