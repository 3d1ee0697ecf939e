/**
 * The error catalogue: every error the server answers with, and how the public form reacts
 * to a load error (spec 1 §8). The browser and the server both read it from here.
 */
import type { FieldError } from "./field-messages";
import { formPagePath } from "./public-urls";
// The rest of the catalogue (the workbench's and the Data API's codes) is in error-catalogue.ts,
// so the public form's bundle carries only the codes a visitor can meet.
// No import of a module with zod schemas here: the public form's bundle takes this catalogue.

export type FormPage =
  | "developererror" | "badrequest" | "formclosed" | "alreadyresponded" | "formsoldout"
  | "formoptionsoldout" | "complete" | "outdated";

export interface ErrorEntry extends ErrorPageEntry {
  message: string;
}

/** A code's status and, for the public form, its page. */
export interface ErrorPageEntry {
  status: number;
  /** Where the public form goes when a load (or a submit) fails with this code. */
  page?: FormPage;
  query?: Record<string, string>;
}

const closed = { page: "formclosed", query: { oops: "FORM_CLOSED_WHILE_RESPONDING" } } as const;

/**
 * The codes a visitor of the public form can meet and where each sends it: all the respondent
 * bundle carries. Their English messages are in public-errors.ts; visitors read the catalogue's
 * sentence for the code, in the form's language (i18n/).
 */
export const PUBLIC_ERROR_PAGES = {
  INTERNAL_SERVER_ERROR: { status: 500, page: "developererror" },
  MISSING_REQUIRED_HIDDEN_FIELDS: { status: 400, page: "badrequest", query: { error: "MISSING_REQUIRED_HIDDEN_FIELDS" } },
  UNKNOWN_FIELDS_NOT_ALLOWED: { status: 400, page: "badrequest", query: { error: "UNKNOWN_FIELDS_NOT_ALLOWED" } },
  FORM_FORCE_CLOSED: { status: 403, ...closed },
  FORM_CLOSED_WHILE_RESPONDING: { status: 403, ...closed },
  FORM_RESPONSE_LIMIT_REACHED: { status: 403, ...closed },
  FORM_SCHEDULE_NOT_IN_RANGE: { status: 403, page: "formclosed", query: { oops: "FORM_SCHEDULE_NOT_IN_RANGE" } },
  FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED: { status: 403, page: "alreadyresponded" },
  FORM_SOLD_OUT: { status: 409, page: "formsoldout" },
  FORM_OPTION_UNAVAILABLE: { status: 409, page: "formoptionsoldout" },
  /** A submit made from an older revision of the form whose answers do not fit the current one (spec 1 §2.2). */
  FORM_SCHEMA_OUTDATED: { status: 409, page: "outdated" },
  FORM_NOT_FOUND: { status: 404 },
  SESSION_NOT_FOUND: { status: 404 },
  FIELD_NOT_FOUND: { status: 404 },
  NOT_FOUND: { status: 404 },
  REQUIRED_FIELD_MISSING: { status: 400, page: "badrequest", query: { error: "REQUIRED_FIELD_MISSING" } },
  INVALID_FIELD_VALUE: { status: 400, page: "badrequest", query: { error: "INVALID_FIELD_VALUE" } },
  INVALID_OPTION: { status: 400, page: "badrequest", query: { error: "INVALID_OPTION" } },
  MALFORMED_REQUEST: { status: 400, page: "badrequest", query: { error: "MALFORMED_REQUEST" } },
  PAYLOAD_TOO_LARGE: { status: 413, page: "badrequest", query: { error: "PAYLOAD_TOO_LARGE" } },
  UPLOAD_PATH_NOT_ALLOWED: { status: 403, page: "badrequest", query: { error: "UPLOAD_PATH_NOT_ALLOWED" } },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429 },
  INVALID_TEXT: { status: 400 },
  NESTED_TOO_DEEP: { status: 400 },
  SESSION_ANSWERS_TOO_LARGE: { status: 413 },
  FORM_PARTIAL_ANSWERS_FULL: { status: 409 },
  /** A payment form's answer goes through Pay (payments/), never a bare submit. */
  PAYMENT_REQUIRED: { status: 402, page: "badrequest", query: { error: "PAYMENT_REQUIRED" } },
  /** The provider refused the card: the answer carries the provider's own message. */
  PAYMENT_DECLINED: { status: 402 },
  /** A Pay naming another session's payment (a replayed intent). */
  PAYMENT_SESSION_MISMATCH: { status: 403 },
  /** The payment is not confirmed by the provider (yet), or no longer matches the answers. */
  PAYMENT_NOT_CONFIRMED: { status: 409 },
  /** The provider could not be reached or is not configured on this server. */
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503 },
  /** Too many Pay requests of one form are waiting on this server (LIMITS.pay_in_flight_per_form). */
  PAYMENT_BUSY: { status: 429 },
} as const satisfies Record<string, ErrorPageEntry>;

export type PublicErrorCode = keyof typeof PUBLIC_ERROR_PAGES;

export function isPublicErrorCode(value: unknown): value is PublicErrorCode {
  return typeof value === "string" && Object.hasOwn(PUBLIC_ERROR_PAGES, value);
}

/** Facts an error carries for the caller to act on. */
export interface ErrorDetails {
  /** REVISION_CONFLICT: the form's revision now; reload from it. */
  current_revision?: number;
  /** FIELD_TYPE_CHANGE_REFUSED: `local_index` of (some of) the rows that would not convert. */
  rows?: number[];
  /** COLUMN_TYPE_CHANGE_REFUSED: the primary keys (as text) of (some of) the rows that would not convert. */
  keys?: string[];
  /**
   * Query of the error's page beside the catalogue's own: `alreadyresponded` carries the
   * visitor's `fingerprint`, `customer_id` and `session_id` (spec 2 §2).
   */
  page_query?: Record<string, string>;
  /**
   * REQUIRED_FIELD_MISSING, INVALID_FIELD_VALUE, INVALID_OPTION of a submit: every failing
   * field with its own code and a sentence for the visitor, in the form's field order.
   */
  field_errors?: FieldError[];
  /** STORE_IN_USE: what still depends on the store. */
  dependents?: { forms: { id: string; title: string }[] };
}

/** The codes of a refused answer, which the page shows under the fields instead of a page of their own. */
export const FIELD_ERROR_CODES = ["REQUIRED_FIELD_MISSING", "INVALID_FIELD_VALUE", "INVALID_OPTION"] as const;

/**
 * The path the public form redirects to for an error code (spec 1 §8), relative to the
 * form's base `/d/e/{form_id}`; `undefined` when the code has no page of its own.
 */
export function errorPagePath(formId: string, code: string, pageQuery?: unknown): string | undefined {
  // Only public codes have pages; looking there keeps the rest of the catalogue out of the form's bundle.
  const entry: ErrorPageEntry | undefined = isPublicErrorCode(code) ? PUBLIC_ERROR_PAGES[code] : undefined;
  if (!entry?.page) return undefined;
  const extra = pageQueryOf(pageQuery);
  return formPagePath(formId, entry.page, extra ? { ...extra, ...entry.query } : entry.query);
}

/** `page_query` as it may arrive from JSON: string values only, at most a few short ones. */
function pageQueryOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "" && e[1].length <= 200).slice(0, 8);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
