/**
 * What a receipt for a payment says (issue 23 item 6: the receipt email comes later, its data
 * is stored now with the payment, `payment.receipt`): the buyer's email when the form asks for
 * one, the lines bought (what each is, how many, at what unit price), the total and currency.
 * Made by the server at Pay from the same priced answers that set the amount, so a receipt
 * always adds up to what was charged, and keeps names and prices as they were at the sale (a
 * later rename or price change of the product does not rewrite it).
 *
 * Example: "Early bird" (the store's "Concert ticket", option "Ticket", value "Early", 1000)
 * chosen on a form with an email field answered "a@b.co":
 *
 *     { email: "a@b.co", currency: "usd", total: 1000, lines: [{ field: "ticket", option: "early",
 *       label: "Early bird", product: { name: "Concert ticket", option: "Ticket", value: "Early", sku: "TICKET-EARLY" },
 *       quantity: 1, unit_price: 1000, amount: 1000 }] }
 *
 * A fixed amount (the payment field's `amount`) is one line named after the payment field.
 */
import type { FormField } from "./form-model";
import { formatPaymentAmount, type PaymentAmount } from "./payment";

/** The store product value an option sells, by name, as the receipt names it. */
export interface ReceiptProduct { name: string; option: string; value: string; sku: string }

export interface ReceiptLine {
  /** The field the line was chosen in (its name), and the option (its value); null for a fixed amount. */
  field: string;
  option: string | null;
  /** What the buyer saw: the option's label, or the payment field's for a fixed amount. */
  label: string;
  product: ReceiptProduct | null;
  quantity: number;
  /** Minor units of `currency`. */
  unit_price: number;
  amount: number;
}

export interface PaymentReceipt {
  email: string | null;
  currency: string;
  /** Minor units; the payment's amount. */
  total: number;
  lines: ReceiptLine[];
}

const EMAIL_MAX = 254;

/**
 * The receipt of `price` for these answers (field → read value). `products` names the store
 * product values that options sell (option id → product).
 */
export function paymentReceipt(
  fields: readonly FormField[], answers: ReadonlyMap<FormField, unknown>, price: PaymentAmount,
  products: ReadonlyMap<string, ReceiptProduct> = new Map(),
): PaymentReceipt {
  let email: string | null = null;
  for (const [field, value] of answers) {
    if (field.type === "email" && typeof value === "string" && value.trim()) {
      email = value.trim().slice(0, EMAIL_MAX);
      break;
    }
  }
  const chosen = new Set(price.option_ids);
  const lines: ReceiptLine[] = [];
  for (const field of fields) {
    for (const option of field.options) {
      if (!chosen.has(option.id) || typeof option.price !== "number") continue;
      lines.push({
        field: field.name, option: option.value, label: option.label ?? option.value,
        product: products.get(option.id) ?? null, quantity: 1, unit_price: option.price, amount: option.price,
      });
    }
  }
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (sum !== price.amount) {
    // A fixed amount: what was bought is the payment itself.
    const payment = fields.find((f) => f.type === "payment");
    const label = payment?.label ?? payment?.name ?? "Payment";
    return { email, currency: price.currency, total: price.amount, lines: [{ field: payment?.name ?? "payment", option: null, label, product: null, quantity: 1, unit_price: price.amount, amount: price.amount }] };
  }
  return { email, currency: price.currency, total: price.amount, lines };
}

/** A receipt line as the record panel lists it: "Saturday (Day pass: Day Saturday) × 1 · $40". */
export function receiptLineText(line: ReceiptLine, currency: string): string {
  const product = line.product ? ` (${line.product.name}: ${line.product.option} ${line.product.value})` : "";
  return `${line.label}${product} × ${line.quantity} · ${formatPaymentAmount(line.amount, currency)}`;
}
