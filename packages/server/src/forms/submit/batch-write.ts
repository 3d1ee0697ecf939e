/**
 * One batch of a form's submits as one short transaction (docs/ARCHITECTURE.md "Submits"):
 *
 * 1. lock the form's row (`for update`): the counter, the limits, closing and schedule as they
 *    are now. Every writer of the form's rows takes this lock (submits of any instance, the
 *    Data API), so what the next statements read cannot change before the commit;
 * 2. read what the rules need: sessions that already made a row, the customers (created on
 *    first sight), their answers so far, the stock of the tracked options (locked);
 * 3. decide each submit in arrival order (batch-plan.ts);
 * 4. one statement writes every accepted row, moves the counters once (`response_count`, the
 *    rows held, which a delete lowers: tables/response-count-trigger.ts; `last_local_index`), marks the sessions,
 *    takes the stock with one commit per unit, and writes one `response.created` event per
 *    row to the outbox.
 *
 * Many submits share one lock, one round of reads and one commit (and its fsync), so the hot
 * row is held once per batch instead of once per submit.
 */
import type { ColumnValue, ErrorCode } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { poolOf } from "../../db/database";
import { inRounds, type Rounds } from "../../db/statement-rounds";
import { managedTable } from "../../tables/managed-table";
import { hitsStatement, placeHits, type CountedKey, type PendingHit } from "../../limits/rate-limit";
import { closedAtSubmit } from "../availability";
import { countByCustomerStatement, customerCounts, visitorCustomers, visitorCustomersStatement } from "../customer";
import type { FormRecord } from "../form-record";
import { insertStatement, type InsertedRow } from "./batch-insert";
import { planBatch, type PlanItem } from "./batch-plan";
import { oneRoundFits, writeInOneRound } from "./one-round";

export interface RequestMeta {
  user_agent: string | null;
  referer: string | null;
  ip: string | null;
}

/** A submit whose answers were read and checked, waiting for its batch. */
export interface PendingSubmit {
  /** The row's id, chosen before the write: its files' final paths name it. */
  row_id: string;
  /** Staged files to move into the answer's folder (one `storage_move` each, written with the row). */
  moves: readonly { from: string; to: string }[];
  /** Upload grants the row claims (deleted with the write: the files are the answer's now). */
  claims: readonly string[];
  /**
   * One value per field of the form's revision, by field id. Never keyed by the field object:
   * the members of one batch may have read their answers against separate loads of the same
   * revision (a cold cache at start or after an edit), whose field objects differ.
   */
  values: ReadonlyMap<string, ColumnValue>;
  extra: Record<string, unknown>;
  /** A well-formed session id (whether it belongs to this form is checked in the batch). */
  session_id: string | null;
  visitor_id: string | null;
  /** A customer named by the `customer_id` parameter or cookie (a uuid v4). */
  customer_uuid: string | null;
  utc_offset: number | null;
  meta: RequestMeta;
  /** The request's log id (request-id.ts), kept with the outbox event. */
  request_id: string | null;
  /** Tracked options chosen (option ids); empty for a paid submit, whose units its payment holds. */
  demand: string[];
  /** The confirmed payment this answer comes with (payments/): its held units are committed with the row. */
  payment?: PaidWith | null;
  now: Date;
  /** The per-address hit to count in the batch's transaction (PostgreSQL), or null when counted already or off. */
  rate_hit: PendingHit | null;
}

export interface PaidWith {
  id: string;
  /** Levels holding one unit each for this payment (payment-hold.ts). */
  held_level_ids: readonly string[];
}

export interface InsertedResponse {
  id: string;
  local_index: number;
  created_at: Date;
  /** True when this submit repeated an earlier one of the same session. */
  duplicate: boolean;
}

export type SubmitOutcome =
  | { kind: "inserted"; row: InsertedResponse }
  | { kind: "refused"; code: ErrorCode; customer_id: string | null; retry_after?: number }
  /** The definition changed since the answers were read: read them again. */
  | { kind: "stale" };

type Row = InsertedRow;

const UNIQUE_VIOLATION = "23505";
/** The table or a column is gone: the definition this insert was built from is stale. */
const STALE_SHAPE = new Set(["42P01", "42703"]);
const codeOf = (error: unknown) => (error as { code?: string }).code ?? "";

/** What one member of a batch gets: its outcome, or the error its own row failed with. */
export type MemberResult = SubmitOutcome | { kind: "failed"; error: unknown };

