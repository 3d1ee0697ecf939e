/**
 * Files nobody's answer holds (issue 21): the retention job (limits/retention.ts) removes the
 * objects of upload grants no submit claimed —
 *
 * - a multipart file whose submit never wrote its row (refused answers are removed at once;
 *   these are what a crash or a lost connection left): after an hour;
 * - a signed upload of a session that is gone (abandoned sessions are deleted 7 days after
 *   their last answer) or that submitted without it: after an hour.
 *
 * Each object is deleted before its grant, so a crash in between only repeats the delete.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver } from "../../storage/driver";

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 500;

export async function pruneUploads(db: Kysely<DB>, storage: StorageDriver, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HOUR_MS);
  let removed = 0;
  for (;;) {
    const { rows } = await sql<{ key: string }>`
      select g.key from upload_grant g
      left join response_session s on s.id = g.session_id
      where g.created_at < ${before}
        and (g.session_id is null or s.id is null or s.submitted_at < ${before})
      order by g.created_at limit ${BATCH}`.execute(db);
    if (!rows.length) return removed;
    const keys = rows.map((r) => r.key);
    await storage.delete(keys);
    await db.deleteFrom("upload_grant").where("key", "in", keys).execute();
    removed += keys.length;
    if (rows.length < BATCH) return removed;
  }
}
