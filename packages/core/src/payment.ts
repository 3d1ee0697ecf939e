/**
 * Payment data of a `payment` field (spec 1 §3.7, spec 2 "Payment data") and the one rule
 * that says what an answer costs. The server computes the amount from the form's definition
 * and the answers; the browser never names an amount, a currency or a product.
 *
 * A payment field's `data`:
 *
 *     { "service_provider": "stripe", "currency": "usd", "amount": 1000 }
 *
 * - `service_provider`: `stripe` (the card provider, default) or `tosspayments` (the regional
 *   provider); any other value renders nothing and takes no payment.
 * - `currency`: an ISO 4217 code in lowercase, as Stripe names it (default `usd`); `krw` always
 *   for `tosspayments` (whole won, no minor unit).
 * - `amount`: a fixed amount in minor units (cents). Without it, the amount is the sum of the
 *   prices (`price`, minor units) of the options chosen in the form's other fields.
 *
 * An option that sells a store's product value carries the store's price instead of its own
 * (`price_currency` says in what; the server's form record reads it), and a store priced in
 * another currency than the field's is refused rather than charged in the wrong unit.
 *
 * Example: options "VIP" (price 2500) and "Standard" (price 1000), a checkboxes answer
 * ["VIP", "Standard"] costs 3500 usd cents; a fixed amount of 1000 costs 1000 whatever is chosen.
 */
import { FieldworkError } from "./error-catalogue";
import type { FormField, JsonValue } from "./form-model";

export const PAYMENT_PROVIDERS = ["stripe", "tosspayments"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Stripe's documented limit for one charge (USD 999,999.99), which we apply to every currency. */
export const PAYMENT_MAX_AMOUNT = 99_999_999;
/** Spec 1 §9: card number max length 19. */
export const CARD_NUMBER_MAX_LENGTH = 19;
/** A payment started and not confirmed holds its stock this long, then the expiry job releases it. */
export const PAYMENT_HOLD_MINUTES = 30;

export interface PaymentConfig {
  service_provider: PaymentProvider;
  currency: string;
  /** Fixed amount in minor units, or null: the sum of the chosen options' prices. */
  amount: number | null;
}

const CURRENCY = /^[a-z]{3}$/;

/** The payment field's configuration, or null when its provider renders nothing (spec 2 §5). */
export function paymentConfig(data: JsonValue): PaymentConfig | null {
  const d = data !== null && typeof data === "object" && !Array.isArray(data) ? data : {};
  const provider = d.service_provider ?? "stripe";
  if (provider !== "stripe" && provider !== "tosspayments") return null;
  // Toss Payments takes won only (toss-payment.ts): its forms are priced in krw whatever `currency` says.
  const currency = provider === "tosspayments" ? "krw"
    : typeof d.currency === "string" && CURRENCY.test(d.currency.toLowerCase()) ? d.currency.toLowerCase() : "usd";
  const amount = isMinorAmount(d.amount) ? d.amount : null;
  return { service_provider: provider, currency, amount };
}

/** A whole, positive number of minor units within Stripe's limit. */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= PAYMENT_MAX_AMOUNT;
}

/** The form's payment field (the first one whose provider renders), or null. */
export function paymentFieldOf(fields: readonly FormField[]): { field: FormField; config: PaymentConfig } | null {
  for (const field of fields) {
    if (field.type !== "payment") continue;
    const config = paymentConfig(field.data);
    if (config) return { field, config };
  }
  return null;
}

export interface PaymentAmount {
  amount: number;
  currency: string;
  provider: PaymentProvider;
  /** The priced options chosen (ids), what the amount was made of. */
  option_ids: string[];
}

/**
 * What the answers cost: the fixed amount, or the sum of the chosen options' prices.
 * `answers` maps a field id to its read value (a choice is a string or a list of strings).
 * Null when the form takes no payment or the answers cost nothing (no priced option chosen).
 */
export function paymentAmount(
  fields: readonly FormField[], answers: ReadonlyMap<string, unknown>,
): PaymentAmount | null {
  const payment = paymentFieldOf(fields);
  if (!payment) return null;
  const { config } = payment;
  const option_ids: string[] = [];
  let sum = 0;
  for (const field of fields) {
    const value = answers.get(field.id);
    const chosen = Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
    for (const option of field.options) {
      if (!chosen.includes(option.value) || !isMinorAmount(option.price)) continue;
      if (option.price_currency && option.price_currency.toLowerCase() !== config.currency.toLowerCase()) {
        // A store price in another unit than the payment's: charging it would charge another sum.
        throw new FieldworkError("INVALID_CURRENCY", `${option.label ?? option.value} is priced in ${option.price_currency.toUpperCase()}; this form charges ${config.currency.toUpperCase()}.`);
      }
      option_ids.push(option.id);
      sum += option.price;
    }
  }
  const amount = config.amount ?? sum;
  if (!isMinorAmount(amount)) return null;
  return { amount, currency: config.currency, provider: config.service_provider, option_ids };
}

/** '$10.00', '₩5,000': an amount in minor units for the Pay button (spec 1 §9 'Pay $10'). */
export function formatPaymentAmount(amount: number, currency: string, locale = "en"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const value = amount / 10 ** digits;
  return Number.isInteger(value) ? new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase(), maximumFractionDigits: 0 }).format(value) : format.format(value);
}
