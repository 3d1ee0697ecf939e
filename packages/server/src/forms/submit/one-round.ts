/**
 * A batch in one round trip (PostgreSQL), when it needs nothing decided in Node: no session,
 * no customer (named or by fingerprint), no stock, no payment, no per-customer limit, every member open
 * by the definition it was read against. One statement (one-round-statement.ts) counts the
 * members' hits, locks the form's row and writes the rows behind it, as its own transaction:
 * the form's row is held only inside PostgreSQL (never across a round trip to this process
 * and back), and only while the rows are written and committed, since the statement is
 * planned before it waits (and prepared: planned once per connection and form revision). The
 * next batch's statement waits in PostgreSQL right behind.
 *
 * The insert writes the whole batch, numbered after the locked row's `last_local_index`, only
 * when the locked row passes the guard: what `planBatch` would then decide for every member is
 * "accept, the next local_index", that is, the same revision (else the batch is stale), not
 * force-closed, the same schedule the members were found open by, room for the whole batch
 * under the total limit, and no address of the batch past its limit after this batch's hits.
 * Otherwise it writes nothing (the hits stay counted, as a stale batch's do) and the batch goes
 * the two-round way, whose plan decides each member; members past their address's limit are
 * refused here with the count this round made. `one-round.test.ts` checks the outcomes against
 * the two-round way's.
 */
import type { Kysely } from "kysely";
import { poolOf } from "../../db/database";
import type { DB } from "../../db/schema";
import { placeHits } from "../../limits/rate-limit";
import { closedAtSubmit } from "../availability";
import type { FormRecord } from "../form-record";
import type { InsertedRow } from "./batch-insert";
import type { MemberResult, PendingSubmit, SubmitOutcome } from "./batch-write";
import { oneRoundQuery, type OneRoundRow } from "./one-round-statement";

/** Whether the batch can go in one round (see above); PostgreSQL only (the caller checks). */
export function oneRoundFits(record: FormRecord, items: readonly PendingSubmit[]): boolean {
  const { form } = record;
  return form.max_form_responses_by_customer === null && items.every((item) =>
    !item.session_id && !item.customer_uuid && !item.visitor_id && !item.demand.length && !item.payment && closedAtSubmit(form, item.now) === null);
}

/**
 * The batch in one round: every member's outcome when the guard held; else null for the
 * members that must go the two-round way (their hits counted: `rate_hit` null) and the
 * refusal of those past their address's limit.
 */
export async function writeInOneRound(
  db: Kysely<DB>, record: FormRecord, items: readonly PendingSubmit[],
): Promise<(MemberResult | null)[]> {
  const rated = items.flatMap((item, i) => (item.rate_hit ? [{ i, hit: item.rate_hit }] : []));
  const { rows } = await poolOf(db)!.query<OneRoundRow>(oneRoundQuery(record, items));
  const written = rows.filter((row): row is InsertedRow => row.id !== null);
  if (written.length === items.length) {
    const byId = new Map(written.map((row) => [row.id, row]));
    return items.map((item): SubmitOutcome => {
      const row = byId.get(item.row_id)!;
      return { kind: "inserted", row: { id: row.id, local_index: row.local_index, created_at: row.created_at, duplicate: false } };
    });
  }
  const form = rows.find((row) => row.id === null);
  const placed = form && rated.length ? placeHits(rated.map((r) => r.hit), form.hits) : [];
  const limited = new Map(rated.flatMap(({ i, hit }, j) => (placed[j] && placed[j].hits > hit.limit.max ? [[i, { hit, retry_after: placed[j].retry_after }] as const] : [])));
  return items.map((_, i): MemberResult | null => {
    const over = limited.get(i);
    return over ? { kind: "refused", code: "RATE_LIMITED", customer_id: null, retry_after: over.retry_after } : null;
  });
}
