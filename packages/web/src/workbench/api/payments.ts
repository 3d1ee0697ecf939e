/** A paid row's money (routes/private/payments.ts): its movements, and the owner's refund. */
import type { RowPayments } from "@fieldwork/core";
import { privateRequest, seg } from "./http";
import type { WriteOptions } from "./form-editor";

const rowPath = (form_id: string, row_id: string) => `/forms/${seg(form_id)}/responses/${seg(row_id)}`;

export function fetchRowPayments(form_id: string, row_id: string, signal?: AbortSignal): Promise<RowPayments> {
  return privateRequest<RowPayments>("GET", `${rowPath(form_id, row_id)}/payments`, { signal });
}

/** Refunds the row's payment at its provider, once (409 PAYMENT_ALREADY_REFUNDED after). */
export function refundRow(form_id: string, row_id: string, options: WriteOptions): Promise<RowPayments> {
  return privateRequest<RowPayments>("POST", `${rowPath(form_id, row_id)}/refund`, options);
}
