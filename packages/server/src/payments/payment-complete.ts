/**
 * A confirmed payment becomes its answer's row, exactly once, or is refunded: never lost.
 *
 * `completePayment` is what every path calls once the provider says an intent succeeded: the
 * browser's confirm, Elements' complete, the provider's webhook and the expiry job. It checks
 * the intent is this payment's (id, amount, currency, our metadata), records the charge, and
 * submits the answers kept with the payment through the submit pipeline, whose batch commits
 * the held units and completes the payment in the row's own statement (batch-insert.ts). Two
 * paths completing at once meet in the batch as one session: one row, the other its repeat.
 * When the form refuses the answer now (closed, full, changed), the charge is refunded and the
 * units released; when the database fails, the payment stays `paid` and the webhook or the
 * expiry job completes it later.
 */
import { completePath, FieldworkError, PARAM, safeUrlOrUndefined } from "@fieldwork/core";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { ExternalConnections } from "../external/connection-service";
import { cachedFormRecord, type FormRecord } from "../forms/form-record";
import { loadPublishedForm } from "../forms/preload";
import { submitResponse, type RequestMeta, type SubmitResult } from "../forms/submit/submit";
import { managedTable } from "../tables/managed-table";
import type { PayGate } from "./pay-gate";
import { releaseHold, type Payment } from "./payment-hold";
import type { ProviderIntent, StripeClient } from "./stripe-client";
import type { TossClient } from "./toss-client";

export interface PaymentContext {
  db: Kysely<DB>;
  stripe: StripeClient | null;
  log: FastifyBaseLogger;
  /** Toss Payments (toss-client.ts) when TOSS_SECRET_KEY and TOSS_CLIENT_KEY are set. */
  toss?: TossClient | null;
  /** PUBLIC_URL: where Toss sends the buyer back (successUrl, failUrl). */
  public_url?: string;
  /** The cap on a form's Pay requests in flight and its one-at-a-time holds (pay-gate.ts); none in bare contexts (tests, sweeps). */
  gate?: PayGate;
  /** Connected databases: a reference field's key is checked in its connected table (references/reference-lookup.ts). */
  external?: ExternalConnections;
}

const NO_META: RequestMeta = { user_agent: null, referer: null, ip: null };

/** The payment's answer row (stored now, or before), or a catalogue refusal after a refund. */
export async function completePayment(
  ctx: PaymentContext, payment: Payment, intent: ProviderIntent, meta: RequestMeta = NO_META, request_id?: string,
): Promise<SubmitResult> {
  if (intent.id !== payment.provider_id || intent.metadata.payment_id !== payment.id
    || intent.amount !== payment.amount || intent.currency !== payment.currency) {
    throw new FieldworkError("PAYMENT_SESSION_MISMATCH");
  }
  if (intent.status !== "succeeded") throw new FieldworkError("PAYMENT_NOT_CONFIRMED", intent.last_error ?? undefined);
  if (payment.status === "completed") return storedResult(ctx.db, payment);
  if (payment.status !== "pending" && payment.status !== "paid") {
    // Money arrived for a hold already given back (expired, failed): it goes back too.
    await refundPayment(ctx, payment, "The payment arrived after its hold ended.");
    throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "This payment arrived after its hold ended and was refunded.");
  }
  await markPaid(ctx.db, payment);
  try {
    return await submitResponse(ctx.db, payment.form_id, entriesOf(payment), {
      meta, request_id, external: ctx.external,
      payment: {
        id: payment.id, held_level_ids: payment.held_level_ids,
        // The payment column (jsonb): what was paid, as the provider confirmed it.
        value: JSON.stringify({ provider: payment.provider, provider_id: intent.id, amount: payment.amount, currency: payment.currency, status: "succeeded" }),
      },
    });
  } catch (error) {
    if (!(error instanceof FieldworkError)) throw error;
    // Another path (the webhook, the other instance) stored the answer meanwhile: that row is this payment's.
    const now = await freshPayment(ctx.db, payment.id);
    if (now?.status === "completed") return storedResult(ctx.db, now);
    // The form takes the answer no more (closed, full, edited since): the buyer gets the money back.
    ctx.log.warn({ payment_id: payment.id, code: error.code }, "payment refunded: its answer was refused");
    await refundPayment(ctx, payment, `Answer refused: ${error.code}`);
    throw error;
  }
}

/**
 * Gives the money back, once, and never for a stored answer. The hold is released first
 * (`refunded`, under the form's lock: a batch that stores the answer takes it too, so either
 * the row was stored before, and nothing is refunded, or the batch sees the payment refunded
 * and stores no row); then the provider refunds (one refund per payment: an idempotency key)
 * and the movement is recorded. When the provider cannot be reached, the payment is
 * `refunded` without a refund movement, and the sweep asks the provider again.
 */
export async function refundPayment(ctx: PaymentContext, payment: Payment, reason: string): Promise<void> {
  refunderOf(ctx, payment); // throws PAYMENT_PROVIDER_UNAVAILABLE before anything changes
  const released = await releaseHold(ctx.db, payment.id, "refunded", reason);
  if (!released) {
    // Already given back (a declined or expired hold whose money came late) or stored: only the former is refunded.
    const moved = await sql`update payment set status = 'refunded', message = ${reason}, updated_at = now()
      where id = ${payment.id} and status in ('failed', 'expired', 'refunded') returning id`.execute(ctx.db);
    if (!moved.rows.length) return;
  }
  await recordCharge(ctx.db, payment);
  await refundAtProvider(ctx, payment, reason);
}

