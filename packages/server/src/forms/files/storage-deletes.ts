/**
 * Files of deleted answers (issue 21 item 10, migration 0020 `storage_delete`). Deleting rows,
 * a file field or a form writes its outbox entries in the same transaction: the stored paths
 * of the rows' file columns and each row's folder `{form_id}/{row_id}/` (rows), the column's
 * paths (a field), the form's folder `{form_id}/` and the files its fields keep in buckets
 * (a form, `queueFormFiles`). The job that runs the staged moves
 * (storage-moves.ts) then removes the objects and the entries. Removing is idempotent (a key
 * already gone is fine), so a crash between the two leaves an entry the next pass finishes;
 * a staged file whose move had not run yet is removed at its staged key with its move.
 */
import { capabilityOf, fieldBucketOf, isFieldType } from "@fieldwork/core";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver } from "../../storage/driver";
import { managedTable } from "../../tables/managed-names";

const BATCH = 100;

/**
 * `select key, prefix` of the files of rows read from `rows` (aliased `w`, with an `id` and
 * the named jsonb file columns): every stored path, and each row's folder under `formId`.
 */
export function fileKeysOfRows(formId: string, fileColumns: readonly string[], rows: RawBuilder<unknown>): RawBuilder<unknown> {
  const paths = fileColumns.map((name) => {
    const column = sql.ref(`w.${name}`);
    return sql`select e->>'path' as key, false as prefix from ${rows} w
      cross join lateral jsonb_array_elements(case jsonb_typeof(${column}) when 'array' then ${column}
        when 'object' then jsonb_build_array(${column}) else '[]'::jsonb end) e
      where e->>'path' is not null`;
  });
  const folders = sql`select ${formId} || '/' || w.id::text || '/' as key, true as prefix from ${rows} w`;
  return sql.join([...paths, folders], sql` union all `);
}

/** Queues the removal of a key or of every key under a prefix (in the caller's transaction). */
export async function queueStorageDelete(db: Kysely<DB>, key: string, prefix: boolean): Promise<void> {
  await db.insertInto("storage_delete").values({ key, prefix }).execute();
}

/** Queues every file a column of a table holds (a file field about to be dropped). */
export async function queueColumnFiles(db: Kysely<DB>, table: RawBuilder<unknown>, column: string): Promise<void> {
  const ref = sql.ref(`t.${column}`);
  await sql`insert into storage_delete (key, prefix)
    select e->>'path', false from ${table} t
    cross join lateral jsonb_array_elements(case jsonb_typeof(${ref}) when 'array' then ${ref}
      when 'object' then jsonb_build_array(${ref}) else '[]'::jsonb end) e
    where e->>'path' is not null`.execute(db);
}

/**
 * Queues every file of a form about to be removed (in its transaction, before its table is
 * dropped): its folder, and the stored paths of the fields that keep their files in a bucket
 * (those live under `buckets/{bucket_id}/`, outside the form's folder).
 */
export async function queueFormFiles(db: Kysely<DB>, form: { id: string; table_name: string }): Promise<void> {
  const fields = await db.selectFrom("form_field").select(["name", "type", "storage"]).where("form_id", "=", form.id).execute();
  for (const field of fields) {
    if (isFieldType(field.type) && capabilityOf(field.type).file && fieldBucketOf(field.storage) !== null) {
      await queueColumnFiles(db, managedTable(form.table_name), field.name);
    }
  }
  await queueStorageDelete(db, `${form.id}/`, true);
}

/** Removes the queued files (oldest first); a failure is logged and retried on the next pass. */
export async function runStorageDeletes(db: Kysely<DB>, storage: StorageDriver, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const entries = await db.selectFrom("storage_delete").select(["id", "key", "prefix"])
      .where("id", ">", after).orderBy("id").limit(BATCH).execute();
    for (const entry of entries) {
      after = Number(entry.id);
      try {
        await removeEntry(db, storage, entry.key, entry.prefix);
        await db.deleteFrom("storage_delete").where("id", "=", entry.id).execute();
        done++;
      } catch (error) {
        log?.error({ err: error, key: entry.key }, "storage delete failed; it is retried");
      }
    }
    if (entries.length < BATCH) return done;
  }
}

async function removeEntry(db: Kysely<DB>, storage: StorageDriver, key: string, prefix: boolean): Promise<void> {
  if (!prefix) {
    // A staged file not moved yet: its bytes are at the move's source.
    const moves = await db.selectFrom("storage_move").select(["id", "from_key"]).where("to_key", "=", key).execute();
    await storage.delete([key, ...moves.map((m) => m.from_key)]);
    if (moves.length) await db.deleteFrom("storage_move").where("id", "in", moves.map((m) => m.id)).execute();
    return;
  }
  const like = `${key.replace(/[\\%_]/g, "\\$&")}%`;
  const moves = await db.selectFrom("storage_move").select(["id", "from_key"]).where("to_key", "like", like).execute();
  if (moves.length) await storage.delete(moves.map((m) => m.from_key));
  // A batch at a time, listing again after each: no deleting under a listing still running.
  for (;;) {
    const batch: string[] = [];
    for await (const object of storage.list(key)) {
      batch.push(object.key);
      if (batch.length >= BATCH) break;
    }
    if (batch.length === 0) break;
    await storage.delete(batch);
  }
  if (moves.length) await db.deleteFrom("storage_move").where("id", "in", moves.map((m) => m.id)).execute();
}
