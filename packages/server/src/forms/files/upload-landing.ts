/**
 * What a signed PUT's bytes mean once they have landed (storage/object-routes.ts `onStored`),
 * so that the records say what is really stored (issue 21):
 *
 * - a respondent's signed upload: its grant is marked landed (`stored_at`); a submit names
 *   only landed uploads, retention removes grants whose PUT never came (upload-retention.ts);
 * - an owner's added file (owner-files.ts signed-upload-url): the file joins the row's answer
 *   with its real size and sniffed type, and its grant goes, in one transaction;
 * - an owner's replace (upsert, same path): the answer's file reference gets the new bytes'
 *   name, size, type, lastModified and duration.
 */
import {
  capabilityOf, FieldworkError, filesOfAnswer, maxFilesOf, storageNameOf, type FileMetadata, type StoredFile,
} from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { managedTable } from "../../tables/managed-names";
import { isUuid, loadFormRecord } from "../form-record";

/** The metadata an answer keeps for bytes that just landed under `path`. */
function metadataOf(path: string, name: string, file: StoredFile): FileMetadata {
  return {
    path, name, size: file.size, type: file.type, lastModified: Date.now(), ...(file.duration !== undefined ? { duration: file.duration } : {}),
  };
}

/**
 * Called once a signed PUT stored `file` at `key`; `name` is the file name the uploader gave
 * (a replace's new name; unsigned, so only ever a display name).
 */
export async function uploadLanded(db: Kysely<DB>, key: string, file: StoredFile, name?: string): Promise<void> {
  const grant = await db.selectFrom("upload_grant").select(["form_id", "field_id", "row_id", "name", "session_id"]).where("key", "=", key).executeTakeFirst();
  if (grant?.row_id) return addToRow(db, key, file);
  if (grant) {
    await db.updateTable("upload_grant").set({ stored_at: new Date() }).where("key", "=", key).execute();
    return;
  }
  await replacedInAnswer(db, key, file, name);
}

/** An owner's added file joins its row (at most the field's count), and its grant goes. */
async function addToRow(db: Kysely<DB>, key: string, file: StoredFile): Promise<void> {
  // A refusal is thrown after the commit: the grant's removal and the queued delete must stay.
  const refusal = await db.transaction().execute(async (trx): Promise<FieldworkError | undefined> => {
    const grant = await trx.selectFrom("upload_grant").selectAll().where("key", "=", key).forUpdate().executeTakeFirst();
    if (!grant?.row_id) return undefined; // another landing of the same PUT took it
    const record = await loadFormRecord(trx, grant.form_id);
    const field = record?.fields.find((f) => f.id === grant.field_id);
    await trx.deleteFrom("upload_grant").where("key", "=", key).execute();
    if (!record || !field || !capabilityOf(field.type).file) {
      await trx.insertInto("storage_delete").values({ key, prefix: false }).execute();
      return new FieldworkError("FIELD_NOT_FOUND");
    }
    const column = sql.ref(field.name);
    const table = managedTable(record.form.table_name);
    const { rows } = await sql<{ value: unknown }>`select ${column} as value from ${table} where id = ${grant.row_id}::uuid for update`.execute(trx);
    const files = rows.length ? filesOfAnswer(rows[0]!.value) : [];
    if (rows.length === 0 || files.length >= maxFilesOf(field)) {
      // The row went (or filled up) while the bytes travelled: they are nobody's.
      await trx.insertInto("storage_delete").values({ key, prefix: false }).execute();
      if (rows.length === 0) return new FieldworkError("NOT_FOUND");
      return new FieldworkError("INVALID_FIELD_VALUE", `${field.name} holds at most ${maxFilesOf(field)} files.`, [field.name]);
    }
    const meta = metadataOf(key, grant.name ?? storageNameOf(key.split("/").at(-1) ?? "file"), file);
    const multiple = Array.isArray(rows[0]!.value) || maxFilesOf(field) > 1;
    const value = multiple ? [...files, meta] : meta;
    await sql`update ${table} set ${column} = ${JSON.stringify(value)}::jsonb where id = ${grant.row_id}::uuid`.execute(trx);
    return undefined;
  });
  if (refusal) throw refusal;
}

/**
 * New bytes at a path an answer holds (an owner's replace): that file reference describes them
 * now. The path names its form in its first segment; any other key changes nothing.
 */
async function replacedInAnswer(db: Kysely<DB>, key: string, file: StoredFile, name: string | undefined): Promise<void> {
  const formId = key.split("/")[0] ?? "";
  if (!isUuid(formId)) return;
  const record = await loadFormRecord(db, formId);
  if (!record) return;
  const table = managedTable(record.form.table_name);
  for (const field of record.fields.filter((f) => capabilityOf(f.type).file)) {
    const column = sql.ref(field.name);
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string; value: unknown }>`select id::text as id, ${column} as value from ${table}
        where ${column} @> ${JSON.stringify({ path: key })}::jsonb or ${column} @> ${JSON.stringify([{ path: key }])}::jsonb for update`.execute(trx);
      for (const row of rows) {
        const replace = (item: unknown) => {
          const [old] = filesOfAnswer(item);
          return old?.path === key ? metadataOf(key, name ? storageNameOf(name) : old.name, file) : item;
        };
        const value = Array.isArray(row.value) ? row.value.map(replace) : replace(row.value);
        await sql`update ${table} set ${column} = ${JSON.stringify(value)}::jsonb where id = ${row.id}::uuid`.execute(trx);
      }
    });
  }
}
