/**
 * Export of the current view (filters, search, sort, visible columns: every page, not just
 * this one) through the Data API's streaming export, read chunk by chunk so the toolbar can
 * show how far it got, then saved as a file.
 */
import { queryStateToReadQuery, serializeReadQuery, type QueryState } from "@fieldwork/core";
import { restFailure, tableUrl, type TableRef } from "../../api/data-api";

export const EXPORT_FORMATS = { csv: { accept: "text/csv", extension: "csv", label: "CSV" }, jsonl: { accept: "application/x-ndjson", extension: "jsonl", label: "JSON lines" } } as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The Data API parameters of the whole view: no limit or offset, only the visible columns. */
export function exportParams(query: QueryState, scope: readonly [string, string][], columns: readonly string[]): URLSearchParams {
  const read = queryStateToReadQuery(query);
  const params = serializeReadQuery({ ...read, limit: undefined, offset: undefined, select: "*" });
  params.delete("limit");
  params.delete("offset");
  if (columns.length > 0) params.set("select", columns.join(","));
  for (const [key, value] of scope) params.append(key, value);
  return params;
}

/** Lines in a chunk: rows of JSON lines, or of CSV when no quoted cell holds a line break. */
const newlines = (chunk: Uint8Array) => chunk.reduce((n, byte) => (byte === 10 ? n + 1 : n), 0);

export interface ExportProgress { rows: number; bytes: number }

/** Reads the export and answers the file; `onProgress` hears the rows read so far. */
export async function fetchExport(ref: TableRef, params: URLSearchParams, format: ExportFormat, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(tableUrl(ref, params), {
    headers: { Accept: EXPORT_FORMATS[format].accept, "Accept-Profile": ref.profile }, credentials: "same-origin", signal,
  });
  if (!response.ok || !response.body) throw await restFailure(response);
  const chunks: Uint8Array[] = [];
  const progress: ExportProgress = { rows: format === "csv" ? -1 : 0, bytes: 0 }; // the CSV header is not a row
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.rows += newlines(value);
    progress.bytes += value.byteLength;
    onProgress({ rows: Math.max(0, progress.rows), bytes: progress.bytes });
  }
  return new Blob(chunks as BlobPart[], { type: EXPORT_FORMATS[format].accept });
}

/** Saves a file the way a download link would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function exportFileName(table: string, format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return `${table}-${stamp}.${EXPORT_FORMATS[format].extension}`;
}
