/**
 * Toss Payments, the regional provider (spec 1 §3.7, §7; docs/payments.md "Toss Payments").
 *
 * The page asks `POST /integrations/tosspayments/payments/session` (body form_id, testmode,
 * redirect, plus the answers as Pay posts them); the server prices the answers (payment.ts),
 * holds the stock and answers the payment session: customerKey, price, orderId, orderName,
 * customerName, customerEmail, customerMobilePhone, successUrl, failUrl, plus what the page
 * needs to open the checkout (clientKey, and the stand-in's checkout page or the SDK's URL).
 * Toss sends the buyer back to successUrl with `paymentKey`, `orderId`, `amount`, or to failUrl
 * with `code`, `message`, `orderId`; the server confirms with Toss (`POST /v1/payments/confirm`).
 *
 * Example session: { customerKey: "6f0c…", price: 5000, orderId: "0b9e…", orderName: "Concert",
 * customerName: null, customerEmail: "a@b.kr", customerMobilePhone: null,
 * successUrl: "https://forms.example/integrations/tosspayments/payments/success?form_id=…",
 * failUrl: "https://forms.example/integrations/tosspayments/payments/fail?form_id=…", … }
 */
import { z } from "zod";

/** Toss takes KRW, whole won (no minor unit). */
export const TOSS_CURRENCY = "krw";
/** Toss's orderId: 6 to 64 of letters, digits, `-`, `_`, `=`. Ours is the payment's id (a UUID). */
export const TOSS_ORDER_ID = /^[A-Za-z0-9_=-]{6,64}$/;
/** Toss's paymentKey: at most 200 characters. */
export const TOSS_PAYMENT_KEY_MAX = 200;
/** Toss's orderName: at most 100 characters. */
export const TOSS_ORDER_NAME_MAX = 100;
export const TOSS_BASE_PATH = "/integrations/tosspayments/payments";

/** The posted answers, as Pay posts them (name → values, the session in `__fw_session`). */
const Answers = z.record(z.string().max(256), z.array(z.string().max(100_000)).max(300));

/** Spec 1 §7: form_id, testmode, redirect; the answers are what the server prices. */
export const TossSessionBody = z.strictObject({
  form_id: z.uuid(),
  testmode: z.boolean().optional(),
  /** true (default): success and fail lead the browser on (ending page, fail page); false: they answer JSON. */
  redirect: z.boolean().optional(),
  answers: Answers,
});

export const TossPaymentSession = z.object({
  customerKey: z.string(),
  price: z.number().int().positive(),
  orderId: z.string(),
  orderName: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerMobilePhone: z.string().nullable(),
  successUrl: z.string(),
  failUrl: z.string(),
  currency: z.literal("KRW"),
  clientKey: z.string(),
  testmode: z.boolean(),
  /** The stand-in's checkout page (TOSS_API_BASE set), or null: the page loads Toss's SDK from `sdkUrl`. */
  checkoutUrl: z.string().nullable(),
  sdkUrl: z.string(),
});
export type TossPaymentSessionData = z.output<typeof TossPaymentSession>;
export const TossSessionAnswer = z.object({ data: TossPaymentSession, error: z.null() });

/** What Toss adds to successUrl (and `form_id`, `json` of ours). */
export const TossSuccessQuery = z.object({
  form_id: z.uuid(),
  json: z.literal("1").optional(),
  paymentKey: z.string().min(1).max(TOSS_PAYMENT_KEY_MAX),
  orderId: z.string().regex(TOSS_ORDER_ID),
  amount: z.string().regex(/^\d{1,12}$/, "A whole amount in won."),
});

/** What Toss adds to failUrl. */
export const TossFailQuery = z.object({
  form_id: z.uuid(),
  json: z.literal("1").optional(),
  code: z.string().max(100).optional(),
  message: z.string().max(1000).optional(),
  orderId: z.string().regex(TOSS_ORDER_ID).optional(),
});

/** The shown words when Toss's fail redirect carries no message. */
export const TOSS_FAIL_MESSAGE = "The payment was not completed. Nothing was charged.";
