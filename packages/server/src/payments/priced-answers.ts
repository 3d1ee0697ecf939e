/**
 * The first step of every Pay (Stripe's payment-service.ts, Toss's toss-service.ts): the posted
 * answers read against the published form as a submit reads them, and priced from the form's
 * definition (core payment.ts): the browser names no amount, currency or product; with them, what
 * the receipt will say (core payment-receipt.ts).
 */
import {
  FieldworkError, messagesFor, paymentAmount, paymentReceipt, type ColumnValue, type FormField, type PaymentAmount, type PaymentReceipt,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { cachedFormRecord, isUuid, type FormRecord } from "../forms/form-record";
import { loadPublishedForm } from "../forms/preload";
import { readAnswers, readSystemInputs } from "../forms/submit/read-answers";
import { optionPrices } from "../inventory/option-prices";

export interface PricedAnswers {
  record: FormRecord;
  session_id: string;
  values: ReadonlyMap<FormField, ColumnValue>;
  price: PaymentAmount;
  /** What the receipt of this payment says (stored with the payment). */
  receipt: PaymentReceipt;
}

/** Throws SESSION_NOT_FOUND without the form's session, and PAYMENT_NOT_CONFIRMED when the answers cost nothing. */
export async function pricedAnswers(db: Kysely<DB>, formId: string, answers: Record<string, string[]>): Promise<PricedAnswers> {
  const record = cachedFormRecord(db, formId) ?? await loadPublishedForm(db, formId);
  const entries = new Map(Object.entries(answers));
  const system = readSystemInputs(entries);
  if (!system.session_id || !isUuid(system.session_id)) throw new FieldworkError("SESSION_NOT_FOUND", "Pay needs the form's session.");
  const read = readAnswers(
    record.fields, record.blocks, entries, record.form.unknown_field_handling_strategy, system.utc_offset, new Map(), messagesFor(record.document.lang),
  );
  const price = paymentAmount(record.fields, new Map([...read.values].map(([field, value]) => [field.id, value])));
  if (!price) throw new FieldworkError("PAYMENT_NOT_CONFIRMED", "These answers cost nothing: submit them instead of paying.");
  // The store's names of the product values sold, as they are now (a receipt keeps them).
  const sold = record.form.store_id && price.option_ids.length ? await optionPrices(db, formId) : new Map();
  const receipt = paymentReceipt(record.fields, read.values, price, new Map([...sold].map(([id, p]) => [id, p.product])));
  return { record, session_id: system.session_id, values: read.values, price, receipt };
}