/**
 * Runs the batch; when its statement fails, each submit runs alone so one bad row fails only
 * itself: every sibling still gets its own outcome (written, refused or stale), never the
 * other's error.
 */
export async function writeBatch(
  db: Kysely<DB>, record: FormRecord, items: readonly PendingSubmit[], onLocked: () => void = () => undefined,
): Promise<MemberResult[]> {
  if (!poolOf(db) || !oneRoundFits(record, items)) return writeInTwoRounds(db, record, items, onLocked);
  // The round holds the form's row inside PostgreSQL only: the next batch may go now, and waits there.
  onLocked();
  let first: (MemberResult | null)[];
  try {
    first = await writeInOneRound(db, record, items);
  } catch {
    // Rolled back (hits included): the two-round way decides, and isolates a failing member.
    return writeInTwoRounds(db, record, items, onLocked);
  }
  const rest = items.flatMap((item, i) => (first[i] ? [] : [{ i, item: { ...item, rate_hit: null } }]));
  if (!rest.length) return first as MemberResult[];
  const again = await writeInTwoRounds(db, record, rest.map((r) => r.item), onLocked);
  rest.forEach(({ i }, j) => { first[i] = again[j]!; });
  return first as MemberResult[];
}

/** The batch the two-round way only (one-round.ts falls back to it; its test compares the two). */
export async function writeInTwoRounds(
  db: Kysely<DB>, record: FormRecord, items: readonly PendingSubmit[], onLocked: () => void,
): Promise<MemberResult[]> {
  try {
    return await inRounds(db, (rounds) => decideAndWrite(rounds, record, items, onLocked));
  } catch (error) {
    if (items.length > 1) {
      const outcomes: MemberResult[] = [];
      for (const item of items) {
        outcomes.push(await writeInTwoRounds(db, record, [item], onLocked).then((o) => o[0]!, (failure: unknown) => ({ kind: "failed" as const, error: failure })));
      }
      return outcomes;
    }
    if (STALE_SHAPE.has(codeOf(error))) return [{ kind: "stale" }];
    if (codeOf(error) === UNIQUE_VIOLATION && items[0]?.session_id) {
      const row = await sessionRow(db, record, items[0].session_id);
      if (row) return [{ kind: "inserted", row: { ...row, duplicate: true } }];
    }
    throw error;
  }
}

/**
 * The batch in (at most) three rounds (db/statement-rounds.ts: one round trip each on
 * PostgreSQL): `begin`, the lock and every read that does not depend on another's answer;
 * the customers' answers so far, only when the form limits them; the insert and `commit`.
 */
