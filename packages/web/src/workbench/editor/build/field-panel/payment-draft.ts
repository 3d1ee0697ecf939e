/**
 * The field panel's Payment section as data (issue 23, spec 1 §3.7, spec 2 "Payment data"):
 * the provider (Stripe by default, Toss Payments; another provider's field renders nothing,
 * kept as it is), the currency (ISO 4217; Toss Payments always KRW) and an optional fixed
 * amount typed in major units and stored in minor units (core's payment-money.ts). Without a
 * fixed amount, the chosen options' prices make the sum.
 */
import { isKnownCurrency, majorToMinor, minorToMajor, type JsonValue } from "@fieldwork/core";

export interface PaymentDraft {
  /** "stripe", "tosspayments", or another provider kept as the field had it. */
  provider: string;
  /** Lowercase ISO 4217 as typed. */
  currency: string;
  /** Major units as typed; "" for none. */
  amount: string;
}

type Data = Record<string, JsonValue>;
const objectOf = (data: unknown): Data => (data !== null && typeof data === "object" && !Array.isArray(data) ? data as Data : {});

export function paymentDraftOf(data: unknown): PaymentDraft {
  const d = objectOf(data);
  const provider = typeof d.service_provider === "string" ? d.service_provider : "stripe";
  const currency = provider === "tosspayments" ? "krw" : typeof d.currency === "string" ? d.currency.toLowerCase() : "usd";
  const amount = typeof d.amount === "number" ? minorToMajor(d.amount, currency) : "";
  return { provider, currency, amount };
}

/** The draft on a new provider: Toss Payments takes won only. */
export function withProvider(draft: PaymentDraft, provider: string): PaymentDraft {
  if (provider === "tosspayments") return { ...draft, provider, currency: "krw" };
  return { ...draft, provider, currency: draft.provider === "tosspayments" ? "usd" : draft.currency };
}

export interface PaymentProblems { payment_currency?: string; payment_amount?: string }

export function paymentProblems(draft: PaymentDraft): PaymentProblems {
  const problems: PaymentProblems = {};
  if (!isKnownCurrency(draft.currency.trim())) problems.payment_currency = "Use a 3-letter ISO 4217 code, like usd or eur.";
  else {
    const amount = majorToMinor(draft.amount, draft.currency.trim());
    if (!amount.ok) problems.payment_amount = amount.reason;
  }
  return problems;
}

/**
 * The field's `data` with the draft on top of `base` (other keys kept, in their order, so an
 * untouched field stays equal): the amount in minor units, or no `amount` key for none.
 */
export function paymentDataOf(draft: PaymentDraft, base: unknown): Data {
  const out: Data = { ...objectOf(base) };
  const set = (key: string, value: JsonValue, fallback: JsonValue) => {
    if (key in out || value !== fallback) out[key] = value;
  };
  set("service_provider", draft.provider, "stripe");
  const currency = draft.provider === "tosspayments" ? "krw" : draft.currency.trim().toLowerCase();
  set("currency", currency, "usd");
  const amount = majorToMinor(draft.amount, currency);
  if (amount.ok && amount.minor !== null) out.amount = amount.minor;
  else if (amount.ok) delete out.amount;
  return out;
}
