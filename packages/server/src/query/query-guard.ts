/**
 * Bounds on one Data API or grid statement (docs/ARCHITECTURE.md "Hostile input"):
 *
 * - PostgreSQL: the work runs in a transaction with `statement_timeout` set locally
 *   (QUERY_TIMEOUT_MS) and no parallel workers (one caller's statement, one core), and when
 *   the client goes away (`signal` aborts) its backend is cancelled with `pg_cancel_backend`
 *   from another connection. Both end the statement with SQLSTATE 57014, answered as 400
 *   QUERY_TIMEOUT (pg-errors.ts).
 * - PGlite runs each statement to its end in its worker thread (db/pglite-worker.ts): it
 *   ignores `statement_timeout` and has no second backend to cancel from. There the bound is
 *   what a query may ask for: full-text filters only on the indexed search column and at most
 *   LOAD_LIMITS.query_text_filters pattern filters per query (sql-builder.ts, core's parser).
 */
import { sql, type Kysely } from "kysely";
import { kindOf } from "../db/database";
import type { DB } from "../db/schema";

export interface QueryGuard {
  /** Milliseconds a statement may run; 0 for no limit. */
  timeoutMs: number;
  /** Aborts when the client that asked has gone. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `work` under `guard`'s statement timeout and cancellation (PostgreSQL), else as it is:
 * on PGlite, without a guard, and inside a caller's transaction (the caller's rules hold).
 * The one place a statement timeout is set (the grid's count passes its own, count.ts).
 */
export async function guarded<T>(db: Kysely<DB>, guard: QueryGuard | undefined, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!guard || db.isTransaction || kindOf(db) !== "postgres") return work(db);
  guard.signal?.throwIfAborted();
  return db.transaction().execute(async (trx) => {
    // No parallel workers: one caller's statement takes one core, not three (a heavy filter
    // on a table past min_parallel_table_scan_size would take every core of a small server).
    const { rows } = await sql<{ pid: number }>`
      select set_config('statement_timeout', ${String(Math.max(0, Math.trunc(guard.timeoutMs)))}, true),
        set_config('max_parallel_workers_per_gather', '0', true), pg_backend_pid() as pid`.execute(trx);
    const pid = rows[0]!.pid;
    const cancel = () => void sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => undefined);
    guard.signal?.addEventListener("abort", cancel, { once: true });
    try {
      return await work(trx);
    } finally {
      guard.signal?.removeEventListener("abort", cancel);
    }
  });
}
