/**
 * The files of a submit, before its row exists: streamed multipart parts (stored under
 * `tmp/`, each with an upload grant written before its bytes) and signed uploads the
 * submission names by path (checked against the grants of this session and field).
 */
import { randomUUID } from "node:crypto";
import {
  capabilityOf, FieldworkError, FILE_LIMITS, storageNameOf, type FormField,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver } from "../../storage/driver";
import { grantUpload, releaseUploads } from "./upload-grants";
import { mediaDurationOf } from "../../storage/duration";
import { storeUpload } from "../../storage/store-upload";

/** One file of a submit, not yet in an answer. */
export interface PostedFile {
  field_id: string;
  /** Where the bytes are now. */
  key: string;
  name: string;
  size: number;
  /** The type sniffed from the bytes (never only the declared one). */
  type: string;
  lastModified: number;
  duration?: number;
  /** Past the limit of its upload path: refused with 'File is too large. Max size is {n}MB'. */
  max_bytes: number;
  /** Under `tmp/`: moves into the answer's folder when the row is written. */
  staged: boolean;
  source: "multipart" | "signed";
}

/** The files of one submit by field id. */
export type PostedFiles = Map<string, PostedFile[]>;

export interface MultipartFilePart {
  fieldname: string;
  filename: string;
  mimetype: string;
  file: NodeJS.ReadableStream & { truncated?: boolean; resume(): unknown };
}

/** Streams one multipart file part into `tmp/{upload}/{field_id}/{random}/{name}` (never buffered whole). */
export async function storeMultipartFile(
  db: Kysely<DB>, storage: StorageDriver, field: FormField, formId: string, uploadId: string, part: MultipartFilePart,
): Promise<PostedFile> {
  const name = storageNameOf(part.filename);
  const key = `tmp/${uploadId}/${field.id}/${randomUUID()}/${name}`;
  await grantUpload(db, { key, form_id: formId, field_id: field.id, session_id: null, max_bytes: FILE_LIMITS.multipart_bytes });
  try {
    // Sniffed, capped and timed by storage's storeUpload (the signed PUT's path too); the
    // field's accept is checked afterwards on the sniffed type, so a refusal names the field.
    const stored = await storeUpload(storage, key, part.file, { maxBytes: FILE_LIMITS.multipart_bytes, accept: null });
    // @fastify/multipart stops a file at its fileSize limit (5 MB) and marks it truncated.
    if (part.file.truncated === true) {
      await storage.delete([key]);
      return tooLargeFile(field, key, name);
    }
    return {
      field_id: field.id, key, name, size: stored.size, type: stored.type, lastModified: Date.now(),
      ...(stored.duration !== undefined ? { duration: stored.duration } : {}),
      max_bytes: FILE_LIMITS.multipart_bytes, staged: true, source: "multipart",
    };
  } catch (error) {
    await storage.delete([key]).catch(() => undefined);
    await releaseUploads(db, [key]).catch(() => undefined);
    if (error instanceof FieldworkError && error.code === "STORAGE_OBJECT_TOO_LARGE") {
      part.file.resume();
      return tooLargeFile(field, key, name);
    }
    throw error;
  }
}

/** A file refused for its size: nothing of it is kept, the submit answers the field's message. */
function tooLargeFile(field: FormField, key: string, name: string): PostedFile {
  return {
    field_id: field.id, key, name, size: FILE_LIMITS.multipart_bytes + 1, type: "application/octet-stream",
    lastModified: Date.now(), max_bytes: FILE_LIMITS.multipart_bytes, staged: true, source: "multipart",
  };
}

/** A file part past the field's count: read to the end, never stored; its count refuses the submit. */
export function countedOnlyFile(field: FormField, part: MultipartFilePart): PostedFile {
  part.file.resume();
  return {
    field_id: field.id, key: "", name: storageNameOf(part.filename), size: 0, type: "", lastModified: 0,
    max_bytes: FILE_LIMITS.multipart_bytes, staged: false, source: "multipart",
  };
}

/** What a submission names for a signed upload: its path, or `{path, name?, lastModified?}` as JSON. */
interface SignedReference { path: string; name?: string; lastModified?: number }

