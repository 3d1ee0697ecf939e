/**
 * The uploader's state (spec 1 §4.3): each file is pending, then uploading, then uploaded
 * (with its path) or failed (with the message the warning icon shows). Files are checked as
 * they are chosen with core's rules (size of the field's upload path, accept, count), which
 * file-field.tsx hands in (`UploadRules`): the uploader's lazy chunk then shares no module
 * with the form's first load but React. The server checks them again on the bytes. Every
 * sentence comes from the form's catalogue through `rules.text` (messages.ts).
 */
import type { Text } from "../messages";

export type UploadStatus = "pending" | "uploading" | "uploaded" | "failed";

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  status: UploadStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** Where the file is stored (a signed upload's path). */
  path: string | null;
  error: string | null;
  /** The chosen file; null for a file restored from the session (already uploaded). */
  file: File | null;
}

export interface UploadState { items: UploadItem[]; announcement: string }

export type UploadAction =
  | { type: "add"; files: readonly File[]; ids: readonly string[] }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; progress: number }
  | { type: "uploaded"; id: string; path: string }
  | { type: "failed"; id: string; message: string }
  | { type: "remove"; id: string }
  | { type: "restore"; files: readonly RestoredFile[] };

export interface RestoredFile { path: string; name: string; size?: number; lastModified?: number }

/** A field's file rules, from core (file-field.tsx builds them: `uploadRulesOf`). */
export interface UploadRules {
  /** 10 when multiple, else 1. */
  max_files: number;
  /** The upload path's limit: 5 MB multipart, 50 MB signed. */
  max_bytes: number;
  /** The field's accept list (or its type's default), null for any. */
  accept: string | null;
  matches_accept: (file: { name: string; type: string }, accept: string | null) => boolean;
  /** 'File is too large. Max size is {n}MB', in the form's language. */
  too_large: (max_bytes: number) => string;
  /** The form's sentences (the preload's catalogue). */
  text: Text;
}

/** Files that count against the maximum: every one not failed. */
export const liveItems = (state: UploadState): UploadItem[] => state.items.filter((i) => i.status !== "failed");

/** When the number of files equals the maximum the drop zone is disabled (spec 1 §4.3). */
export const isFull = (rules: UploadRules, state: UploadState): boolean => liveItems(state).length >= rules.max_files;

/** Why a chosen file is refused before any upload, or null. */
export function rejectionOf(rules: UploadRules, file: Pick<File, "name" | "size" | "type">): string | null {
  if (file.size > rules.max_bytes) return rules.too_large(rules.max_bytes);
  if (!rules.matches_accept(file, rules.accept)) return rules.text("field.file_type", { accept: rules.accept ?? "" });
  return null;
}

/** What a failed upload says (spec 1 §5): the server's message, else 'file error , probably too big' for a refused size. */
export function uploadFailureMessage(status: number, message: string | undefined, text: Text): string {
  if (message) return message;
  return text(status === 413 ? "upload.probably_too_big" : "upload.failed");
}

export function uploadReducer(rules: UploadRules) {
  const { text } = rules;
  return (state: UploadState, action: UploadAction): UploadState => {
    const update = (id: string, change: Partial<UploadItem>, announcement?: (name: string) => string): UploadState => {
      const item = state.items.find((i) => i.id === id);
      if (!item) return state;
      return {
        items: state.items.map((i) => (i.id === id ? { ...i, ...change } : i)),
        announcement: announcement === undefined ? state.announcement : announcement(item.name),
      };
    };
    switch (action.type) {
      case "add": {
        let room = rules.max_files - liveItems(state).length;
        const added = action.files.map((file, n): UploadItem => {
          const tooMany = rules.max_files === 1 ? text("field.one_file") : text("field.too_many_files", { max: rules.max_files });
          const refused = rejectionOf(rules, file) ?? (room <= 0 ? tooMany : null);
          if (!refused) room--;
          return {
            id: action.ids[n]!, name: file.name, size: file.size, type: file.type, lastModified: file.lastModified,
            status: refused ? "failed" : "pending", progress: 0, path: null, error: refused, file,
          };
        });
        const failed = added.filter((i) => i.status === "failed");
        const announcement = failed.length
          ? `${failed[0]!.name}: ${failed[0]!.error}`
          : added.length === 1 ? text("upload.added_one") : text("upload.added_many", { n: added.length });
        return { items: [...state.items, ...added], announcement };
      }
      case "start": return update(action.id, { status: "uploading", progress: 0 }, (name) => text("upload.started", { name }));
      case "progress": return update(action.id, { progress: Math.max(0, Math.min(100, Math.round(action.progress))) });
      case "uploaded": return update(action.id, { status: "uploaded", progress: 100, path: action.path }, (name) => text("upload.done", { name }));
      case "failed": return update(action.id, { status: "failed", error: action.message }, (name) => `${name}: ${action.message}`);
      case "remove": {
        const item = state.items.find((i) => i.id === action.id);
        return { items: state.items.filter((i) => i.id !== action.id), announcement: item ? text("upload.removed", { name: item.name }) : state.announcement };
      }
      case "restore": {
        const known = new Set(state.items.map((i) => i.path));
        const restored = action.files.filter((f) => !known.has(f.path)).map((f): UploadItem => ({
          id: `restored:${f.path}`, name: f.name, size: f.size ?? 0, type: "", lastModified: f.lastModified ?? 0,
          status: "uploaded", progress: 100, path: f.path, error: null, file: null,
        }));
        return restored.length ? { items: [...state.items, ...restored], announcement: state.announcement } : state;
      }
    }
  };
}

/** The value a signed file posts (and a session keeps) under the field's name. */
export const postedReference = (item: UploadItem): string =>
  JSON.stringify({ path: item.path, name: item.name, lastModified: item.lastModified });

/** Files saved in the session (paths or posted references) back as restored files. */
export function restoredFiles(value: unknown): RestoredFile[] {
  const list = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  return list.flatMap((entry): RestoredFile[] => {
    if (typeof entry !== "string") return [];
    if (!entry.startsWith("{")) return [{ path: entry, name: entry.split("/").pop() ?? entry }];
    try {
      const parsed = JSON.parse(entry) as Record<string, unknown>;
      if (typeof parsed.path !== "string") return [];
      return [{
        path: parsed.path, name: typeof parsed.name === "string" ? parsed.name : parsed.path.split("/").pop() ?? parsed.path,
        ...(typeof parsed.lastModified === "number" ? { lastModified: parsed.lastModified } : {}),
      }];
    } catch {
      return [];
    }
  });
}
