/**
 * The relay: outbox rows become delivery jobs, one per enabled webhook of the form that
 * takes the event's type (or only the named webhook, for a redelivery). Rows are claimed
 * with `FOR UPDATE SKIP LOCKED`, their jobs are inserted and `relayed_at` is stamped in one
 * transaction: a row is relayed exactly once, however many relays run on however many
 * servers, and a crash before commit leaves it for the next pass.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { DeliveryQueue } from "./queue";

export const RELAY_BATCH = 100;

/** One pass: relays up to `batch` pending outbox rows; the answer is how many. */
export async function relayOutbox(db: Kysely<DB>, queue: DeliveryQueue, batch = RELAY_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      select id from outbox where relayed_at is null order by id limit ${batch} for update skip locked`.execute(trx);
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => Number(r.id));
    const { rows: targets } = await sql<{ outbox_id: number; webhook_id: string; request_id: string | null }>`
      select o.id as outbox_id, w.id as webhook_id, o.request_id
      from outbox o join webhook w on w.form_id = o.form_id
      where o.id = any(${ids}::bigint[]) and w.enabled and o.type = any(w.events)
        and (o.webhook_id is null or o.webhook_id = w.id)
      order by o.id, w.created_at, w.id`.execute(trx);
    for (const target of targets) {
      await queue.send({ outbox_id: Number(target.outbox_id), webhook_id: target.webhook_id, attempt: 1, request_id: target.request_id }, trx);
    }
    await sql`update outbox set relayed_at = now() where id = any(${ids}::bigint[])`.execute(trx);
    return ids.length;
  });
}
