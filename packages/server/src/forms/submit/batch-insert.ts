/**
 * The write of a batch (batch-write.ts step 4) as one statement: its accepted rows, with what
 * each decided (`local_index`, the session and customer it links), in one insert.
 */
import { columnTypeOf, SEARCH_COLUMN, type ColumnValue, type FormField } from "@fieldwork/core";
import type { RawBuilder } from "kysely";
import { identifier, literalOf, literalStatement } from "../../db/statement-rounds";
import { MANAGED_SCHEMA } from "../../tables/managed-table";
import type { FormRecord } from "../form-record";
import type { PendingSubmit } from "./batch-write";

export interface InsertedRow { id: string; local_index: number; created_at: Date }

export interface Accepted { item: PendingSubmit; session_id: string | null; local_index: number; customer_id: string | null }

/**
 * One statement that writes every accepted row of a batch, moves the form's counters once,
 * marks the sessions, takes the stock (one commit per unit), commits what paid members' payments
 * held and completes their payments, moves the staged files, and
 * writes one `response.created` event per row to the outbox when the form has an enabled
 * webhook that takes it (the relay would drop it otherwise: webhooks/relay.ts); it answers
 * the rows written. Written as text with its values as literals (`literalStatement`): a rush's
 * batch holds hundreds of rows of every field, and building them as query nodes, compiling and
 * inlining them again was most of the batch's CPU.
 */
export function insertStatement(
  record: FormRecord, accepted: readonly Accepted[], stock: ReadonlyMap<string, { level_id: string }>,
): RawBuilder<InsertedRow> {
  const { form } = record;
  const fields = record.fields;
  const casts = fields.map((f) => `::${columnTypeOf(f)}`);
  const formId = `${literalOf(form.id)}::uuid`;
  const rows = accepted.map(({ item, session_id, local_index, customer_id }) => {
    const values = [
      `${literalOf(item.row_id)}::uuid`, `${literalOf(local_index)}::int`, `${literalOf(session_id)}::uuid`, `${literalOf(customer_id)}::uuid`,
      literalOf(item.visitor_id), `${literalOf(item.utc_offset)}::int`, literalOf(item.meta.user_agent), literalOf(item.meta.referer), literalOf(item.meta.ip),
      `${literalOf(JSON.stringify(Object.keys(item.extra).length ? { extra: item.extra } : {}))}::jsonb`,
      ...fields.map((f, i) => `${literalOf(answerOf(item, f))}${casts[i]}`),
    ];
    return `(${values.join(", ")})`;
  });
  // The side tables name their rows by id (chosen before the write), not by local_index.
  const units = accepted.flatMap(({ item }) =>
    [...new Set(item.demand)].map((option) => `(${literalOf(stock.get(option)!.level_id)}::uuid, ${literalOf(item.row_id)}::uuid)`));
  const requests = accepted.map(({ item }) => `(${literalOf(item.row_id)}::uuid, ${literalOf(item.request_id)}::text)`);
  const columns = ["id", "local_index", "session_id", "customer_id", "visitor_id", "utc_offset", "user_agent", "referer", "ip", "meta",
    ...fields.map((f) => f.name)].map(identifier);
  const table = `${identifier(MANAGED_SCHEMA)}.${identifier(form.table_name)}`;

  return literalStatement<InsertedRow>(`
    with ins as (
      insert into ${table} (${columns.join(", ")})
      values ${rows.join(",\n")}
      returning *
    ),
    ${counterCte(formId, `${literalOf(accepted.length)}::int`)},
    marked as (
      update response_session s set submitted_at = now(), customer_id = coalesce(s.customer_id, ins.customer_id)
      from ins where s.id = ins.session_id
    ),
    ${units.length ? `
    units (level_id, row_id) as (values ${units.join(", ")}),
    taken as (
      update inventory_level l set available = l.available - u.n, committed = l.committed + u.n, updated_at = now()
      from (select level_id, count(*)::int as n from units group by level_id) u where l.id = u.level_id
    ),
    commits as (
      insert into inventory_level_commit (inventory_level_id, diff, reason, form_id, response_id)
      select units.level_id, -1, 'order', ${formId}, ins.id from units join ins on ins.id = units.row_id
    ),` : ""}
    ${paidStatements(formId, accepted)}
    ${fileStatements(accepted)}
    requests (row_id, request_id) as (values ${requests.join(", ")}),
    ${eventsCte(formId)}
    select id::text, local_index, created_at from ins order by local_index`);
}

/**
 * Paid members (payments/): the units their payment held become committed, each with an
 * `order` commit naming the row (diff 0: they left `available` when held), and the payment is
 * completed with the row's id, all in the row's statement: a row never stands without its
 * payment, nor a held unit without its row. `formId` is the form's id as a literal.
 */
