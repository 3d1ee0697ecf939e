/**
 * Retention of what visitors leave behind without submitting (docs/api.md "Retention"):
 * response sessions nobody submitted are deleted 30 days after their last saved answer,
 * and rate-limit windows an hour after they end. A timer in every server runs it hourly;
 * an advisory lock lets one instance at a time do the work.
 */
import { sql, type Kysely } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { DB } from "../db/schema";

export const UNSUBMITTED_SESSION_RETENTION_DAYS = 30;
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
        .where("updated_at", "<", new Date(now.getTime() - UNSUBMITTED_SESSION_RETENTION_DAYS * 24 * HOUR_MS))
        .executeTakeFirst();
      const windows = await conn.deleteFrom("rate_limit_hit")
        .where("window_start", "<", new Date(now.getTime() - HOUR_MS))
        .executeTakeFirst();
      return { sessions: Number(sessions.numDeletedRows), rate_limit_windows: Number(windows.numDeletedRows) };
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(conn);
    }
  });
}

/** Runs `pruneExpired` a minute after start, then every hour; the returned function stops it. */
export function scheduleRetention(db: Kysely<DB>, log: FastifyBaseLogger, everyMs = HOUR_MS): () => void {
  const run = () => {
    pruneExpired(db).then(
      (pruned) => log.info({ retention: pruned }, "retention: deleted expired sessions and rate-limit windows"),
      (error: unknown) => log.error({ err: error }, "retention job failed"),
    );
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
