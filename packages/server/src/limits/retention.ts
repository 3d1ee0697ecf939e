/**
 * Retention of what visitors leave behind without submitting (docs/api.md "Retention"):
 * response sessions nobody submitted are deleted 7 days after their last saved answer, or a
 * day after they were opened when they hold no answer at all, and rate-limit windows an hour
 * after they end; then each form's tally of partial-answer bytes (`form_partial_bytes`) is
 * recounted from the sessions left; row-feed watches that lapsed an hour ago go too. A timer in every server runs it hourly; an advisory
 * lock lets one instance at a time do the work.
 */
import { sql, type Kysely } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { DB } from "../db/schema";
import { pruneUploads } from "../forms/files/upload-retention";
import type { StorageDriver } from "../storage/driver";

export const UNSUBMITTED_SESSION_RETENTION_DAYS = 7;
/** A session with no saved answer (opened, never typed into). */
export const EMPTY_SESSION_RETENTION_HOURS = 24;
const RETENTION_LOCK = 7_423_001;
const HOUR_MS = 60 * 60 * 1000;

export interface Pruned { sessions: number; rate_limit_windows: number }

export async function pruneExpired(db: Kysely<DB>, now = new Date()): Promise<Pruned> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK}) as locked`.execute(conn);
    if (!rows[0]?.locked) return { sessions: 0, rate_limit_windows: 0 };
    try {
      const sessions = await conn.deleteFrom("response_session")
        .where("submitted_at", "is", null)
        .where("updated_at", "<", new Date(now.getTime() - EMPTY_SESSION_RETENTION_HOURS * HOUR_MS))
        .where((eb) => eb.or([
          eb("updated_at", "<", new Date(now.getTime() - UNSUBMITTED_SESSION_RETENTION_DAYS * 24 * HOUR_MS)),
          eb("raw", "=", sql<never>`'{}'::jsonb`),
        ]))
        .executeTakeFirst();
      await recountPartialBytes(conn);
      const windows = await conn.deleteFrom("rate_limit_hit")
        .where("window_start", "<", new Date(now.getTime() - HOUR_MS))
        .executeTakeFirst();
      // A lapsed watch is as good as none (realtime/row-feed-watch.ts); tables dropped since leave theirs.
      await sql`delete from row_feed_watch where watched_until < ${new Date(now.getTime() - HOUR_MS)}`.execute(conn);
      return { sessions: Number(sessions.numDeletedRows), rate_limit_windows: Number(windows.numDeletedRows) };
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Sets each form's tally to what its unsubmitted sessions hold now: submitted and deleted
 * sessions stop counting (a PATCH only ever adds and subtracts its own session's change).
 */
async function recountPartialBytes(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into form_partial_bytes as t (form_id, bytes)
    select form_id, sum(octet_length(raw::text)) from response_session where submitted_at is null group by form_id
    on conflict (form_id) do update set bytes = excluded.bytes`.execute(db);
  await sql`
    delete from form_partial_bytes t
    where not exists (select 1 from response_session s where s.form_id = t.form_id and s.submitted_at is null)`.execute(db);
}

/**
 * Runs `pruneExpired` a minute after start, then every hour; with `storage`, then the files of
 * abandoned sessions and unfinished submits (forms/files/upload-retention.ts). The returned
 * function stops it.
 */
export function scheduleRetention(db: Kysely<DB>, log: FastifyBaseLogger, everyMs = HOUR_MS, storage?: StorageDriver): () => void {
  const run = () => {
    pruneExpired(db)
      .then((pruned) => log.info({ retention: pruned }, "retention: deleted expired sessions and rate-limit windows"))
      .then(async () => {
        if (!storage) return;
        const files = await pruneUploads(db, storage);
        if (files) log.info({ retention: { files } }, "retention: deleted files no answer holds");
      })
      .catch((error: unknown) => log.error({ err: error }, "retention job failed"));
  };
  const first = setTimeout(run, Math.min(60_000, everyMs));
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
