/**
 * The owner's side of a paid row (issue 23 items 5–6): the money movements of one response
 * (every charge and refund the provider made, from `payment` and `payment_movement`), and
 * the owner's refund of it. A refund happens once: the payment moves `completed → refunded`
 * in one statement, so a second click or a replay finds it refunded (409
 * PAYMENT_ALREADY_REFUNDED) and calls the provider no more. The provider's refund is keyed
 * by the payment (an idempotency key), and when it cannot be reached the payment stays
 * `refunded` without a refund movement, which the sweep (payment-events.ts) retries. The
 * row and its committed units stay: a refund gives money back, not the answer or the stock.
 */
import { FieldworkError, type RowPayments } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";
import { refundAtProvider, type PaymentContext } from "./payment-complete";

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function rowPayments(db: Kysely<DB>, formId: string, rowId: string): Promise<RowPayments> {
  if (!isUuid(rowId)) throw new FieldworkError("NOT_FOUND");
  const payments = await db.selectFrom("payment")
    .select(["id", "provider", "provider_id", "amount", "currency", "status", "created_at", "receipt"])
    .where("form_id", "=", formId).where("response_id", "=", rowId).orderBy("created_at").execute();
  const movements = payments.length === 0 ? [] : await db.selectFrom("payment_movement")
    .select(["id", "payment_id", "kind", "provider", "provider_id", "amount", "currency", "status", "created_at"])
    .where("payment_id", "in", payments.map((p) => p.id)).orderBy("id").execute();
  return {
    payments: payments.map((p) => ({ ...p, created_at: iso(p.created_at) })),
    movements: movements.map((m) => ({ ...m, id: Number(m.id), created_at: iso(m.created_at) })),
    refundable: payments.some((p) => p.status === "completed"),
  };
}

/** Refunds the row's completed payment at its provider, once; answers the row's payments after. */
export async function refundRow(ctx: PaymentContext, formId: string, rowId: string, reason = "Refunded by the owner"): Promise<RowPayments> {
  if (!isUuid(rowId)) throw new FieldworkError("NOT_FOUND");
  const paid = await ctx.db.selectFrom("payment").selectAll()
    .where("form_id", "=", formId).where("response_id", "=", rowId).orderBy("created_at", "desc").execute();
  const completed = paid.find((p) => p.status === "completed");
  if (!completed) {
    if (paid.some((p) => p.status === "refunded")) throw new FieldworkError("PAYMENT_ALREADY_REFUNDED");
    throw new FieldworkError("PAYMENT_NOT_FOUND");
  }
  const client = completed.provider === "stripe" ? ctx.stripe : ctx.toss;
  if (!client || !completed.provider_id) throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
  // The one statement that decides who refunds: the other click finds no completed payment.
  const taken = await ctx.db.updateTable("payment").set({ status: "refunded", message: reason, updated_at: new Date() })
    .where("id", "=", completed.id).where("status", "=", "completed").returningAll().executeTakeFirst();
  if (!taken) throw new FieldworkError("PAYMENT_ALREADY_REFUNDED");
  try {
    await refundAtProvider(ctx, taken, reason);
  } catch (error) {
    // The sweep asks the provider again (payment refunded, no refund movement).
    ctx.log.warn({ err: error, payment_id: taken.id }, "owner refund did not reach the provider; the sweep retries it");
    throw error instanceof FieldworkError ? error : new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
  }
  return rowPayments(ctx.db, formId, rowId);
}
