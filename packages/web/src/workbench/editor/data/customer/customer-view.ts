/**
 * What the customer side sheet shows (spec 3 §3 Customer): uid, uuid, email and phone
 * (confirmed and provisional), the visitor id, first and last seen, then the customer's
 * responses across the project's forms, newest first, as `Form title · #007 · date`.
 */
import { recordIdLabel, type CustomerDetails, type CustomerResponse } from "@fieldwork/core";
import { formatFullTime } from "../../../format-time";

export const CUSTOMER_LABELS = [
  "UID", "UUID", "Email", "Email (provisional)", "Phone", "Phone (provisional)", "Visitor", "First seen", "Last seen",
] as const;
export type CustomerLabel = (typeof CUSTOMER_LABELS)[number];

export interface CustomerEntry {
  label: CustomerLabel;
  value: string;
  mono?: boolean;
}

const or = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "—" : String(value));
const time = (iso: string) => formatFullTime(iso) || "—";

/** One entry per label of CUSTOMER_LABELS, in that order ('—' for what is empty). */
export function customerEntries(c: CustomerDetails): CustomerEntry[] {
  return [
    { label: "UID", value: or(c.uid), mono: true },
    { label: "UUID", value: or(c.uuid), mono: true },
    { label: "Email", value: or(c.email) },
    { label: "Email (provisional)", value: or(c.email_provisional) },
    { label: "Phone", value: or(c.phone) },
    { label: "Phone (provisional)", value: or(c.phone_provisional) },
    { label: "Visitor", value: or(c.visitor_id), mono: true },
    { label: "First seen", value: time(c.created_at) },
    { label: "Last seen", value: time(c.last_seen_at) },
  ];
}

export interface ResponseLine {
  id: string;
  title: string;
  index: string;
  date: string;
}

export function responseLine(r: CustomerResponse): ResponseLine {
  return { id: r.id, title: r.form.title.trim() || "Untitled form", index: recordIdLabel(r.local_index), date: time(r.created_at) };
}

/** The sheet's failure: the customer is gone (404), or the message to show beside Retry. */
export function failureOf(code: string | null, message: string): { missing: true } | { missing: false; message: string } {
  return code === "NOT_FOUND" || code === "HTTP_404" ? { missing: true } : { missing: false, message };
}
