import type { Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * The request that made each outbox event (issue 20 item 3): the relay copies it into the
 * delivery jobs, so a delivery's log lines name the request that caused it. Null for
 * events made outside a request (redeliveries, the CLI).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table outbox add column request_id text`);
}
