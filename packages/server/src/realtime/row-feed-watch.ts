/**
 * Which managed tables someone watches (docs/ARCHITECTURE.md "Live rows"): the row-feed
 * triggers notify only for a table with a live row in `row_feed_watch` (migration 0017), so a
 * table nobody watches pays no NOTIFY (whose commit takes a database-wide lock). A feed with
 * subscribers keeps its tables' rows alive: every `WATCH_HEARTBEAT_MS` it pushes
 * `watched_until` to `WATCH_TTL_SECONDS` from now; when it stops, the row expires.
 *
 * Nothing a watcher should see is missed: `watchTable` resolves only once every transaction
 * that may have written the table unseen has ended. A table that was not watched (or whose row
 * was about to expire) is locked in SHARE mode while its row is written: that waits for the
 * writers in flight, whose triggers looked before the row existed, to commit, and holds new
 * writers until it commits, so each of them finds the row. A row with time left is extended
 * without the lock, so it never lapses while watched. (A writer at REPEATABLE READ whose
 * snapshot predates the watch is the exception: its trigger cannot see the row.)
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-names";

export const ROW_FEED_WATCH_TABLE = "row_feed_watch";
export const WATCH_HEARTBEAT_MS = 10_000;
/** How long a watch lives without a heartbeat: a few heartbeats. */
export const WATCH_TTL_SECONDS = 40;
/** A watch with less than this left is renewed under the lock, as a new one (a heartbeat came late). */
const RENEW_MARGIN_SECONDS = 10;

/** Marks `table` watched for `ttlSeconds`; resolves once every later commit to it notifies. */
export async function watchTable(db: Kysely<DB>, table: string, ttlSeconds = WATCH_TTL_SECONDS): Promise<void> {
  const margin = Math.min(RENEW_MARGIN_SECONDS, ttlSeconds / 2);
  const { rows } = await sql<{ ok: number }>`
    update public.row_feed_watch set watched_until = greatest(watched_until, clock_timestamp() + make_interval(secs => ${ttlSeconds}))
    where table_name = ${table} and watched_until > clock_timestamp() + make_interval(secs => ${margin})
    returning 1 as ok`.execute(db);
  if (rows.length) return;
  await db.transaction().execute(async (trx) => {
    await sql`lock table ${managedTable(table)} in share mode`.execute(trx);
    await sql`
      insert into public.row_feed_watch (table_name, watched_until)
      values (${table}, clock_timestamp() + make_interval(secs => ${ttlSeconds}))
      on conflict (table_name) do update set watched_until = greatest(row_feed_watch.watched_until, excluded.watched_until)`.execute(trx);
  });
}