function readReference(text: string): SignedReference | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (!trimmed.startsWith("{")) return { path: trimmed };
  try {
    const value = JSON.parse(trimmed) as Record<string, unknown>;
    if (typeof value.path !== "string") return undefined;
    return {
      path: value.path,
      ...(typeof value.name === "string" ? { name: value.name } : {}),
      ...(Number.isSafeInteger(value.lastModified) && (value.lastModified as number) >= 0 ? { lastModified: value.lastModified as number } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The signed uploads a submit names under each file field: every path must be a grant of this
 * session and this field whose object exists; anything else refuses the submit
 * (UPLOAD_PATH_NOT_ALLOWED) and changes nothing.
 */
export async function signedFilesOf(
  db: Kysely<DB>, storage: StorageDriver, fields: readonly FormField[], entries: ReadonlyMap<string, string[]>, sessionId: string | null,
): Promise<PostedFiles> {
  const files: PostedFiles = new Map();
  for (const field of fields) {
    if (!capabilityOf(field.type).file) continue;
    const references = (entries.get(field.name) ?? []).map(readReference).filter((r) => r !== undefined);
    if (!references.length) continue;
    if (!sessionId) throw new FieldworkError("UPLOAD_PATH_NOT_ALLOWED", `${field.name}: an uploaded file needs the session it was uploaded in.`, [field.name]);
    const grants = await db.selectFrom("upload_grant").select(["key", "max_bytes", "stored_at"])
      .where("session_id", "=", sessionId).where("field_id", "=", field.id)
      .where("key", "in", references.map((r) => r.path)).execute();
    const granted = new Map(grants.map((g) => [g.key, Number(g.max_bytes)]));
    const landed = new Set(grants.filter((g) => g.stored_at !== null).map((g) => g.key));
    if (references.some((ref) => !granted.has(ref.path)) && await sessionSubmitted(db, sessionId)) {
      // A retried submit: the first one claimed the grants; the batch answers its row.
      return new Map();
    }
    const list: PostedFile[] = [];
    for (const ref of references) {
      const maxBytes = granted.get(ref.path);
      if (maxBytes === undefined) throw new FieldworkError("UPLOAD_PATH_NOT_ALLOWED", `${field.name}: this file was not uploaded for this field in this session.`, [field.name]);
      // Only an upload whose PUT was answered (upload-landing.ts): retention may remove the others.
      const object = landed.has(ref.path) ? await storage.head(ref.path) : null;
      if (!object) throw new FieldworkError("UPLOAD_PATH_NOT_ALLOWED", `${field.name}: the uploaded file is missing; upload it again.`, [field.name]);
      // The duration is read from the stored bytes, never taken from the visitor.
      const duration = await mediaDurationOf(storage, object);
      list.push({
        field_id: field.id, key: ref.path, name: storageNameOf(ref.name ?? ref.path.split("/").at(-1) ?? "file"), size: object.size,
        type: object.contentType, lastModified: ref.lastModified ?? object.lastModified.getTime(),
        ...(duration !== undefined ? { duration } : {}),
        max_bytes: maxBytes, staged: ref.path.startsWith("tmp/"), source: "signed",
      });
    }
    files.set(field.id, list);
  }
  return files;
}

async function sessionSubmitted(db: Kysely<DB>, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom("response_session").select("submitted_at").where("id", "=", sessionId).executeTakeFirst();
  return Boolean(row?.submitted_at);
}

/** Both kinds together, multipart first (the order the visitor chose them in each kind). */
export function mergePostedFiles(a: PostedFiles, b: PostedFiles): PostedFiles {
  const merged: PostedFiles = new Map(a);
  for (const [id, list] of b) merged.set(id, [...(merged.get(id) ?? []), ...list]);
  return merged;
}

/**
 * Removes the streamed parts no row claimed: all of them after a refused or failed submit,
 * those of fields logic hid (or a repeated submit's) after an accepted one. Signed uploads
 * stay: the visitor may submit again, and retention removes what is never claimed.
 */
export async function discardMultipartFiles(db: Kysely<DB>, storage: StorageDriver, files: PostedFiles): Promise<void> {
  const keys = [...files.values()].flat().filter((f) => f.source === "multipart" && f.key !== "").map((f) => f.key);
  if (!keys.length) return;
  const unclaimed = (await db.selectFrom("upload_grant").select("key").where("key", "in", keys).execute()).map((g) => g.key);
  if (!unclaimed.length) return;
  await storage.delete(unclaimed);
  await releaseUploads(db, unclaimed);
}
