/**
 * Files nobody's answer holds (issue 21): the retention job (limits/retention.ts) removes the
 * objects of upload grants no submit claimed, once no upload can still land on them (their
 * signed URL expired and the longest upload ended: GRANT_EXPIRY_MS) —
 *
 * - a multipart file whose submit never wrote its row (refused answers are removed at once;
 *   these are what a crash or a lost connection left);
 * - an owner's added file whose PUT never came (the row never got it: upload-landing.ts);
 * - a signed upload whose PUT never landed, or of a session that is gone (abandoned sessions
 *   are deleted 7 days after their last answer) or that submitted without it.
 *
 * A landed upload of a live session stays: the visitor may still submit it. Each object is
 * deleted before its grant, so a crash in between only repeats the delete.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { StorageDriver } from "../../storage/driver";
import { UPLOAD_DEADLINE_MS } from "../../storage/object-routes";
import { UPLOAD_URL_SECONDS } from "./upload-urls";

/** No upload lands on a grant older than this: its URL expired and the longest upload ended. */
export const GRANT_EXPIRY_MS = UPLOAD_URL_SECONDS * 1000 + UPLOAD_DEADLINE_MS + 5 * 60_000;
const BATCH = 500;

export async function pruneUploads(db: Kysely<DB>, storage: StorageDriver, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GRANT_EXPIRY_MS);
  let removed = 0;
  for (;;) {
    const { rows } = await sql<{ key: string }>`
      select g.key from upload_grant g
      left join response_session s on s.id = g.session_id
      where g.created_at < ${before}
        and (g.session_id is null or g.stored_at is null or s.id is null or s.submitted_at is not null)
      order by g.created_at limit ${BATCH}`.execute(db);
    if (!rows.length) return removed;
    const keys = rows.map((r) => r.key);
    await storage.delete(keys);
    await db.deleteFrom("upload_grant").where("key", "in", keys).execute();
    removed += keys.length;
    if (rows.length < BATCH) return removed;
  }
}
