/**
 * A file field's request and resolve urls (spec 1 §7): a session asks for a signed upload of
 * one file (at most 50 MB) and gets `{signedUrl, path, token}`; the path is granted to this
 * session and field (migration 0017), so a submit may name it and nobody else's. Staged mode
 * puts the file under `tmp/{session_id}/{field_id}/…` (moved into the answer's folder with
 * the row); direct mode at its final folder (`{form_id}/{path}/{random}/{name}`, or
 * `buckets/{bucket_id}/{path}/…` when the field names a bucket).
 */
import { randomUUID } from "node:crypto";
import {
  acceptOf, capabilityOf, directUploadFolder, FieldworkError, FILE_LIMITS, fileTooLargeMessage, maxFilesOf, stagedKey, storageNameOf, storageOf, uploadTypeOf,
  type FormField,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageUrlRequest } from "../../storage/signed-url";
import { cachedFormRecord, isUuid, loadFormRecord } from "../form-record";
import { grantUpload } from "./upload-grants";

/** How long a signed upload or a resolved URL stays valid. */
export const UPLOAD_URL_SECONDS = 60 * 60;
/** Grants one session may hold for one field: its file count, with room for retries and replaced files. */
const GRANTS_PER_FILE = 5;

interface SessionField { form_id: string; session_id: string; field: FormField }

/** The session (open, not yet submitted) and its form's file field, or the catalogue's refusal. */
async function sessionFileField(db: Kysely<DB>, sessionId: string, fieldId: string): Promise<SessionField> {
  if (!isUuid(sessionId)) throw new FieldworkError("SESSION_NOT_FOUND");
  if (!isUuid(fieldId)) throw new FieldworkError("FIELD_NOT_FOUND");
  const session = await db.selectFrom("response_session").select(["form_id", "submitted_at"]).where("id", "=", sessionId).executeTakeFirst();
  if (!session) throw new FieldworkError("SESSION_NOT_FOUND");
  if (session.submitted_at) throw new FieldworkError("SESSION_NOT_FOUND", "This session has already submitted its answer.");
  const record = cachedFormRecord(db, session.form_id) ?? await loadFormRecord(db, session.form_id);
  const field = record?.fields.find((f) => f.id === fieldId);
  if (!field || !capabilityOf(field.type).file) throw new FieldworkError("FIELD_NOT_FOUND");
  return { form_id: session.form_id, session_id: sessionId, field };
}

export interface SignedUpload { signedUrl: string; path: string; token: string }

/** The app's signer (`app.signStorageUrl`): a relative URL with its `token`. */
export type SignUrl = (request: StorageUrlRequest) => string;

export async function requestUploadUrl(
  db: Kysely<DB>, sign: SignUrl, sessionId: string, fieldId: string, file: { name: string; size: number },
): Promise<SignedUpload> {
  const { form_id, field } = await sessionFileField(db, sessionId, fieldId);
  if (uploadTypeOf(field) !== "requesturl") {
    throw new FieldworkError("FIELD_NOT_FOUND", `${field.name} takes its files with the form (multipart), not through a signed upload.`, [field.name]);
  }
  if (file.size > FILE_LIMITS.signed_url_bytes) {
    throw new FieldworkError("STORAGE_OBJECT_TOO_LARGE", fileTooLargeMessage(FILE_LIMITS.signed_url_bytes), [field.name]);
  }
  const held = await db.selectFrom("upload_grant").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("session_id", "=", sessionId).where("field_id", "=", fieldId).executeTakeFirstOrThrow();
  if (Number(held.n) >= maxFilesOf(field) * GRANTS_PER_FILE) {
    throw new FieldworkError("RATE_LIMITED", `${field.name} has had too many uploads in this session.`, [field.name]);
  }
  const storage = storageOf(field);
  const random = randomUUID();
  const key = storage.mode === "staged"
    ? stagedKey(sessionId, fieldId, random, file.name)
    : `${directUploadFolder(form_id, storage)}/${random}/${storageNameOf(file.name)}`;
  await grantUpload(db, { key, form_id, field_id: fieldId, session_id: sessionId, max_bytes: FILE_LIMITS.signed_url_bytes });
  const signedUrl = sign({ key, op: "put", expiresInSeconds: UPLOAD_URL_SECONDS, maxBytes: FILE_LIMITS.signed_url_bytes, accept: acceptOf(field) });
  return { signedUrl, path: key, token: new URL(signedUrl, "http://x").searchParams.get("token") ?? "" };
}

/** A URL the page can show a file of this session and field by (a signed GET). */
export async function resolveUploadUrl(db: Kysely<DB>, sign: SignUrl, sessionId: string, fieldId: string, path: string | undefined): Promise<string> {
  if (!path) throw new FieldworkError("STORAGE_NO_PATH");
  await sessionFileField(db, sessionId, fieldId);
  const grant = await db.selectFrom("upload_grant").select("key")
    .where("key", "=", path).where("session_id", "=", sessionId).where("field_id", "=", fieldId).executeTakeFirst();
  if (!grant) throw new FieldworkError("UPLOAD_PATH_NOT_ALLOWED");
  return sign({ key: path, op: "get", expiresInSeconds: UPLOAD_URL_SECONDS });
}