async function decideAndWrite(
  rounds: Rounds, record: FormRecord, items: readonly PendingSubmit[], onLocked: () => void,
): Promise<SubmitOutcome[]> {
  const { project_id, table_name } = record.form;
  const rated = items.flatMap((item, i) => (item.rate_hit ? [{ i, hit: item.rate_hit }] : []));
  const first = await rounds.run({
    lock: lockStatement(record.form.id, rated),
    sessions: sessionsStatement(record, items),
    named: namedCustomersStatement(project_id, items),
    visitors: visitorCustomersStatement(project_id, items.flatMap((item) => (item.visitor_id ? [item.visitor_id] : []))),
    stock: items.some((item) => item.demand.length) ? stockStatement(record) : null,
    payments: paymentsStatement(items),
  });
  onLocked();
  const form = first.lock[0];
  const limited = limitedMembers(rated, form);
  if (!form || form.revision !== record.form.revision) return items.map(() => ({ kind: "stale" }));

  const sessions = readSessions(first.sessions);
  const known = new Set(first.named.map((row) => row.id));
  const byVisitor = visitorCustomers(first.visitors);
  const stock = new Map(first.stock.map((r) => [r.option_id, { level_id: r.level_id, available: r.available }]));
  // Named first, then the fingerprint, then whoever the session was linked to before.
  const customerOf = items.map((item): string | null => {
    if (item.customer_uuid && known.has(item.customer_uuid)) return item.customer_uuid;
    const fingerprinted = item.visitor_id ? byVisitor.get(item.visitor_id) : undefined;
    return fingerprinted ?? (item.session_id ? sessions.get(item.session_id)?.customer_id ?? null : null);
  });
  const counted = form.max_form_responses_by_customer === null ? [] : [...new Set(customerOf.filter((c) => c !== null))];
  const countStatement = countByCustomerStatement(table_name, counted);
  const customer_counts = countStatement ? customerCounts((await rounds.run({ counts: countStatement })).counts) : new Map<string, number>();

  // A paid member whose payment was released meanwhile (refunded, expired) takes no row: its money goes back.
  const payable = new Set(first.payments.filter((p) => p.status === "pending" || p.status === "paid").map((p) => p.id));
  const planItems: PlanItem[] = items.map((item, i) => ({
    session_id: sessions.has(item.session_id ?? "") ? item.session_id : null,
    customer_id: customerOf[i]!,
    demand: item.demand,
    closed: limited.has(i) ? "RATE_LIMITED"
      : item.payment && !payable.has(item.payment.id) ? "PAYMENT_NOT_CONFIRMED" : closedAtSubmit(form, item.now),
  }));
  const submitted = new Map([...sessions].flatMap(([id, s]) => (s.row ? [[id, s.row.local_index] as const] : [])));
  const plan = planBatch(planItems, {
    response_count: form.response_count,
    last_local_index: form.last_local_index,
    max_total: form.max_form_responses_in_total,
    max_by_customer: form.max_form_responses_by_customer,
    customer_counts,
    stock: new Map([...stock].map(([option, level]) => [option, level.available])),
    submitted_sessions: submitted,
  });

  const accepted = items.flatMap((item, i) => {
    const decision = plan.decisions[i]!;
    // A session of another form, or none that exists, is not linked (nor marked submitted).
    return decision.kind === "accept"
      ? [{ item, session_id: planItems[i]!.session_id, local_index: decision.local_index, customer_id: customerOf[i]! }]
      : [];
  });
  // The insert commits in its own round: its rows come back once they are durable.
  const inserted = accepted.length ? (await rounds.run({ rows: insertStatement(record, accepted, stock) }, { last: true })).rows : [];
  const byIndex = new Map(inserted.map((row) => [row.local_index, row]));
  const existing = new Map([...sessions.values()].flatMap((s) => (s.row ? [[s.row.local_index, s.row] as const] : [])));

  return items.map((_, i): SubmitOutcome => {
    const decision = plan.decisions[i]!;
    switch (decision.kind) {
      case "accept": return { kind: "inserted", row: { ...byIndex.get(decision.local_index)!, duplicate: false } };
      case "repeat": {
        const row = byIndex.get(decision.local_index) ?? existing.get(decision.local_index)!;
        return { kind: "inserted", row: { ...row, duplicate: true } };
      }
      case "refuse": return limited.has(i)
        ? { kind: "refused", code: decision.code, customer_id: customerOf[i]!, retry_after: limited.get(i)! }
        : { kind: "refused", code: decision.code, customer_id: customerOf[i]! };
    }
  });
}

interface LockedForm {
  revision: number;
  response_count: number;
  last_local_index: number;
  max_form_responses_in_total: number | null;
  max_form_responses_by_customer: number | null;
  is_force_closed: boolean;
  is_scheduling_enabled: boolean;
  scheduling_open_at: Date | null;
  scheduling_close_at: Date | null;
  hits: CountedKey[];
}

interface Rated { i: number; hit: PendingHit }

/** The columns of the locked form row (`f`) a batch decides by: `LockedForm` but its hits. */
export const LOCKED_FORM_COLUMNS = `f.revision, f.response_count, f.last_local_index, f.max_form_responses_in_total, f.max_form_responses_by_customer,
    f.is_force_closed, f.is_scheduling_enabled, f.scheduling_open_at, f.scheduling_close_at`;

/**
 * Locks the form's row (`for update`) and, in the same statement, counts the batch's
 * per-address hits (rate-limit.ts), before the row is locked: the lock waits on a condition
 * over the hits, which Postgres evaluates first, so every batch takes its hits' rows, then the
 * form's, and two batches never wait on each other crosswise. Answers the form as it is now
 * and the hits counted. A stale batch commits its hits too: its members go again without one
 * (submit.ts).
 */
export function lockStatement(formId: string, rated: readonly Rated[]) {
  const columns = sql.raw(LOCKED_FORM_COLUMNS);
  return rated.length
    ? sql<LockedForm>`
      with hits as (${hitsStatement(rated.map((r) => r.hit))}),
      counted as (select coalesce(json_agg(h), '[]'::json) as hits from hits h)
      select ${columns}, (select hits from counted) as hits
      from form f where f.id = ${formId} and (select hits from counted) is not null for update of f`
    : sql<LockedForm>`select ${columns}, '[]'::json as hits from form f where f.id = ${formId} for update of f`;
}

