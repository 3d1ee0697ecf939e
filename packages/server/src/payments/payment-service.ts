/**
 * The public payment calls (docs/payments.md), as named steps:
 *
 * - `startPayment` (Pay): read the answers against the form as a submit does, price them from
 *   the definition (core payment.ts: the browser names no amount, currency or product), hold
 *   the stock (payment-hold.ts), then create the provider's intent with an idempotency key
 *   tied to the session and the payment, so a retried Pay gets the same intent and a retried
 *   call the same answer: one charge at most;
 * - `confirmCard` (the page's own card form, with a stand-in API base): confirm the intent
 *   server-side; a declined card releases the hold and answers the provider's message;
 * - `completeIntent` (after Elements confirmed in the browser): check and complete.
 *
 * A payment is named by its intent and its session together: another session's intent is
 * refused (PAYMENT_SESSION_MISMATCH), whatever the caller knows of it.
 */
import { FieldworkError, paymentFieldOf, type PaymentSetup, type PaymentStart } from "@fieldwork/core";
import { createHash } from "node:crypto";
import { cachedFormRecord } from "../forms/form-record";
import { loadPublishedForm } from "../forms/preload";
import { demandOf, type RequestMeta, type SubmitResult } from "../forms/submit/submit";
import { completePayment, type PaymentContext } from "./payment-complete";
import { pricedAnswers } from "./priced-answers";
import { holdForPayment, releaseHold, type Payment } from "./payment-hold";
import type { CardInput, StripeClient } from "./stripe-client";
import { cardFormOf } from "./stripe-settings";

export async function startPayment(
  ctx: PaymentContext, formId: string, answers: Record<string, string[]>, now = new Date(),
): Promise<PaymentStart> {
  const { record, session_id, values, price, receipt } = await pricedAnswers(ctx.db, formId, answers);
  const stripe = stripeOf(ctx, price.provider);

  const hold = () => holdForPayment(ctx.db, record, { session_id, price, receipt, demand: demandOf(record, values), answers, now });
  const { payment, replaced } = await (ctx.gate ? ctx.gate.serial(record.form.id, hold) : hold());
  if (replaced?.provider_id) await stripe.cancel(replaced.provider_id).catch(() => undefined);
  let intent;
  try {
    intent = payment.provider_id
      ? await stripe.retrieve(payment.provider_id)
      : await stripe.createIntent(payment.amount, payment.currency, { form_id: formId, session_id: payment.session_id, payment_id: payment.id },
        `fieldwork-pay-${payment.session_id}-${payment.id}`);
  } catch (error) {
    // No intent the buyer could confirm: the units go back at once.
    if (!payment.provider_id) await releaseHold(ctx.db, payment.id, "failed", "The provider could not be reached.");
    throw error;
  }
  if (!payment.provider_id) {
    await ctx.db.updateTable("payment").set({ provider_id: intent.id, updated_at: new Date() })
      .where("id", "=", payment.id).where("provider_id", "is", null).execute();
  }
  return {
    payment_id: payment.id, provider: payment.provider, payment_intent: intent.id, client_secret: intent.client_secret,
    amount: payment.amount, currency: payment.currency, card_form: cardFormOf(stripe.settings), publishable_key: stripe.settings.publishable_key,
  };
}

/** What the page needs to draw the card form: the provider and which form (ours or Elements). */
export async function paymentSetup(ctx: PaymentContext, formId: string): Promise<PaymentSetup> {
  const record = cachedFormRecord(ctx.db, formId) ?? await loadPublishedForm(ctx.db, formId);
  const payment = paymentFieldOf(record.fields);
  if (!payment) throw new FieldworkError("FIELD_NOT_FOUND", "This form takes no payment.");
  const stripe = stripeOf(ctx, payment.config.service_provider);
  return { provider: payment.config.service_provider, card_form: cardFormOf(stripe.settings), publishable_key: stripe.settings.publishable_key };
}

export interface IntentRef { session_id: string; payment_intent: string }

/** The server's card form (stand-in API base only): confirm the intent with the card, then complete. */
export async function confirmCard(
  ctx: PaymentContext, formId: string, ref: IntentRef, card: CardInput, meta: RequestMeta, request_id?: string,
): Promise<SubmitResult> {
  const stripe = stripeOf(ctx, "stripe");
  if (cardFormOf(stripe.settings) !== "server") throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "Cards are confirmed with Stripe Elements on this server.");
  const payment = await paymentOf(ctx, formId, ref);
  if (payment.status === "completed") return completePayment(ctx, payment, await stripe.retrieve(payment.provider_id!), meta, request_id);
  if (payment.status !== "pending" && payment.status !== "paid") throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "This payment ended; press Pay again.");
  let intent = await stripe.retrieve(ref.payment_intent);
  if (intent.status !== "succeeded") {
    // The same card again answers the same confirm (a retried request); another card is a new try.
    const key = `fieldwork-confirm-${payment.id}-${createHash("sha256").update(JSON.stringify(card)).digest("hex").slice(0, 24)}`;
    try {
      intent = await stripe.confirmWithCard(ref.payment_intent, card, key);
    } catch (error) {
      if ((error as FieldworkError).code === "PAYMENT_DECLINED") {
        await releaseHold(ctx.db, payment.id, "failed", (error as Error).message);
        await stripe.cancel(ref.payment_intent).catch(() => undefined);
      }
      throw error;
    }
  }
  return completePayment(ctx, payment, intent, meta, request_id);
}

/** After Elements confirmed in the browser (or a retry): the provider's word, then complete. */
export async function completeIntent(ctx: PaymentContext, formId: string, ref: IntentRef, meta: RequestMeta, request_id?: string): Promise<SubmitResult> {
  const payment = await paymentOf(ctx, formId, ref);
  const intent = await stripeOf(ctx, payment.provider).retrieve(ref.payment_intent);
  return completePayment(ctx, payment, intent, meta, request_id);
}

/** The payment of `ref`: its intent on this form, and its own session's. */
async function paymentOf(ctx: PaymentContext, formId: string, ref: IntentRef): Promise<Payment> {
  const payment = await ctx.db.selectFrom("payment").selectAll()
    .where("provider", "=", "stripe").where("provider_id", "=", ref.payment_intent).where("form_id", "=", formId).executeTakeFirst();
  if (!payment) throw new FieldworkError("NOT_FOUND", "No payment of this form has this intent.");
  if (payment.session_id !== ref.session_id) throw new FieldworkError("PAYMENT_SESSION_MISMATCH");
  return payment;
}

function stripeOf(ctx: PaymentContext, provider: string): StripeClient {
  // Toss Payments comes with issue 23 item 3; until then its forms take no payment here.
  if (provider !== "stripe" || !ctx.stripe) throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
  return ctx.stripe;
}

/** Spec 1 §2.3's fields as the provider takes them ("04 / 30" → month 4, year 2030). */
export function cardInputOf(card: { number: string; exp: string; cvc: string; country: string; zip: string }): CardInput {
  const [, month, year] = /(\d{2})\s*\/\s*(\d{2})/.exec(card.exp) ?? [];
  return {
    number: card.number.replace(/\s/g, ""), exp_month: Number(month), exp_year: 2000 + Number(year),
    cvc: card.cvc, country: card.country, zip: card.zip.trim(),
  };
}

