/**
 * The bucket page's uploads as data: each file is pending, uploading (with its progress),
 * uploaded or failed (with the server's message). Files upload one after another; the list
 * keeps finished ones until cleared.
 *
 *   let q = uploadReducer([], { type: "add", items: [{ id: "1", name: "a.pdf", size: 10, folder: "" }] });
 *   q = uploadReducer(q, { type: "progress", id: "1", fraction: 0.5 });   // uploading, 50 %
 */
export type UploadStatus = "pending" | "uploading" | "uploaded" | "failed";

export interface UploadItem { id: string; name: string; size: number; folder: string; status: UploadStatus; progress: number; error: string | null }

export type UploadAction =
  | { type: "add"; items: { id: string; name: string; size: number; folder: string }[] }
  | { type: "progress"; id: string; fraction: number }
  | { type: "done"; id: string }
  | { type: "fail"; id: string; message: string }
  | { type: "clear" };

const update = (items: UploadItem[], id: string, change: Partial<UploadItem>) => items.map((item) => (item.id === id ? { ...item, ...change } : item));

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case "add":
      return [...items, ...action.items.map((item) => ({ ...item, status: "pending" as const, progress: 0, error: null }))];
    case "progress":
      return update(items, action.id, { status: "uploading", progress: Math.min(1, Math.max(0, action.fraction)) });
    case "done":
      return update(items, action.id, { status: "uploaded", progress: 1 });
    case "fail":
      return update(items, action.id, { status: "failed", error: action.message });
    case "clear":
      return items.filter((item) => item.status === "pending" || item.status === "uploading");
  }
}

/** The next file to send, when none is under way. */
export function nextUpload(items: readonly UploadItem[]): UploadItem | undefined {
  if (items.some((item) => item.status === "uploading")) return undefined;
  return items.find((item) => item.status === "pending");
}

/** One line for the list's heading: `Uploading 2 of 3 files`, `3 files uploaded, 1 failed`. */
export function uploadSummary(items: readonly UploadItem[]): string {
  const done = items.filter((i) => i.status === "uploaded").length;
  const failed = items.filter((i) => i.status === "failed").length;
  const open = items.length - done - failed;
  const files = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
  if (open > 0) return `Uploading ${done + failed + 1} of ${files(items.length)}`;
  return failed > 0 ? `${files(done)} uploaded, ${failed} failed` : `${files(done)} uploaded`;
}

/** The route suffix of a folder (`objects/a/b`), each segment encoded; and back from a (decoded) suffix. */
export function suffixOfFolder(folder: string): string {
  const parts = folder.split("/").filter(Boolean).map(encodeURIComponent);
  return ["objects", ...parts].join("/");
}

export function folderOfSuffix(suffix: string): string {
  const [first, ...rest] = suffix.split("/").filter(Boolean);
  if (first !== "objects" || rest.length === 0) return "";
  return `${rest.join("/")}/`;
}
