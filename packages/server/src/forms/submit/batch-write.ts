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
import { columnTypeOf, SEARCH_COLUMN, type ColumnValue, type ErrorCode, type FormField } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { managedTable } from "../../tables/managed-table";
import { hitsStatement, placeHits, type CountedKey, type PendingHit } from "../../limits/rate-limit";
import { closedAtSubmit } from "../availability";
import { countByCustomer, customersForVisitors } from "../customer";
import type { FormRecord } from "../form-record";
import { planBatch, type PlanItem } from "./batch-plan";

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
  /** Tracked options chosen (option ids). */
  demand: string[];
  now: Date;
  /** The per-address hit to count in the batch's transaction (PostgreSQL), or null when counted already or off. */
  rate_hit: PendingHit | null;
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

interface Row { id: string; local_index: number; created_at: Date }

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
  try {
    return await db.transaction().execute((trx) => decideAndWrite(trx, record, items, onLocked));
  } catch (error) {
    if (items.length > 1) {
      const outcomes: MemberResult[] = [];
      for (const item of items) {
        outcomes.push(await writeBatch(db, record, [item], onLocked).then((o) => o[0]!, (failure: unknown) => ({ kind: "failed" as const, error: failure })));
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

async function decideAndWrite(
  trx: Kysely<DB>, record: FormRecord, items: readonly PendingSubmit[], onLocked: () => void,
): Promise<SubmitOutcome[]> {
  const { form, limited } = await lockFormCountingHits(trx, record.form.id, items);
  onLocked();
  if (!form || form.revision !== record.form.revision) return items.map(() => ({ kind: "stale" }));

  const sessions = await readSessions(trx, record, items);
  const customers = await resolveCustomers(trx, record.form.project_id, items);
  // Named first, then the fingerprint, then whoever the session was linked to before.
  const customerOf = items.map((item): string | null => {
    if (item.customer_uuid && customers.known.has(item.customer_uuid)) return item.customer_uuid;
    const fingerprinted = item.visitor_id ? customers.by_visitor.get(item.visitor_id) : undefined;
    return fingerprinted ?? (item.session_id ? sessions.get(item.session_id)?.customer_id ?? null : null);
  });
  const counted = form.max_form_responses_by_customer === null ? [] : [...new Set(customerOf.filter((c) => c !== null))];
  const customer_counts = await countByCustomer(trx, record.form.table_name, counted);
  const stock = items.some((item) => item.demand.length) ? await lockStock(trx, record) : new Map<string, { level_id: string; available: number }>();

  const planItems: PlanItem[] = items.map((item, i) => ({
    session_id: sessions.has(item.session_id ?? "") ? item.session_id : null,
    customer_id: customerOf[i]!,
    demand: item.demand,
    closed: limited.has(i) ? "RATE_LIMITED" : closedAtSubmit(form, item.now),
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
  const inserted = accepted.length ? await insertRows(trx, record, accepted, stock) : [];
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
}

/**
 * Locks the form's row (`for update`) and, in the same statement, counts the batch's
 * per-address hits (rate-limit.ts), before the row is locked: the lock waits on a condition
 * over the hits, which Postgres evaluates first, so every batch takes its hits' rows, then the
 * form's, and two batches never wait on each other crosswise. Answers the form as it is now and
 * the members past their limit, with the seconds until their window ends. A stale batch
 * commits its hits too: its members go again without one (submit.ts).
 */
async function lockFormCountingHits(trx: Kysely<DB>, formId: string, items: readonly PendingSubmit[]) {
  const rated = items.flatMap((item, i) => (item.rate_hit ? [{ i, hit: item.rate_hit }] : []));
  const columns = sql`f.revision, f.response_count, f.last_local_index, f.max_form_responses_in_total, f.max_form_responses_by_customer,
    f.is_force_closed, f.is_scheduling_enabled, f.scheduling_open_at, f.scheduling_close_at`;
  const { rows } = rated.length
    ? await sql<LockedForm & { hits: CountedKey[] }>`
      with hits as (${hitsStatement(rated.map((r) => r.hit))}),
      counted as (select coalesce(json_agg(h), '[]'::json) as hits from hits h)
      select ${columns}, (select hits from counted) as hits
      from form f where f.id = ${formId} and (select hits from counted) is not null for update of f`.execute(trx)
    : await sql<LockedForm & { hits: CountedKey[] }>`select ${columns}, '[]'::json as hits from form f where f.id = ${formId} for update of f`.execute(trx);
  // A form that is gone counted its hits all the same; its batch is stale.
  const placed = rated.length && rows[0] ? placeHits(rated.map((r) => r.hit), rows[0].hits) : [];
  const limited = new Map(rated.flatMap(({ i, hit }, j) => (placed[j] && placed[j].hits > hit.limit.max ? [[i, placed[j].retry_after] as const] : [])));
  return { form: rows[0], limited };
}

interface SessionState { customer_id: string | null; row: Row | null }

/** The batch's sessions that belong to this form, with the row each already made. */
async function readSessions(trx: Kysely<DB>, record: FormRecord, items: readonly PendingSubmit[]): Promise<Map<string, SessionState>> {
  const ids = [...new Set(items.flatMap((item) => (item.session_id ? [item.session_id] : [])))];
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: string; customer_id: string | null; row_id: string | null; local_index: number | null; created_at: Date | null }>`
    select s.id::text, s.customer_id::text, t.id::text as row_id, t.local_index, t.created_at
    from response_session s left join ${managedTable(record.form.table_name)} t on t.session_id = s.id
    where s.id = any(${ids}::uuid[]) and s.form_id = ${record.form.id}`.execute(trx);
  return new Map(rows.map((r) => [r.id, {
    customer_id: r.customer_id,
    row: r.row_id ? { id: r.row_id, local_index: r.local_index!, created_at: r.created_at! } : null,
  }]));
}

/**
 * Customers of the project: named ones (`customer_id`, created on first sight in this
 * project; an id of another project's customer is not this visitor's) and fingerprinted
 * ones (customer.ts). Sorted, so two batches never wait on each other's rows.
 */
async function resolveCustomers(trx: Kysely<DB>, projectId: string, items: readonly PendingSubmit[]) {
  const named = [...new Set(items.flatMap((item) => (item.customer_uuid ? [item.customer_uuid] : [])))].sort();
  const known = new Set<string>();
  if (named.length) {
    const { rows } = await sql<{ id: string }>`
      with made as (
        insert into customer (id, project_id) select u, ${projectId}::uuid from unnest(${named}::uuid[]) as u order by u
        on conflict (id) do nothing returning id
      )
      select id::text from made
      union select id::text from customer where id = any(${named}::uuid[]) and project_id = ${projectId}::uuid`.execute(trx);
    for (const row of rows) known.add(row.id);
  }
  const by_visitor = await customersForVisitors(trx, projectId, items.flatMap((item) => (item.visitor_id ? [item.visitor_id] : [])));
  return { known, by_visitor };
}

/** Every tracked option's level, locked in one order (so batches of two instances queue, never deadlock). */
async function lockStock(trx: Kysely<DB>, record: FormRecord): Promise<Map<string, { level_id: string; available: number }>> {
  const options = [...record.tracked_option_ids];
  if (!options.length) return new Map();
  const { rows } = await sql<{ option_id: string; level_id: string; available: number }>`
    select i.form_field_option_id::text as option_id, l.id::text as level_id, l.available
    from inventory_level l join inventory_item i on i.id = l.inventory_item_id
    where i.form_field_option_id = any(${options}::uuid[])
    order by l.id for update of l`.execute(trx);
  return new Map(rows.map((r) => [r.option_id, { level_id: r.level_id, available: r.available }]));
}

interface Accepted { item: PendingSubmit; session_id: string | null; local_index: number; customer_id: string | null }

async function insertRows(
  trx: Kysely<DB>, record: FormRecord, accepted: readonly Accepted[], stock: ReadonlyMap<string, { level_id: string }>,
): Promise<Row[]> {
  const { form } = record;
  const fields = record.fields;
  const rows = accepted.map(({ item, session_id, local_index, customer_id }) => sql`(
    ${item.row_id}::uuid, ${local_index}::int, ${session_id}::uuid, ${customer_id}::uuid, ${item.visitor_id}, ${item.utc_offset}::int,
    ${item.meta.user_agent}, ${item.meta.referer}, ${item.meta.ip},
    ${JSON.stringify(Object.keys(item.extra).length ? { extra: item.extra } : {})}::jsonb
    ${fields.length ? sql`, ${sql.join(fields.map((f) => sql`${answerOf(item, f)}::${sql.raw(columnTypeOf(f))}`))}` : sql``}
  )`);
  const units = accepted.flatMap(({ item, local_index }) =>
    [...new Set(item.demand)].map((option) => sql`(${stock.get(option)!.level_id}::uuid, ${local_index}::int)`));

  const { rows: inserted } = await sql<Row>`
    with ins as (
      insert into ${managedTable(form.table_name)} (
        id, local_index, session_id, customer_id, visitor_id, utc_offset, user_agent, referer, ip, meta
        ${fields.length ? sql`, ${sql.join(fields.map((f) => sql.id(f.name)))}` : sql``}
      )
      values ${sql.join(rows)}
      returning *
    ),
    counter as (
      update form set response_count = response_count + ${accepted.length}::int, last_local_index = last_local_index + ${accepted.length}::int
      where id = ${form.id}
    ),
    marked as (
      update response_session s set submitted_at = now(), customer_id = coalesce(s.customer_id, ins.customer_id)
      from ins where s.id = ins.session_id
    ),
    ${units.length ? sql`
    units (level_id, local_index) as (values ${sql.join(units)}),
    taken as (
      update inventory_level l set available = l.available - u.n, committed = l.committed + u.n, updated_at = now()
      from (select level_id, count(*)::int as n from units group by level_id) u where l.id = u.level_id
    ),
    commits as (
      insert into inventory_level_commit (inventory_level_id, diff, reason, form_id, response_id)
      select units.level_id, -1, 'order', ${form.id}::uuid, ins.id from units join ins using (local_index)
    ),` : sql``}
    ${fileStatements(accepted)}
    requests (local_index, request_id) as (values ${sql.join(accepted.map(({ item, local_index }) => sql`(${local_index}::int, ${item.request_id}::text)`))}),
    events as (
      insert into outbox (form_id, type, payload, request_id)
      select ${form.id}::uuid, 'response.created', jsonb_build_object('form_id', ${form.id}::text, 'response', to_jsonb(ins) - ${SEARCH_COLUMN}::text), requests.request_id
      from ins join requests using (local_index) order by ins.local_index
    )
    select id::text, local_index, created_at from ins order by local_index`.execute(trx);
  return inserted;
}

/**
 * The staged files' moves and the grants the accepted rows claim, only for rows the insert
 * wrote (a row refused by a constraint moves and claims nothing: its files stay granted, and
 * retention removes them).
 */
function fileStatements(accepted: readonly Accepted[]) {
  const moves = accepted.flatMap(({ item, local_index }) => item.moves.map((m) => sql`(${local_index}::int, ${m.from}::text, ${m.to}::text)`));
  const claims = accepted.flatMap(({ item, local_index }) => item.claims.map((key) => sql`(${local_index}::int, ${key}::text)`));
  return sql`
    ${moves.length ? sql`
    moves (local_index, from_key, to_key) as (values ${sql.join(moves)}),
    moved as (insert into storage_move (from_key, to_key) select from_key, to_key from moves join ins using (local_index)),` : sql``}
    ${claims.length ? sql`
    claims (local_index, key) as (values ${sql.join(claims)}),
    claimed as (delete from upload_grant g using claims c join ins on ins.local_index = c.local_index where g.key = c.key),` : sql``}`;
}

/**
 * The member's value for `field`. Every member of a batch read its answers against the batch's
 * revision, so each has a value (null included) for every field: a missing one is a bug, and
 * fails the statement rather than storing null for an acknowledged answer.
 */
function answerOf(item: PendingSubmit, field: FormField): ColumnValue {
  if (!item.values.has(field.id)) throw new Error(`A batch member has no value for the field ${field.name} (${field.id}).`);
  return item.values.get(field.id)!;
}

async function sessionRow(db: Kysely<DB>, record: FormRecord, sessionId: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select id::text, local_index, created_at from ${managedTable(record.form.table_name)} where session_id = ${sessionId}::uuid`.execute(db);
  return rows[0];
}
