/**
 * Toss Payments' steps (docs/payments.md "Toss Payments"), beside Stripe's payment-service.ts:
 *
 * - `startTossSession` (spec 1 §7 `POST /integrations/tosspayments/payments/session`): read the
 *   posted answers as a submit does, price them from the definition (the browser names no
 *   amount), hold the stock (payment-hold.ts) and answer spec 1 §3.7's payment session. Its
 *   orderId is the payment's id, and the payment is the form session's: a retried session
 *   request gets the same order.
 * - `confirmTossSuccess` (successUrl): the amount Toss sends back must be the held amount (a
 *   tampered one is refused before Toss is asked: nothing is charged); the paymentKey is bound
 *   to the order once; the server confirms with Toss (an Idempotency-Key per order, so a replay
 *   never charges twice) and completes the payment: one row, its units committed, the charge
 *   recorded (payment-complete.ts).
 * - `failToss` (failUrl): the order's hold is given back with Toss's message.
 */
import {
  FieldworkError, isMinorAmount, TOSS_BASE_PATH, TOSS_FAIL_MESSAGE, TOSS_ORDER_NAME_MAX,
  type ColumnValue, type FormField, type TossPaymentSessionData,
} from "@fieldwork/core";
import { createHash } from "node:crypto";
import { isUuid } from "../forms/form-record";
import { demandOf, type RequestMeta, type SubmitResult } from "../forms/submit/submit";
import { completePayment, type PaymentContext } from "./payment-complete";
import { pricedAnswers } from "./priced-answers";
import { holdForPayment, releaseHold, type Payment } from "./payment-hold";
import type { ProviderIntent } from "./stripe-client";
import { TossRefusal, type TossClient, type TossPayment } from "./toss-client";

export interface TossSessionRequest { form_id: string; testmode?: boolean | undefined; redirect?: boolean | undefined; answers: Record<string, string[]> }

export async function startTossSession(ctx: PaymentContext, body: TossSessionRequest, now = new Date()): Promise<TossPaymentSessionData> {
  const toss = tossOf(ctx);
  const { record, session_id, values, price, receipt } = await pricedAnswers(ctx.db, body.form_id, body.answers);
  if (price.provider !== "tosspayments") throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE", "This form does not take Toss Payments.");

  const hold = () => holdForPayment(ctx.db, record, { session_id, price, receipt, demand: demandOf(record, values), answers: body.answers, now });
  const { payment } = await (ctx.gate ? ctx.gate.serial(record.form.id, hold) : hold());
  if (payment.status !== "pending") throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "This session's payment is already confirmed.");
  const back = (step: "success" | "fail") =>
    `${ctx.public_url ?? ""}${TOSS_BASE_PATH}/${step}?form_id=${encodeURIComponent(body.form_id)}${body.redirect === false ? "&json=1" : ""}`;
  const customer = customerOf(values);
  return {
    customerKey: payment.session_id, price: payment.amount, orderId: payment.id,
    orderName: (record.form.title || "Fieldwork").slice(0, TOSS_ORDER_NAME_MAX),
    ...customer, successUrl: back("success"), failUrl: back("fail"), currency: "KRW",
    clientKey: toss.settings.client_key, testmode: toss.settings.client_key.startsWith("test_"),
    checkoutUrl: toss.settings.checkout_url, sdkUrl: toss.settings.sdk_url,
  };
}

/** Refusals of the key itself (not a payment Toss knows for this order): the order stays payable, its key unbound. */
const NOT_THIS_KEY = new Set(["NOT_FOUND_PAYMENT", "NOT_FOUND_PAYMENT_SESSION", "INVALID_REQUEST"]);
/** Refusals that say nothing of the payment (a confirm with this key still running at Toss): the order is left as it is. */
const IN_FLIGHT = new Set(["IDEMPOTENT_REQUEST_PROCESSING", "INVALID_IDEMPOTENCY_KEY", "PROVIDER_ERROR", "FAILED_INTERNAL_SYSTEM_PROCESSING"]);

/** One confirm per order and key: a replay answers the same confirm, another key is another request. */
const confirmKey = (orderId: string, paymentKey: string) =>
  `fieldwork-confirm-${orderId}-${createHash("sha256").update(paymentKey).digest("hex").slice(0, 24)}`;

export interface TossSuccess { form_id: string; paymentKey: string; orderId: string; amount: string }

