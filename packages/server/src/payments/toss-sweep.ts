/**
 * The expiry job's step for a Toss Payments order (payment-events.ts `sweepPayments`). A
 * pending order with no paymentKey never came back from the checkout: its hold goes back
 * (Toss drops an authorization the server never confirms). One with a key asks Toss: a DONE
 * payment is completed (a `paid` one whose row could not be stored is tried again), anything
 * else gives its hold back.
 */
import { FieldworkError } from "@fieldwork/core";
import { completePayment, type PaymentContext } from "./payment-complete";
import { releaseHold, type Payment } from "./payment-hold";
import { intentOf } from "./toss-service";

export async function sweepTossPayment(ctx: PaymentContext, payment: Payment): Promise<"completed" | "expired" | "refunded"> {
  if (!payment.provider_id || !ctx.toss) {
    if (payment.status === "paid") throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
    await releaseHold(ctx.db, payment.id, "expired", "The payment was not confirmed in time.");
    return "expired";
  }
  const found = await ctx.toss.retrieve(payment.provider_id);
  if (found.status !== "DONE") {
    await releaseHold(ctx.db, payment.id, "expired", "The payment was not confirmed in time.");
    return "expired";
  }
  try {
    await completePayment(ctx, payment, intentOf(payment, found));
    return "completed";
  } catch (error) {
    // A refusal was refunded by completePayment; anything else stays for the next sweep.
    if (error instanceof FieldworkError && error.code !== "PAYMENT_PROVIDER_UNAVAILABLE") return "refunded";
    throw error;
  }
}
