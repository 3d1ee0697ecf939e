/**
 * The public payment calls (docs/payments.md): Pay starts a payment for the posted answers,
 * the server's own card form confirms it (STRIPE_API_BASE, the stand-in), Elements' confirm is
 * completed with `complete`. Amounts, currencies and products are never part of a request.
 */
import { z } from "zod";
import { CARD_NUMBER_MAX_LENGTH } from "./payment";

const ok = <T extends z.ZodType>(data: T) => z.object({ data, error: z.null() });

/** `GET /v1/{form_id}/payment`: which card form the page draws, before Pay. */
export const PaymentSetupAnswer = ok(z.object({
  provider: z.enum(["stripe", "tosspayments"]),
  card_form: z.enum(["server", "elements"]),
  publishable_key: z.string(),
}));
export type PaymentSetup = z.output<typeof PaymentSetupAnswer>["data"];

/** The answers as the form posts them: name → values (the session in `__fw_session`). */
export const PaymentStartBody = z.strictObject({
  answers: z.record(z.string().max(256), z.array(z.string().max(100_000)).max(300)),
});

export const PaymentStartAnswer = ok(z.object({
  payment_id: z.uuid(),
  provider: z.enum(["stripe", "tosspayments"]),
  /** The provider's intent id (`pi_…`), echoed by confirm and complete. */
  payment_intent: z.string(),
  client_secret: z.string().nullable(),
  amount: z.number().int().positive(),
  currency: z.string(),
  /** `server`: the page's own card form posts to confirm (a stand-in API base); `elements`: Stripe's Elements. */
  card_form: z.enum(["server", "elements"]),
  publishable_key: z.string(),
}));
export type PaymentStart = z.output<typeof PaymentStartAnswer>["data"];

const IntentRef = { session_id: z.uuid(), payment_intent: z.string().min(1).max(255) };

/** Spec 1 §2.3's card form: number (max length 19), expiry MM / YY, CVC, country, ZIP. */
export const CardFields = z.strictObject({
  number: z.string().max(CARD_NUMBER_MAX_LENGTH).regex(/^[\d ]+$/, "Digits only."),
  exp: z.string().max(7).regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/, "MM / YY"),
  cvc: z.string().regex(/^\d{3,4}$/),
  country: z.string().regex(/^[A-Z]{2}$/),
  zip: z.string().max(16),
});

export const PaymentConfirmBody = z.strictObject({ ...IntentRef, card: CardFields });
export const PaymentCompleteBody = z.strictObject(IntentRef);
