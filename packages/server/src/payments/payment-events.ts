/**
 * What the provider tells us, and what the expiry job finds: both end a payment that the
 * browser left unfinished, so no buyer pays without an answer and no unit stays held.
 *
 * - `payment_intent.succeeded` (webhook): a pending or paid payment is completed from the
 *   answers it kept (the buyer may have closed the tab after paying); money for a hold that
 *   already ended is refunded. Other events change nothing (the confirm call handled them).
 * - The expiry job (`sweepPayments`, every minute): a pending payment past its hold asks the
 *   provider once more; succeeded, it is completed; otherwise its intent is cancelled and its
 *   units released (`expired`). A `paid` payment whose row could not be stored is tried again,
 *   and so is a refund that did not reach the provider.
 */
import { FieldworkError } from "@fieldwork/core";
import type Stripe from "stripe";
import { completePayment, refundAtProvider, type PaymentContext } from "./payment-complete";
import { releaseHold, type Payment } from "./payment-hold";
import { intentOf, type ProviderIntent } from "./stripe-client";
import { sweepTossPayment } from "./toss-sweep";

export async function handleStripeEvent(ctx: PaymentContext, event: Stripe.Event): Promise<"completed" | "refunded" | "ignored"> {
  if (event.type !== "payment_intent.succeeded") return "ignored";
  const intent = intentOf(event.data.object);
  const payment = await ctx.db.selectFrom("payment").selectAll()
    .where("provider", "=", "stripe").where("provider_id", "=", intent.id).executeTakeFirst();
  if (!payment || payment.status === "completed" || payment.status === "refunded") return "ignored";
  return settle(ctx, payment, intent);
}

async function settle(ctx: PaymentContext, payment: Payment, intent: ProviderIntent): Promise<"completed" | "refunded"> {
  try {
    await completePayment(ctx, payment, intent);
    return "completed";
  } catch (error) {
    // A refusal was refunded by completePayment; anything else stays for the next sweep.
    if (error instanceof FieldworkError && error.code !== "PAYMENT_PROVIDER_UNAVAILABLE") return "refunded";
    throw error;
  }
}

export interface Swept { completed: number; expired: number; refunded: number }

export async function sweepPayments(ctx: PaymentContext, now = new Date(), retryPaidAfterMs = 60_000): Promise<Swept> {
  const due = await ctx.db.selectFrom("payment").selectAll()
    .where((eb) => eb.or([
      eb.and([eb("status", "=", "pending"), eb("expires_at", "<", now)]),
      eb.and([eb("status", "=", "paid"), eb("updated_at", "<", new Date(now.getTime() - retryPaidAfterMs))]),
    ]))
    .orderBy("expires_at").limit(100).execute();
  const swept: Swept = { completed: 0, expired: 0, refunded: 0 };
  // Refunds that did not reach the provider: a charge recorded, the payment refunded, no refund movement.
  const unrefunded = await ctx.db.selectFrom("payment as p").selectAll("p").where("p.status", "=", "refunded")
    .where((eb) => eb.exists(eb.selectFrom("payment_movement as m").select("m.id").whereRef("m.payment_id", "=", "p.id").where("m.kind", "=", "charge")))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("payment_movement as m").select("m.id").whereRef("m.payment_id", "=", "p.id").where("m.kind", "=", "refund"))))
    .limit(100).execute();
  for (const payment of unrefunded) {
    try {
      await refundAtProvider(ctx, payment);
      swept.refunded += 1;
    } catch (error) {
      ctx.log.warn({ err: error, payment_id: payment.id }, "payment sweep: refund will be tried again");
    }
  }
  for (const payment of due) {
    try {
      const outcome = await sweepOne(ctx, payment);
      swept[outcome] += 1;
    } catch (error) {
      ctx.log.warn({ err: error, payment_id: payment.id }, "payment sweep: will try again");
    }
  }
  return swept;
}

async function sweepOne(ctx: PaymentContext, payment: Payment): Promise<keyof Swept> {
  if (payment.provider === "tosspayments") return sweepTossPayment(ctx, payment);
  if (!payment.provider_id || !ctx.stripe) {
    await releaseHold(ctx.db, payment.id, "expired", "No intent was made in time.");
    return "expired";
  }
  let intent = await ctx.stripe.retrieve(payment.provider_id);
  if (intent.status !== "succeeded") {
    await ctx.stripe.cancel(payment.provider_id).catch(() => undefined);
    // It may have succeeded between the two calls: the provider's word decides.
    intent = await ctx.stripe.retrieve(payment.provider_id);
  }
  if (intent.status === "succeeded") return settle(ctx, payment, intent);
  await releaseHold(ctx.db, payment.id, "expired", "The payment was not confirmed in time.");
  return "expired";
}

/** Runs the sweep every `everyMs` (a minute); the returned function stops it. */
export function schedulePaymentSweep(ctx: PaymentContext, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepPayments(ctx)
      .then((swept) => { if (swept.completed + swept.expired + swept.refunded) ctx.log.info({ payments: swept }, "payment sweep"); })
      .catch((error: unknown) => ctx.log.error({ err: error }, "payment sweep failed"))
      .finally(() => { running = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

