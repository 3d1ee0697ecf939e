import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * The per-address hit counters are written on every public request and worth nothing after a
 * crash (a window lasts a minute), so they skip the write-ahead log: a counted request no
 * longer waits for its own fsync, which in a rush of submits cost as much as the answer's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, "alter table rate_limit_hit set unlogged;");
}
