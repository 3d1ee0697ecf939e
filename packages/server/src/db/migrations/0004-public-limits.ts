import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Public endpoints are limited per client address in Postgres (so a limit holds across
 * instances): one row per endpoint class and address, counting hits in a fixed window.
 * Unsubmitted response sessions are deleted after a retention period; the partial index
 * finds them without reading submitted ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table rate_limit_hit (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    );
    create index response_session_unsubmitted on response_session(updated_at) where submitted_at is null;
  `);
}
