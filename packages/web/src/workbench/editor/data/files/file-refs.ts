/**
 * What a file cell holds (spec 3 §3 "File reference"): the stored metadata of each file
 * (`{path, name, size, type, lastModified, duration?}`) and, once the server has signed them,
 * its links: `src`, `srcset.thumbnail` (200 px wide), `srcset.original`, `download`, and
 * `upsert` when the file can be replaced. A cell's value is one file or a list (multiple).
 */
export interface CellFile {
  path: string;
  name: string;
  size: number | null;
  type: string;
  duration: number | null;
  src: string | null;
  thumbnail: string | null;
  download: string | null;
  upsert: string | null;
}

/** How a file previews: the media viewer's four kinds, or not at all. */
export type FileKind = "image" | "audio" | "video" | "pdf" | "other";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

function cellFileOf(value: unknown): CellFile | null {
  if (!isRecord(value)) return null;
  const path = str(value.path) ?? "";
  const name = str(value.name) ?? path.split("/").pop() ?? "";
  if (!name) return null;
  const srcset = isRecord(value.srcset) ? value.srcset : {};
  const src = str(value.src) ?? str(srcset.original);
  return {
    path, name, size: num(value.size), type: str(value.type) ?? "", duration: num(value.duration),
    src, thumbnail: str(srcset.thumbnail) ?? str(value.thumbnail), download: str(value.download), upsert: str(value.upsert),
  };
}

/** The files of a cell's value (one object or a list); anything unreadable is left out. */
export function filesOf(value: unknown): CellFile[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map(cellFileOf).filter((f): f is CellFile => f !== null);
}

/** Whether a cell's files still need their links from the server (the pool endpoint). */
export const needsResolve = (files: readonly CellFile[]) => files.some((f) => f.src === null && f.path !== "");

/** The preview kind of a content type (`image/svg+xml` is not raster: it has no thumbnail). */
export function fileKindOf(type: string): FileKind {
  const t = type.toLowerCase().split(";")[0]!.trim();
  if (t === "application/pdf") return "pdf";
  if (t.startsWith("image/")) return t === "image/svg+xml" ? "other" : "image";
  if (t.startsWith("audio/")) return "audio";
  if (t.startsWith("video/")) return "video";
  return "other";
}

/** Media time as m:ss (spec 1 §8): 0:07, 3:05, 75:00; nothing known is 0:00. */
export function formatMediaTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export const ADD_FILE_TOOLTIP = "multiple is set to false, only one file is allowed";

/** Spec 3 §5: Add file is enabled only if the field is multiple or has no files. */
export function canAddFile(multiple: boolean, count: number): boolean {
  return multiple || count === 0;
}

/**
 * What the Replace picker offers: the field's own accept, else its type's default (image/*,
 * audio/*, video/*; anything for a file field). The same rule as core's `acceptOf`
 * (files.test.ts checks they agree for every type), written here because importing
 * file-accept.ts into the workbench would move it out of the public form's entry chunk.
 */
export function replaceAcceptOf(field: { type: string; accept: string | null }): string | null {
  const own = field.accept?.trim();
  if (own) return own;
  return field.type === "image" || field.type === "audio" || field.type === "video" ? `${field.type}/*` : null;
}
