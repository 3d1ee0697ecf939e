/**
 * File references (spec 3 §3 "File reference", spec 2 §7): what the workbench and the Data
 * API give an owner for each stored file of a file, image, audio or video column — the stored
 * metadata plus links: `src` (the file, inline), `srcset.thumbnail` (width 200, resize contain,
 * quality 50) and `srcset.original`, `download` (served as an attachment) and, for members who
 * may edit, `upsert` (the owner route that answers a signed PUT URL replacing the file in place).
 *
 * `src`, `srcset` and `download` are signed GET URLs of `/v1/storage/object/{key}`, relative to
 * the origin, valid for FILE_REFERENCE_TTL_SECONDS (one hour): fetch them without a session or
 * API key. The server signs (one signature per file: the transform query is not signed); core
 * only assembles, so browser and server agree on the shape.
 *
 *   fileReferenceOf(meta, (key) => signedGetUrl(key), { upsert: fileUpsertPath(formId, fieldId, meta.path) })
 *   // { path, name, size, type, lastModified, src, srcset: { thumbnail, original }, download, upsert }
 */
import type { FileMetadata } from "./file-answer";
import { imageTransformQuery, THUMBNAIL_TRANSFORM } from "./image-transform";

/** How long the signed links of a file reference stay valid: one hour. */
export const FILE_REFERENCE_TTL_SECONDS = 3600;

export interface FileReference extends FileMetadata {
  /** The file itself, inline (a signed GET URL). */
  src: string;
  srcset: {
    /** Width 200, resize contain, quality 50 (images the server can transform; else the same as `original`). */
    thumbnail: string;
    original: string;
  };
  /** The file as an attachment (`download=true`). */
  download: string;
  /** `PUT` here (member session) → `{ data: { signedUrl } }`; PUT the new bytes to `signedUrl`: same path, new bytes. */
  upsert?: string;
}

/** What a column's value becomes for owners: a list for a multiple field, else one reference or null. */
export type FileColumnValue = FileReference | FileReference[] | null;

/** Appends a query to a URL that may already have one. */
export function withQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

/** Raster image types the server makes thumbnails of (the rest get their original as thumbnail). */
export const THUMBNAIL_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/tiff"];

/**
 * The reference of one stored file. `signedGet(key)` is a signed GET URL of that key (relative
 * or absolute); `upsert` the owner's upsert route, when the reader may replace the file.
 */
export function fileReferenceOf(meta: FileMetadata, signedGet: (key: string) => string, options: { upsert?: string } = {}): FileReference {
  const original = signedGet(meta.path);
  const thumbnail = THUMBNAIL_TYPES.includes(meta.type) ? withQuery(original, imageTransformQuery(THUMBNAIL_TRANSFORM)) : original;
  return {
    ...meta,
    src: original,
    srcset: { thumbnail, original },
    download: withQuery(original, "download=true"),
    ...(options.upsert ? { upsert: options.upsert } : {}),
  };
}

// --- owner routes (spec 2 §7) ---------------------------------------------------------------

const seg = encodeURIComponent;
const editorBase = (formId: string) => `/private/editor/${seg(formId)}`;
const fileBase = (formId: string, fieldId: string) => `${editorBase(formId)}/fields/${seg(fieldId)}/file`;

/** `PUT /private/editor/{form_id}/fields/{field_id}/file/upsert?path=` → `{ data: { signedUrl } }`. */
export const fileUpsertPath = (formId: string, fieldId: string, path: string): string =>
  `${fileBase(formId, fieldId)}/upsert?path=${seg(path)}`;

/** `GET /private/editor/{form_id}/fields/{field_id}/file/preview/public-url?path=` → `{ data: { publicUrl } }`. */
export const filePublicUrlPath = (formId: string, fieldId: string, path: string): string =>
  `${fileBase(formId, fieldId)}/preview/public-url?path=${seg(path)}`;

/**
 * `GET /private/editor/{form_id}/fields/{field_id}/file/preview/src?path=&width=&download=true`:
 * a stable link (member session) that redirects (302) to a fresh signed URL; CSV exports use it.
 */
export function filePreviewSrcPath(formId: string, fieldId: string, path: string, options: { width?: number; download?: boolean } = {}): string {
  const query = new URLSearchParams({ path });
  if (options.width !== undefined) query.set("width", String(options.width));
  if (options.download) query.set("download", "true");
  return `${fileBase(formId, fieldId)}/preview/src?${query.toString()}`;
}

/** `POST /private/editor/{form_id}/rows/{row_id}/fields/{field_id}/files/signed-upload-url`, body `{ file: { name, size } }`. */
export const rowFileUploadPath = (formId: string, rowId: string, fieldId: string): string =>
  `${editorBase(formId)}/rows/${seg(rowId)}/fields/${seg(fieldId)}/files/signed-upload-url`;

/**
 * `POST /private/editor/{form_id}/storage/pool`, body a JSON list of row ids (≤ STORAGE_POOL_MAX_ROWS).
 * Spec 3 §7's `/private/editor/connect/{table_id}/supabase/table/{table_id}/storage/pool` answers
 * the same for our own tables (the form's id in both places).
 */
export const storagePoolPath = (formId: string): string => `${editorBase(formId)}/storage/pool`;

/** Spec 3 §9: the client batches 100 rows per pool request, throttles at 500 ms, 20 requests at a time. */
export const STORAGE_POOL_MAX_ROWS = 100;
export const STORAGE_POOL_THROTTLE_MS = 500;
export const STORAGE_POOL_CONCURRENCY = 20;

/** The pool's answer: `data[row_id][field_id]` = the references of that cell (empty list for none). */
export type StoragePoolAnswer = { data: Record<string, Record<string, FileReference[]>> };
