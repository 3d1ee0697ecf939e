/**
 * The stock a payment holds (docs/payments.md "Exactly once"). Pay holds one unit of each
 * tracked option chosen before the provider is asked for anything: under the form's row lock
 * (every writer of a form's rows and stock takes it first: submit batches, the Data API), the
 * levels are read, the units leave `available` with a `reserve` commit and the `payment` row
 * records which levels it holds. A hold ends exactly once: committed with the answer's row
 * (batch-insert.ts), or given back (`releaseHold`) when the card fails, the payment expires or
 * is refunded, guarded by the payment's status so two instances never give a unit back twice.
 */
import { FieldworkError, PAYMENT_HOLD_MINUTES, type ErrorCode, type PaymentAmount, type PaymentReceipt } from "@fieldwork/core";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, PaymentStatus, PaymentTable } from "../db/schema";
import { closedAtSubmit } from "../forms/availability";
import type { FormRecord } from "../forms/form-record";

export type Payment = Selectable<PaymentTable>;

export interface HoldRequest {
  session_id: string;
  price: PaymentAmount;
  /** Tracked options chosen (ids): one unit each. */
  demand: readonly string[];
  /** The posted entries, kept so the answer can be completed without the browser. */
  answers: Record<string, string[]>;
  /** What the receipt says (core's paymentReceipt); stored with the payment. */
  receipt?: PaymentReceipt | undefined;
  now: Date;
}

const UNIQUE_VIOLATION = "23505";
const ACTIVE: PaymentStatus[] = ["pending", "paid", "completed"];

/**
 * The session's active payment (a retried Pay gets it back), or a new one holding its units.
 * A pending payment for other answers (another amount or other options) is released and
 * replaced. Refuses when the form is closed or full, or a chosen option is sold out.
 */
export async function holdForPayment(db: Kysely<DB>, record: FormRecord, request: HoldRequest): Promise<{ payment: Payment; replaced: Payment | null }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const form = await trx.selectFrom("form").selectAll().where("id", "=", record.form.id).forUpdate().executeTakeFirst();
      if (!form) throw new FieldworkError("FORM_NOT_FOUND");
      const session = await trx.selectFrom("response_session").select(["id", "submitted_at"])
        .where("id", "=", request.session_id).where("form_id", "=", form.id).executeTakeFirst();
      if (!session) throw new FieldworkError("SESSION_NOT_FOUND");

      let replaced: Payment | null = null;
      const active = await trx.selectFrom("payment").selectAll()
        .where("session_id", "=", request.session_id).where("status", "in", ACTIVE).executeTakeFirst();
      if (active) {
        const same = active.amount === request.price.amount && active.currency === request.price.currency
          && canonical(active.answers) === canonical(request.answers);
        if (same || active.status !== "pending") return { payment: active, replaced: null };
        await releaseIn(trx, active.id, "failed", "Replaced by a payment for other answers.");
        replaced = active;
      }
      if (session.submitted_at) throw new FieldworkError("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED");
      const closed = closedAtSubmit(form, request.now);
      if (closed) throw new FieldworkError(closed);
      if (form.max_form_responses_in_total !== null) {
        const held = await trx.selectFrom("payment").select((eb) => eb.fn.countAll<number>().as("n"))
          .where("form_id", "=", form.id).where("status", "in", ["pending", "paid"]).executeTakeFirstOrThrow();
        if (form.response_count + Number(held.n) >= form.max_form_responses_in_total) throw new FieldworkError("FORM_RESPONSE_LIMIT_REACHED");
      }

      const held_level_ids = await takeUnits(trx, record, request.demand);
      const payment = await trx.insertInto("payment").values({
        form_id: form.id, session_id: request.session_id, provider: request.price.provider, amount: request.price.amount,
        currency: request.price.currency, status: "pending", held_level_ids, answers: JSON.stringify(request.answers),
        receipt: request.receipt ? JSON.stringify(request.receipt) : null,
        expires_at: new Date(request.now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
      }).returningAll().executeTakeFirstOrThrow();
      if (held_level_ids.length) {
        await trx.insertInto("inventory_level_commit")
          .values(held_level_ids.map((id) => ({ inventory_level_id: id, diff: -1, reason: "reserve" as const, form_id: form.id })))
          .execute();
      }
      return { payment, replaced };
    });
  } catch (error) {
    // Another instance's Pay for this session won the race: its payment is this one's.
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    const payment = await db.selectFrom("payment").selectAll()
      .where("session_id", "=", request.session_id).where("status", "in", ACTIVE).executeTakeFirstOrThrow();
    return { payment, replaced: null };
  }
}

/** The answers as one string whatever their key order (jsonb keeps its own order). */
function canonical(answers: unknown): string {
  const record = (answers ?? {}) as Record<string, unknown>;
  return JSON.stringify(Object.keys(record).sort().map((key) => [key, record[key]]));
}

/** Takes one unit of each chosen tracked option, or refuses (nothing taken) when one is out. */
async function takeUnits(trx: Kysely<DB>, record: FormRecord, demand: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(demand)];
  if (!wanted.length) return [];
  const { rows } = await sql<{ option_id: string; level_id: string; available: number }>`
    select i.form_field_option_id::text as option_id, l.id::text as level_id, l.available
    from inventory_level l join inventory_item i on i.id = l.inventory_item_id
    where i.form_field_option_id = any(${[...record.tracked_option_ids]}::uuid[])
    order by l.id for update of l`.execute(trx);
  const levels = new Map(rows.map((r) => [r.option_id, r]));
  if (wanted.some((option) => (levels.get(option)?.available ?? 0) < 1)) {
    const code: ErrorCode = rows.every((r) => r.available < 1) ? "FORM_SOLD_OUT" : "FORM_OPTION_UNAVAILABLE";
    throw new FieldworkError(code);
  }
  const ids = wanted.map((option) => levels.get(option)!.level_id).sort();
  await sql`update inventory_level set available = available - 1, updated_at = now() where id = any(${ids}::uuid[])`.execute(trx);
  return ids;
}

/**
 * Gives a payment's units back and sets its final status, once: only a payment still
 * pending or paid moves (returns true); a completed, failed, expired or refunded one is left.
 */
export async function releaseHold(
  db: Kysely<DB>, paymentId: string, status: Extract<PaymentStatus, "failed" | "expired" | "refunded">, message: string | null,
): Promise<boolean> {
  return db.transaction().execute((trx) => releaseIn(trx, paymentId, status, message));
}

async function releaseIn(trx: Kysely<DB>, paymentId: string, status: PaymentStatus, message: string | null): Promise<boolean> {
  // The form's row first, as every writer of its stock does (batch-write.ts): no crosswise waits.
  await sql`select f.id from form f join payment p on p.form_id = f.id where p.id = ${paymentId} for update of f`.execute(trx);
  const released = await trx.updateTable("payment").set({ status, message, updated_at: new Date() })
    .where("id", "=", paymentId).where("status", "in", ["pending", "paid"])
    .returning(["form_id", "held_level_ids"]).executeTakeFirst();
  if (!released) return false;
  const ids = released.held_level_ids;
  if (ids.length) {
    await sql`update inventory_level set available = available + 1, updated_at = now() where id = any(${ids}::uuid[])`.execute(trx);
    await trx.insertInto("inventory_level_commit")
      .values(ids.map((id) => ({ inventory_level_id: id, diff: 1, reason: "release" as const, form_id: released.form_id })))
      .execute();
  }
  return true;
}
