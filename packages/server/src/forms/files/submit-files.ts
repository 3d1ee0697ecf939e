/**
 * The file side of POST /submit/{form_id}: multipart file parts are streamed into storage as
 * the body is read (`receiver.onFile`), signed uploads named by path are checked against the
 * session's grants (`collect`), and what a refused or repeated submit streamed in is removed
 * (`discard`). The row's transaction claims the rest (forms/submit/batch-write.ts).
 */
import { randomUUID } from "node:crypto";
import { capabilityOf, FieldworkError, FILE_LIMITS, maxFilesOf, PARAM } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver } from "../../storage/driver";
import { cachedFormRecord, isUuid, type FormRecord } from "../form-record";
import { loadPublishedForm } from "../preload";
import {
  countedOnlyFile, discardMultipartFiles, mergePostedFiles, signedFilesOf, storeMultipartFile, type MultipartFilePart, type PostedFiles,
} from "./posted-files";
import { readCapped, signatureFromImage, type SignatureUpload } from "./signature-upload";

export interface FileReceiver {
  onFile(part: MultipartFilePart): Promise<void>;
  /** Every file of the submit: the streamed parts, then the signed uploads the entries name. */
  collect(entries: ReadonlyMap<string, string[]>): Promise<PostedFiles>;
  /** Removes the streamed parts no row claimed (all of them after a refused or failed submit). */
  discard(): Promise<void>;
  /** Whether the submit brought any file (then its row may have files to move). */
  readonly any: boolean;
  /** The picture posted for each signature field, by field id, made into its value (page without scripts). */
  readonly signatures: ReadonlyMap<string, SignatureUpload>;
}

export function fileReceiver(db: Kysely<DB>, storage: StorageDriver, formId: string): FileReceiver {
  const streamed: PostedFiles = new Map();
  const signatures = new Map<string, SignatureUpload>();
  const uploadId = randomUUID();
  let record: FormRecord | undefined;
  let any = false;
  const form = async () => {
    const cached = cachedFormRecord(db, formId);
    record ??= cached?.form.is_published ? cached : await loadPublishedForm(db, formId);
    return record;
  };
  return {
    async onFile(part) {
      const { form: row, fields } = await form();
      const field = fields.find((f) => f.name === part.fieldname && (capabilityOf(f.type).file || f.type === "signature"));
      if (!field) {
        part.file.resume();
        throw new FieldworkError("INVALID_FIELD_VALUE", `${part.fieldname} does not take files.`, [part.fieldname]);
      }
      if (field.type === "signature") {
        // One picture, held in memory only (never stored as a file): its PNG is the answer.
        if (signatures.has(field.id)) return void part.file.resume();
        const bytes = await readCapped(part.file as AsyncIterable<Buffer> & { truncated?: boolean }, FILE_LIMITS.multipart_bytes);
        signatures.set(field.id, bytes
          ? await signatureFromImage(bytes)
          : { ok: false, problem: { kind: "file_too_large", max_bytes: FILE_LIMITS.multipart_bytes } });
        return;
      }
      any = true;
      const list = streamed.get(field.id) ?? [];
      streamed.set(field.id, list);
      // Past the field's count the bytes are read but never stored; the count refuses the submit.
      list.push(list.length >= maxFilesOf(field) ? countedOnlyFile(field, part) : await storeMultipartFile(db, storage, field, row.id, uploadId, part));
    },
    async collect(entries) {
      // The form is cached: the submit reads the same record next.
      const { fields } = await form();
      if (!fields.some((f) => capabilityOf(f.type).file && entries.has(f.name))) return streamed;
      const session = entries.get(PARAM.session)?.at(-1)?.trim() ?? null;
      const signed = await signedFilesOf(db, storage, fields, entries, isUuid(session) ? session : null);
      any ||= signed.size > 0;
      return mergePostedFiles(streamed, signed);
    },
    discard: () => discardMultipartFiles(db, storage, streamed),
    get any() { return any; },
    signatures,
  };

}