/** The provider's refund of `payment` and its movement (the sweep calls it again for a refund that did not reach the provider). */
export async function refundAtProvider(ctx: PaymentContext, payment: Payment, reason = payment.message ?? "Refunded"): Promise<void> {
  const refund = await refunderOf(ctx, payment)(`fieldwork-refund-${payment.id}`, reason);
  await ctx.db.insertInto("payment_movement").values({
    payment_id: payment.id, response_id: null, kind: "refund", provider: payment.provider, provider_id: refund.id,
    amount: refund.amount, currency: refund.currency, status: refund.status,
  }).onConflict((oc) => oc.doNothing()).execute();
  if (payment.response_id) await markRowRefunded(ctx.db, payment);
}

/**
 * The row's payment column follows the refund: `status: "refunded"` and `amount_refunded` (the
 * sum of the payment's refund movements), so the grid, the record panel and the Data API read
 * what happened to the money. One statement on the row, so the live row feed tells open grids.
 * Only the cell this payment wrote changes (same provider id); a form whose payment field is
 * gone keeps its row as it is.
 */
export async function markRowRefunded(db: Kysely<DB>, payment: Pick<Payment, "id" | "form_id" | "response_id" | "provider_id">): Promise<void> {
  if (!payment.response_id || !payment.provider_id) return;
  const targets = await db.selectFrom("form").innerJoin("form_field", "form_field.form_id", "form.id")
    .select(["form.table_name", "form_field.name"])
    .where("form.id", "=", payment.form_id).where("form_field.type", "=", "payment").execute();
  for (const target of targets) {
    const column = sql.ref(target.name);
    await sql`update ${managedTable(target.table_name)} set ${column} = ${column} || jsonb_build_object(
        'status', 'refunded',
        'amount_refunded', (select coalesce(sum(amount), 0) from payment_movement where payment_id = ${payment.id}::uuid and kind = 'refund'))
      where id = ${payment.response_id}::uuid and jsonb_typeof(${column}) = 'object' and ${column}->>'provider_id' = ${payment.provider_id}
        and ${column}->>'status' is distinct from 'refunded'`.execute(db);
  }
}

type Refund = { id: string; amount: number; currency: string; status: string };

/** The refund call of the payment's provider (Toss's is its cancel, with the reason), or PAYMENT_PROVIDER_UNAVAILABLE. */
function refunderOf(ctx: PaymentContext, payment: Payment): (key: string, reason: string) => Promise<Refund> {
  const id = payment.provider_id;
  if (payment.provider === "tosspayments" && ctx.toss && id) {
    const toss = ctx.toss;
    return (key, reason) => toss.refund(id, reason, key);
  }
  if (payment.provider === "stripe" && ctx.stripe && id) {
    const stripe = ctx.stripe;
    return (key) => stripe.refund(id, key);
  }
  throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
}

const freshPayment = (db: Kysely<DB>, id: string) => db.selectFrom("payment").selectAll().where("id", "=", id).executeTakeFirst();

async function markPaid(db: Kysely<DB>, payment: Payment): Promise<void> {
  await db.updateTable("payment").set({ status: "paid", updated_at: new Date() })
    .where("id", "=", payment.id).where("status", "=", "pending").execute();
  await recordCharge(db, payment);
}

/** The charge the provider made for `payment` (once). */
async function recordCharge(db: Kysely<DB>, payment: Payment): Promise<void> {
  await db.insertInto("payment_movement").values({
    payment_id: payment.id, response_id: null, kind: "charge", provider: payment.provider, provider_id: payment.provider_id!,
    amount: payment.amount, currency: payment.currency, status: "succeeded",
  }).onConflict((oc) => oc.doNothing()).execute();
}

/** The entries the payment kept, with its session. */
function entriesOf(payment: Payment): Map<string, string[]> {
  const answers = (payment.answers ?? {}) as Record<string, string[]>;
  const entries = new Map(Object.entries(answers).map(([name, values]) => [name, values.map(String)]));
  entries.set(PARAM.session, [payment.session_id]);
  return entries;
}

async function storedResult(db: Kysely<DB>, payment: Payment): Promise<SubmitResult> {
  const record = cachedFormRecord(db, payment.form_id) ?? await loadPublishedForm(db, payment.form_id);
  const { rows } = await sql<{ id: string; local_index: number; created_at: Date }>`
    select id::text, local_index, created_at from ${managedTable(record.form.table_name)} where id = ${payment.response_id}::uuid`.execute(db);
  const row = rows[0];
  if (!row) throw new FieldworkError("NOT_FOUND", "The answer of this payment was deleted.");
  return { ...row, duplicate: true, form_id: payment.form_id, redirect: redirectOf(record, row.local_index) };
}

function redirectOf({ form, document }: FormRecord, local_index: number): string {
  return safeUrlOrUndefined(document.redirect_after_response_uri) ?? completePath(form.id, local_index);
}
