/**
 * Column indexes nobody reads are dropped (issue 20 item 5): every index costs each insert
 * into its table. A read that would use an index records the use in `column_index_use` at
 * most once a minute (lazy-indexes.ts); an index whose column and kind saw no use for
 * UNUSED_INDEX_DAYS days (or none at all) is dropped, and made again by the next read that
 * wants it. Indexes made before lazy indexes existed count from migration 0017, which
 * recorded a use for each. A timer in every server runs the job hourly; each drop takes the
 * index's advisory lock (column-index.ts), so instances never drop one twice or mid-build.
 */
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { columnIndexes, dropColumnIndex } from "./column-index";
import { INDEX_BUILD_TIMEOUT_MS } from "./lazy-indexes";

/**
 * 30 days: a monthly report's filter finds its index still there, while a column filtered
 * once in a while does not tax every submit for long.
 */
export const UNUSED_INDEX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface UnusedIndexOptions {
  now?: Date;
  unusedDays?: number;
  timeoutMs?: number;
}

/** Drops the column indexes unused for `unusedDays`; returns their names. */
export async function dropUnusedIndexes(db: Kysely<DB>, options: UnusedIndexOptions = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.unusedDays ?? UNUSED_INDEX_DAYS) * DAY_MS);
  const { rows: uses } = await sql<{ table_name: string; attnum: number; kind: string; used_at: Date | string }>`
    select table_name, attnum, kind, used_at from column_index_use`.execute(db);
  const lastUse = new Map(uses.map((u) => [`${u.table_name}\u0000${Number(u.attnum)}\u0000${u.kind}`, new Date(u.used_at)]));
  const dropped: string[] = [];
  for (const index of await columnIndexes(db)) {
    const used = lastUse.get(`${index.table_name}\u0000${index.attnum}\u0000${index.kind}`);
    if (used && used >= cutoff) continue;
    if (await dropColumnIndex(db, index, options.timeoutMs ?? INDEX_BUILD_TIMEOUT_MS)) dropped.push(index.index_name);
  }
  // Uses that old name no index any more (dropped now, or never built: a small table, a dropped column).
  await sql`delete from column_index_use where used_at < ${cutoff.toISOString()}::timestamptz`.execute(db);
  return dropped;
}

/** Runs `dropUnusedIndexes` five minutes after start, then hourly; the returned function stops it. */
export function scheduleUnusedIndexDrop(db: Kysely<DB>, log: FastifyBaseLogger, everyMs = HOUR_MS): () => void {
  const run = () => {
    dropUnusedIndexes(db).then(
      (dropped) => { if (dropped.length) log.info({ dropped }, "dropped column indexes unused for %d days", UNUSED_INDEX_DAYS); },
      (error: unknown) => log.error({ err: error }, "unused index job failed"),
    );
  };
  const first = setTimeout(run, Math.min(5 * 60_000, everyMs));
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
