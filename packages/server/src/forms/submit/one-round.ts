/**
 * A batch in one round trip (PostgreSQL), when it needs nothing decided in Node: no session,
 * no customer (named or by fingerprint), no stock, no payment, no per-customer limit, every member open
 * by the definition it was read against. `begin`, the statement that locks the form's row and
 * counts the members' hits (batch-write.ts `lockStatement`), the insert, and `commit` go as
 * one query, so the form's row is held only inside PostgreSQL (never across a round trip to
 * this process and back), and the next batch's statements wait in PostgreSQL right behind.
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
import type { DB } from "../../db/schema";
import { inRounds, literalOf } from "../../db/statement-rounds";
import { placeHits, type CountedKey } from "../../limits/rate-limit";
import { closedAtSubmit } from "../availability";
import type { FormRecord } from "../form-record";
import { insertStatement, type InsertedRow } from "./batch-insert";
import { lockStatement, type MemberResult, type PendingSubmit, type SubmitOutcome } from "./batch-write";

/** Whether the batch can go in one round (see above); PostgreSQL only (the caller checks). */
export function oneRoundFits(record: FormRecord, items: readonly PendingSubmit[]): boolean {
  const { form } = record;
  return form.max_form_responses_by_customer === null && items.every((item) =>
    !item.session_id && !item.customer_uuid && !item.visitor_id && !item.demand.length && !item.payment && closedAtSubmit(form, item.now) === null);
}

/** The guard over the locked row `form` (see above), for `insertStatement`. */
function guardOf(record: FormRecord, items: readonly PendingSubmit[]): string {
  const { form } = record;
  const same = (column: string, value: unknown, type: string) => `form.${column} is not distinct from ${literalOf(value)}::${type}`;
  const limits = [...new Map(items.flatMap((item) => (item.rate_hit ? [[item.rate_hit.key, item.rate_hit.limit.max] as const] : []))).entries()];
  return [
    `form.revision = ${literalOf(form.revision)}::int`,
    "not form.is_force_closed",
    same("is_scheduling_enabled", form.is_scheduling_enabled, "boolean"),
    same("scheduling_open_at", form.scheduling_open_at, "timestamptz"),
    same("scheduling_close_at", form.scheduling_close_at, "timestamptz"),
    `(form.max_form_responses_in_total is null or form.response_count + ${literalOf(items.length)}::int <= form.max_form_responses_in_total)`,
    ...(limits.length
      ? [`not exists (select 1 from rate_limit_hit h join (values ${limits.map(([key, max]) => `(${literalOf(key)}::text, ${literalOf(max)}::int)`).join(", ")}) as l (key, max)
          on h.key = l.key where h.hits > l.max)`]
      : []),
  ].join("\n and ");
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
  const accepted = items.map((item, k) => ({ item, session_id: null, customer_id: null, local_index: k + 1 }));
  const { lock, rows } = await inRounds(db, (rounds) => rounds.run({
    lock: lockStatement(record.form.id, rated),
    rows: insertStatement(record, accepted, new Map(), guardOf(record, items)),
  }, { last: true }));
  const written = rows as InsertedRow[];
  if (written.length === items.length) {
    const byId = new Map(written.map((row) => [row.id, row]));
    return items.map((item): SubmitOutcome => {
      const row = byId.get(item.row_id)!;
      return { kind: "inserted", row: { id: row.id, local_index: row.local_index, created_at: row.created_at, duplicate: false } };
    });
  }
  const form = lock[0];
  const placed = form && rated.length ? placeHits(rated.map((r) => r.hit), form.hits as CountedKey[]) : [];
  const limited = new Map(rated.flatMap(({ i, hit }, j) => (placed[j] && placed[j].hits > hit.limit.max ? [[i, { hit, retry_after: placed[j].retry_after }] as const] : [])));
  return items.map((_, i): MemberResult | null => {
    const over = limited.get(i);
    return over ? { kind: "refused", code: "RATE_LIMITED", customer_id: null, retry_after: over.retry_after } : null;
  });
}