export async function confirmTossSuccess(ctx: PaymentContext, query: TossSuccess, meta: RequestMeta, request_id?: string): Promise<SubmitResult> {
  const toss = tossOf(ctx);
  let payment = await orderOf(ctx, query.form_id, query.orderId);
  if (!payment) throw new FieldworkError("NOT_FOUND", "No payment of this form has this orderId.");
  const amount = Number(query.amount);
  // The amount comes back through the browser: only the held amount is confirmed, anything else is never sent to Toss.
  if (!isMinorAmount(amount) || amount !== payment.amount) {
    throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "The amount does not match this payment; nothing was charged.");
  }
  if (payment.provider_id && payment.provider_id !== query.paymentKey) throw new FieldworkError("PAYMENT_SESSION_MISMATCH");
  if (payment.status === "completed") return completePayment(ctx, payment, intentOf(payment, { paymentKey: query.paymentKey, orderId: payment.id, status: "DONE", totalAmount: payment.amount, currency: "KRW" }), meta, request_id);
  if (payment.status !== "pending" && payment.status !== "paid") throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "This payment ended; press Pay again.");
  payment = await bindKey(ctx, payment, query.paymentKey);

  let confirmed: TossPayment;
  try {
    confirmed = payment.status === "paid"
      ? await toss.retrieve(query.paymentKey)
      : await toss.confirm(query.paymentKey, payment.id, payment.amount, confirmKey(payment.id, query.paymentKey));
  } catch (error) {
    if (!(error instanceof TossRefusal)) throw error;
    if (error.toss_code === "ALREADY_PROCESSED_PAYMENT") {
      confirmed = await toss.retrieve(query.paymentKey);
    } else if (IN_FLIGHT.has(error.toss_code)) {
      throw Object.assign(new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE"), { cause: error });
    } else if (NOT_THIS_KEY.has(error.toss_code)) {
      // Not a payment Toss knows, or a request it would not take: the order may still be paid with its real key.
      await ctx.db.updateTable("payment").set({ provider_id: null }).where("id", "=", payment.id)
        .where("provider_id", "=", query.paymentKey).where("status", "=", "pending").execute();
      throw error;
    } else {
      await releaseHold(ctx.db, payment.id, "failed", error.message);
      throw error;
    }
  }
  return completePayment(ctx, payment, intentOf(payment, confirmed), meta, request_id);
}

/** The fail redirect: the order's hold goes back (nothing was charged), with Toss's message. */
export async function failToss(ctx: PaymentContext, query: { form_id: string; orderId?: string | undefined; message?: string | undefined }): Promise<string> {
  const message = query.message?.trim() || TOSS_FAIL_MESSAGE;
  const payment = query.orderId ? await orderOf(ctx, query.form_id, query.orderId) : undefined;
  // A key already bound is being confirmed: only the success path or the sweep ends that one.
  if (payment?.status === "pending" && !payment.provider_id) await releaseHold(ctx.db, payment.id, "failed", message);
  return message;
}

/** What `completePayment` checks, from Toss's word on the payment. */
export function intentOf(payment: Payment, confirmed: TossPayment): ProviderIntent {
  return {
    id: confirmed.paymentKey, status: confirmed.status === "DONE" ? "succeeded" : confirmed.status.toLowerCase(),
    amount: confirmed.totalAmount, currency: confirmed.currency.toLowerCase(), client_secret: null,
    metadata: confirmed.orderId === payment.id ? { payment_id: payment.id } : {}, last_error: null,
  };
}

function orderOf(ctx: PaymentContext, form_id: string, orderId: string): Promise<Payment | undefined> {
  if (!isUuid(orderId)) return Promise.resolve(undefined);
  return ctx.db.selectFrom("payment").selectAll()
    .where("id", "=", orderId).where("form_id", "=", form_id).where("provider", "=", "tosspayments").executeTakeFirst();
}

/** Binds the paymentKey to the order, once: another key for the same order is refused. */
async function bindKey(ctx: PaymentContext, payment: Payment, paymentKey: string): Promise<Payment> {
  if (payment.provider_id === paymentKey) return payment;
  try {
    const bound = await ctx.db.updateTable("payment").set({ provider_id: paymentKey, updated_at: new Date() })
      .where("id", "=", payment.id).where("provider_id", "is", null).returningAll().executeTakeFirst();
    if (bound) return bound;
  } catch (error) {
    if ((error as { code?: string }).code !== "23505") throw error;
    throw new FieldworkError("PAYMENT_SESSION_MISMATCH");
  }
  const now = await ctx.db.selectFrom("payment").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
  if (now.provider_id !== paymentKey) throw new FieldworkError("PAYMENT_SESSION_MISMATCH");
  return now;
}

export function tossOf(ctx: PaymentContext): TossClient {
  if (!ctx.toss) throw new FieldworkError("PAYMENT_PROVIDER_UNAVAILABLE");
  return ctx.toss;
}

/** customerName, customerEmail, customerMobilePhone from the answers: the first email and tel fields, a field named `name`. */
function customerOf(values: ReadonlyMap<FormField, ColumnValue>) {
  let customerName: string | null = null;
  let customerEmail: string | null = null;
  let customerMobilePhone: string | null = null;
  for (const [field, value] of values) {
    if (typeof value !== "string" || !value.trim()) continue;
    if (field.type === "email") customerEmail ??= value.trim().slice(0, 100);
    else if (field.type === "tel") customerMobilePhone ??= value.replace(/\D/g, "").slice(0, 20) || null;
    else if (/^(customer_?)?(full_?)?name$/i.test(field.name)) customerName ??= value.trim().slice(0, 100);
  }
  return { customerName, customerEmail, customerMobilePhone };
}