function paidStatements(formId: string, accepted: readonly Accepted[]): string {
  const paid = accepted.flatMap(({ item }) => (item.payment ? [{ payment: item.payment, row_id: item.row_id }] : []));
  if (!paid.length) return "";
  const held = paid.flatMap(({ payment, row_id }) => payment.held_level_ids.map((level) => `(${literalOf(level)}::uuid, ${literalOf(row_id)}::uuid)`));
  return `
    paid (payment_id, row_id) as (values ${paid.map((p) => `(${literalOf(p.payment.id)}::uuid, ${literalOf(p.row_id)}::uuid)`).join(", ")}),
    completed as (
      update payment p set status = 'completed', response_id = ins.id, updated_at = now()
      from paid join ins on ins.id = paid.row_id where p.id = paid.payment_id
    ),
    charged as (
      update payment_movement m set response_id = ins.id
      from paid join ins on ins.id = paid.row_id where m.payment_id = paid.payment_id and m.kind = 'charge'
    ),
    ${held.length ? `
    held (level_id, row_id) as (values ${held.join(", ")}),
    held_committed as (
      update inventory_level l set committed = l.committed + h.n, updated_at = now()
      from (select level_id, count(*)::int as n from held join ins on ins.id = held.row_id group by level_id) h where l.id = h.level_id
    ),
    held_orders as (
      insert into inventory_level_commit (inventory_level_id, diff, reason, form_id, response_id)
      select held.level_id, 0, 'order', ${formId}, ins.id from held join ins on ins.id = held.row_id
    ),` : ""}`;
}

/**
 * The staged files' moves and the grants the accepted rows claim, only for rows the insert
 * wrote (a row refused by a constraint moves and claims nothing: its files stay granted, and
 * retention removes them).
 */
function fileStatements(accepted: readonly Accepted[]): string {
  const moves = accepted.flatMap(({ item }) => item.moves.map((m) => `(${literalOf(item.row_id)}::uuid, ${literalOf(m.from)}::text, ${literalOf(m.to)}::text)`));
  const claims = accepted.flatMap(({ item }) => item.claims.map((key) => `(${literalOf(item.row_id)}::uuid, ${literalOf(key)}::text)`));
  return `
    ${moves.length ? `${movedCte(`(values ${moves.join(", ")})`)},` : ""}
    ${claims.length ? `${claimedCte(`(values ${claims.join(", ")})`)},` : ""}`;
}

/*
 * The parts of a batch's statement that both ways of writing it share (this file's literal
 * statement, one-round-statement.ts's prepared one): each reads the rows written as `ins`,
 * and takes its values as SQL (literals or parameters).
 */

/**
 * The form's counters moved by `count` (SQL, an int); `onlyIfWritten` when the insert may
 * write nothing (a guarded batch).
 */
export function counterCte(formId: string, count: string, onlyIfWritten = false): string {
  return `counter as (
      update form set response_count = response_count + ${count}, last_local_index = last_local_index + ${count}
      where id = ${formId}${onlyIfWritten ? " and exists (select 1 from ins)" : ""}
    )`;
}

/** The staged files' moves of the rows written: `moves` a relation of (row_id, from_key, to_key) rows. */
export function movedCte(moves: string): string {
  return `moved as (
      insert into storage_move (from_key, to_key)
      select m.from_key, m.to_key from ${moves} as m (row_id, from_key, to_key) join ins on ins.id = m.row_id
    )`;
}

/** The upload grants the rows written claim: `claims` a relation of (row_id, key) rows. */
export function claimedCte(claims: string): string {
  return `claimed as (
      delete from upload_grant g using ${claims} as c (row_id, key)
      join ins on ins.id = c.row_id where g.key = c.key
    )`;
}

/**
 * One `response.created` event per row written, in the outbox, when the form has an enabled
 * webhook that takes it (webhooks/relay.ts would drop it otherwise); each carries its row's
 * request id from `requests` (row_id, request_id).
 */
export function eventsCte(formId: string): string {
  return `events as (
      insert into outbox (form_id, type, payload, request_id)
      select ${formId}, 'response.created', jsonb_build_object('form_id', ${formId}::text, 'response', to_jsonb(ins) - ${literalOf(SEARCH_COLUMN)}::text), requests.request_id
      from ins join requests on requests.row_id = ins.id
      where exists (select 1 from webhook w where w.form_id = ${formId} and w.enabled and 'response.created' = any(w.events))
      order by ins.local_index
    )`;
}

/**
 * The member's value for `field`. Every member of a batch read its answers against the batch's
 * revision, so each has a value (null included) for every field: a missing one is a bug, and
 * fails the statement rather than storing null for an acknowledged answer.
 */
export function answerOf(item: PendingSubmit, field: FormField): ColumnValue {
  if (!item.values.has(field.id)) throw new Error(`A batch member has no value for the field ${field.name} (${field.id}).`);
  return item.values.get(field.id)!;
}

