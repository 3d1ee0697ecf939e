/**
 * Money as the owner types and reads it (issue 23): prices and fixed amounts are entered in
 * major units ("25.50 USD") and stored in minor units (2550 cents), as payment.ts and the
 * providers count them; a row's money movements as the record panel lists them.
 *
 * Example: `majorToMinor("25.5", "usd")` is 2550; `majorToMinor("5000", "krw")` is 5000
 * (won has no minor unit); `majorToMinor("", "usd")` is null (no price); "1.234" in usd,
 * "-3" or "abc" are invalid. `minorToMajor(2550, "usd")` is "25.50".
 */
import { formatPaymentAmount, isMinorAmount } from "./payment";
import type { PaymentReceipt } from "./payment-receipt";

/** The digits after the point of `currency` (2 for usd, 0 for krw and jpy), per Intl. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Whether `code` is an ISO 4217 code Intl knows (any case). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[a-z]{3}$/i.test(code)) return false;
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code.toUpperCase() });
    return true;
  } catch {
    return false;
  }
}

export type MajorAmount = { ok: true; minor: number | null } | { ok: false; reason: string };

/** A typed amount in major units → minor units; empty → null (no price). */
export function majorToMinor(text: string, currency: string): MajorAmount {
  const trimmed = text.trim().replace(/,/g, "");
  if (trimmed === "") return { ok: true, minor: null };
  const digits = currencyDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{0,${digits}})?$|^\\.\\d{1,${digits}}$`);
  if (!pattern.test(trimmed)) {
    return { ok: false, reason: digits === 0 ? `Enter a whole amount in ${currency.toUpperCase()}.` : `Enter an amount with at most ${digits} decimals.` };
  }
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!isMinorAmount(minor)) return { ok: false, reason: "Enter an amount above zero and within the provider's limit." };
  return { ok: true, minor };
}

/** Minor units → the major units an input shows ("25.50"); "" for null. */
export function minorToMajor(minor: number | null | undefined, currency: string): string {
  if (minor == null) return "";
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** One money movement of a row (GET /private/editor/forms/{form_id}/responses/{row_id}/payments). */
export interface RowPaymentMovement {
  id: number;
  payment_id: string;
  kind: "charge" | "refund";
  provider: string;
  provider_id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  status: string;
  created_at: string;
}

/** A row's payments, where each stands, and their movements (oldest first). */
export interface RowPayments {
  payments: {
    id: string; provider: string; provider_id: string | null; amount: number; currency: string; status: string; created_at: string;
    /** What its receipt says (null for payments made before receipts were kept). */
    receipt: PaymentReceipt | null;
  }[];
  movements: RowPaymentMovement[];
  /** Whether a completed payment remains that an editor may refund. */
  refundable: boolean;
}

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", tosspayments: "Toss Payments" };

/** A movement as the record panel lists it: "Charge · $25.50 · succeeded", its provider and id, its date. */
export function movementLine(m: RowPaymentMovement): { title: string; provider: string; date: string } {
  const kind = m.kind === "refund" ? "Refund" : "Charge";
  return {
    title: `${kind} · ${formatPaymentAmount(m.amount, m.currency)} · ${m.status}`,
    provider: `${PROVIDER_NAMES[m.provider] ?? m.provider} ${m.provider_id}`,
    date: m.created_at.replace("T", " ").slice(0, 16) + " UTC",
  };
}

/** A row's payment column as the server writes it (payments/payment-complete.ts), `amount_refunded` once refunded. */
export interface PaidCell {
  provider: string;
  provider_id: string;
  amount: number;
  currency: string;
  status: string;
  amount_refunded?: number;
}

/** Whether `value` is a payment column's value. */
export function isPaidCell(value: unknown): value is PaidCell {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.amount === "number" && typeof v.currency === "string" && /^[a-z]{3}$/i.test(v.currency)
    && typeof v.status === "string" && typeof v.provider === "string" && typeof v.provider_id === "string"
    && (v.amount_refunded === undefined || typeof v.amount_refunded === "number");
}

/**
 * A payment cell as the grid and the record panel show it: "$25.50 succeeded (stripe pi_123)";
 * refunded, the amount given back too: "$25.50 paid, $25.50 refunded (stripe pi_123)".
 */
export function paidCellText(cell: PaidCell): string {
  const amount = formatPaymentAmount(cell.amount, cell.currency);
  const state = cell.status === "refunded" && typeof cell.amount_refunded === "number"
    ? `paid, ${formatPaymentAmount(cell.amount_refunded, cell.currency)} refunded`
    : cell.status;
  return `${amount} ${state} (${cell.provider} ${cell.provider_id})`;
}
