/**
 * The private calls of data mode (spec 3 §2, §3, §7) beside the Data API: a form's live row
 * feed, its analytics and a customer's details. The server answers these shapes inside the
 * private envelope `{ data }`; the workbench reads them.
 */
import type { FieldType } from "../field-types";

/** `GET /private/editor/forms/{form_id}/analytics?interval=hour|day`: buckets of answers over time. */
export const ANALYTICS_INTERVALS = ["hour", "day"] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** Counts per option of a choice field (select, radio, checkboxes, toggle group…). */
export interface OptionCount {
  value: string;
  /** The option's label, or null for a stored value that is no longer an option. */
  label: string | null;
  count: number;
}

/** A numeric field's distribution: equal-width buckets between min and max. */
export interface NumericSummary {
  min: number | null;
  max: number | null;
  avg: number | null;
  median: number | null;
  buckets: { from: number; to: number; count: number }[];
}

export interface FieldSummary {
  field_id: string;
  name: string;
  label: string | null;
  type: FieldType;
  /** Rows holding a value (not null, not '', not an empty list). */
  answered: number;
  /** answered / total, 0 when the table is empty. */
  completion_rate: number;
  options?: OptionCount[];
  numeric?: NumericSummary;
}

export interface FormAnalytics {
  total: number;
  interval: AnalyticsInterval;
  /** Oldest first, one entry per bucket that holds answers (ISO time of the bucket's start, UTC). */
  over_time: { at: string; count: number }[];
  fields: FieldSummary[];
  computed_at: string;
}

/** `GET /private/editor/customers/{customer_id}` (spec 3 §3 Customer). */
export interface CustomerResponse {
  id: string;
  form_id: string;
  form: { title: string };
  local_index: number;
  created_at: string;
}

export interface CustomerDetails {
  id: string;
  uid: number;
  uuid: string | null;
  email: string | null;
  email_provisional: string | null;
  phone: string | null;
  phone_provisional: string | null;
  visitor_id: string | null;
  created_at: string;
  last_seen_at: string;
  /** Newest first, at most LIMITS.customer_responses_shown. */
  responses: CustomerResponse[];
}

/**
 * One event of `GET /private/editor/forms/{form_id}/changes` (text/event-stream, event name
 * `rows`): rows of the form's table changed, by whatever wrote them (a submit, the Data API,
 * SQL by hand). The grid reads its page again.
 */
export const ROW_CHANGE_OPS = ["INSERT", "UPDATE", "DELETE"] as const;
export type RowChangeOp = (typeof ROW_CHANGE_OPS)[number];
export interface RowChange {
  form_id: string;
  op: RowChangeOp;
  /** Rows the statement touched (summed over the statements of a coalesced burst). */
  count: number;
  /**
   * Only when a burst (events are coalesced to one per form per 100 ms) mixed kinds of
   * writes: rows per kind, e.g. `{ INSERT: 3, DELETE: 1 }`; `op` is then the kind with the
   * most rows.
   */
  ops?: Partial<Record<RowChangeOp, number>>;
}

/** Name of the Server-Sent Events event that carries a RowChange. */
export const ROW_CHANGE_EVENT = "rows";
/** Postgres NOTIFY channel of row changes (payload: `{"table": "...", "op": "...", "count": n}`). */
export const ROW_CHANGE_CHANNEL = "fieldwork_rows";