/** The members past their limit, with the seconds until their window ends. A form that is gone counted its hits all the same. */
function limitedMembers(rated: readonly Rated[], form: LockedForm | undefined): Map<number, number> {
  const placed = rated.length && form ? placeHits(rated.map((r) => r.hit), form.hits) : [];
  return new Map(rated.flatMap(({ i, hit }, j) => (placed[j] && placed[j].hits > hit.limit.max ? [[i, placed[j].retry_after] as const] : [])));
}

interface SessionState { customer_id: string | null; row: Row | null }

/**
 * The batch's sessions that belong to this form, with the row each already made (null without
 * sessions). Found by their ids alone, the form checked after: with both in one condition the
 * planner, its statistics behind a rush of new sessions, also read the form's whole
 * `response_session_form_id` entries (30,000 of them for a batch of 12 in bench:submit's
 * BENCH_SESSIONS=1, 4 ms a batch with the form's row locked).
 */
function sessionsStatement(record: FormRecord, items: readonly PendingSubmit[]) {
  const ids = [...new Set(items.flatMap((item) => (item.session_id ? [item.session_id] : [])))];
  if (!ids.length) return null;
  return sql<{ id: string; customer_id: string | null; row_id: string | null; local_index: number | null; created_at: Date | null }>`
    with s as materialized (select id, customer_id, form_id from response_session where id = any(${ids}::uuid[]))
    select s.id::text, s.customer_id::text, t.id::text as row_id, t.local_index, t.created_at
    from s left join ${managedTable(record.form.table_name)} t on t.session_id = s.id
    where s.form_id = ${record.form.id}`;
}

function readSessions(rows: readonly { id: string; customer_id: string | null; row_id: string | null; local_index: number | null; created_at: Date | null }[]) {
  return new Map<string, SessionState>(rows.map((r) => [r.id, {
    customer_id: r.customer_id,
    row: r.row_id ? { id: r.row_id, local_index: r.local_index!, created_at: r.created_at! } : null,
  }]));
}

/**
 * The named customers of the project (`customer_id`, created on first sight in this project;
 * an id of another project's customer is not this visitor's), null when none is named.
 * Sorted, so two batches never wait on each other's rows. Fingerprinted ones: customer.ts.
 */
function namedCustomersStatement(projectId: string, items: readonly PendingSubmit[]) {
  const named = [...new Set(items.flatMap((item) => (item.customer_uuid ? [item.customer_uuid] : [])))].sort();
  if (!named.length) return null;
  return sql<{ id: string }>`
    with made as (
      insert into customer (id, project_id) select u, ${projectId}::uuid from unnest(${named}::uuid[]) as u order by u
      on conflict (id) do nothing returning id
    )
    select id::text from made
    union select id::text from customer where id = any(${named}::uuid[]) and project_id = ${projectId}::uuid`;
}

/** Every tracked option's level, locked in one order (so batches of two instances queue, never deadlock); null when none is tracked. */
function stockStatement(record: FormRecord) {
  const options = [...record.tracked_option_ids];
  if (!options.length) return null;
  return sql<{ option_id: string; level_id: string; available: number }>`
    select i.form_field_option_id::text as option_id, l.id::text as level_id, l.available
    from inventory_level l join inventory_item i on i.id = l.inventory_item_id
    where i.form_field_option_id = any(${options}::uuid[])
    order by l.id for update of l`;
}

/**
 * The statuses of the batch's payments (paid members only). Read under the form's lock, which
 * every change of a payment's hold takes first (payments/payment-hold.ts): a payment released
 * before this batch is seen as such, and one released after it finds it completed.
 */
function paymentsStatement(items: readonly PendingSubmit[]) {
  const ids = items.flatMap((item) => (item.payment ? [item.payment.id] : []));
  if (!ids.length) return null;
  return sql<{ id: string; status: string }>`select id::text, status from payment where id = any(${ids}::uuid[])`;
}

async function sessionRow(db: Kysely<DB>, record: FormRecord, sessionId: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select id::text, local_index, created_at from ${managedTable(record.form.table_name)} where session_id = ${sessionId}::uuid`.execute(db);
  return rows[0];
}
