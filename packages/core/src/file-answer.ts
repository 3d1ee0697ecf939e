/**
 * File answers (spec 1 §3.8, spec 2 §3): what a file, image, audio or video field stores, how
 * a field is configured to upload (multipart or request url) and where its files go (storage
 * mode and path template), and the keys files are stored under. Browser and server read the
 * same rules from here.
 */
import { bucketPrefix, fieldBucketOf } from "./buckets";
import { isMultiValued } from "./field-types";
import type { FormField, JsonValue } from "./form-model";
import { storageKeyProblem, storageNameOf } from "./storage-paths";

/** One stored file of an answer (jsonb): `type` is the type sniffed from the bytes (file-answer-schema.ts checks it). */
export interface FileMetadata { path: string; name: string; size: number; type: string; lastModified: number; duration?: number }

/** The value a field stores for its files: a list for a multiple field, else one object or null. */
export function fileAnswerValue(field: Pick<FormField, "type" | "multiple">, files: readonly FileMetadata[]): JsonValue {
  const plain = files.map((f) => ({ ...f }) as unknown as JsonValue);
  if (isMultiValued(field)) return files.length ? plain : null;
  return plain[0] ?? null;
}

// --- upload configuration ------------------------------------------------------------------

export const STORAGE_MODES = ["direct", "staged"] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

/**
 * Spec 2 §3 "Field storage": mode and path template, and the bucket (a `v0_bucket` id) the
 * files go into, or null for the form's own folder.
 */
export interface FieldStorageConfig { enabled: boolean; mode: StorageMode; path: string; bucket: string | null }

/** The default template: the answer's folder `{row_id}/{field_id}` inside the form's folder. */
export const DEFAULT_STORAGE_PATH = "{{row_id}}/{{field_id}}";

export const STORAGE_MESSAGES = {
  path_required: "Storage upload path is required and must not start with a slash",
  path_unknown_placeholder: "Storage upload path may only use {{row_id}}, {{field_id}} and {{session_id}}",
  path_unsafe: "Storage upload path may not contain '..', backslashes or control characters",
} as const;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
const KNOWN_PLACEHOLDERS = new Set(["row_id", "field_id", "session_id"]);

/** Spec 2 §5: a path with a `{{…}}` placeholder makes the mode staged. */
export function storageModeOfPath(path: string): StorageMode {
  return /\{\{.*?\}\}/.test(path) ? "staged" : "direct";
}

/** The field's storage settings, with defaults; the mode always follows the path. */
export function storageOf(field: { storage: unknown }): FieldStorageConfig {
  const raw = (field.storage && typeof field.storage === "object" && !Array.isArray(field.storage) ? field.storage : {}) as Record<string, unknown>;
  const path = typeof raw.path === "string" && raw.path.trim() ? raw.path.trim() : DEFAULT_STORAGE_PATH;
  return { enabled: raw.enabled === true, mode: storageModeOfPath(path), path, bucket: fieldBucketOf(raw) };
}

/** What is wrong with a storage path template (spec 2 §5), or undefined. */
export function storagePathProblem(path: string): string | undefined {
  if (!path.trim() || path.startsWith("/")) return STORAGE_MESSAGES.path_required;
  // Filled in, the path must be a storage key like any other (storage-paths.ts: no `..`, no encoded tricks).
  if (path.length > 200 || /\.\./.test(path) || storageKeyProblem(path.replace(PLACEHOLDER, "x").replace(/\/+$/, ""))) return STORAGE_MESSAGES.path_unsafe;
  for (const match of path.matchAll(PLACEHOLDER)) {
    if (!KNOWN_PLACEHOLDERS.has(match[1]!)) return STORAGE_MESSAGES.path_unknown_placeholder;
  }
  if (/\{\{|\}\}/.test(path.replace(PLACEHOLDER, ""))) return STORAGE_MESSAGES.path_unknown_placeholder;
  return undefined;
}

/** The problem of a field's `storage` setting as stored, or undefined (the server checks it on every write). */
export function fieldStorageProblem(storage: unknown): string | undefined {
  if (storage === null) return undefined;
  if (typeof storage !== "object" || Array.isArray(storage)) return "Storage settings must be an object";
  const path = (storage as Record<string, unknown>).path;
  if (path === undefined || path === null) return undefined;
  return typeof path === "string" ? storagePathProblem(path) : STORAGE_MESSAGES.path_required;
}

// --- keys ----------------------------------------------------------------------------------

/** Where a staged upload waits: `tmp/{session_id}/{field_id}/{random}/{name}`. */
export function stagedKey(sessionId: string, fieldId: string, random: string, name: string): string {
  return `tmp/${sessionId}/${fieldId}/${random}/${storageNameOf(name)}`;
}

/** The prefix every staged upload of this session and field starts with. */
export function stagedPrefix(sessionId: string, fieldId: string): string {
  return `tmp/${sessionId}/${fieldId}/`;
}

/**
 * Where a field's files live: the bucket's prefix without its slash (`buckets/{bucket_id}`)
 * when the field names a bucket, else the form's folder (`{form_id}`).
 */
export function storageRootOf(formId: string, storage: Pick<FieldStorageConfig, "bucket">): string {
  return storage.bucket === null ? formId : bucketPrefix(storage.bucket).slice(0, -1);
}

/**
 * The answer's folder for a field's files, inside the form's folder or the field's bucket:
 * the path template with its placeholders filled (`{form_id}/{row_id}/{field_id}` by default,
 * `buckets/{bucket_id}/{row_id}/{field_id}` with a bucket).
 */
export function answerFolder(formId: string, storage: FieldStorageConfig, ids: { row_id: string; field_id: string; session_id: string }): string {
  const filled = storage.path.replace(PLACEHOLDER, (_, name: string) => ids[name as keyof typeof ids] ?? "_");
  return `${storageRootOf(formId, storage)}/${filled.replace(/\/+$/, "").replace(/\/{2,}/g, "/")}`;
}

/** A direct-mode upload's folder (the template has no placeholder): `{root}/{path}`. */
export function directUploadFolder(formId: string, storage: FieldStorageConfig): string {
  return `${storageRootOf(formId, storage)}/${storage.path.replace(/\/+$/, "")}`;
}
