/**
 * The error catalogue: every error the server answers with, and how the public form reacts
 * to a load error (spec 1 §8). The browser and the server both read it from here.
 */
import type { FieldError } from "./field-messages";
import { LIMITS } from "./limits";
import { formPagePath } from "./public-urls";
// The rest of the catalogue (the workbench's and the Data API's codes) is in error-catalogue.ts,
// so the public form's bundle carries only the codes a visitor can meet.
// No import of a module with zod schemas here: the public form's bundle takes this catalogue.

export type FormPage =
  | "developererror" | "badrequest" | "formclosed" | "alreadyresponded" | "formsoldout"
  | "formoptionsoldout" | "complete" | "outdated";

export interface ErrorEntry {
  status: number;
  message: string;
  /** Where the public form goes when a load (or a submit) fails with this code. */
  page?: FormPage;
  query?: Record<string, string>;
}

const closed = { page: "formclosed", query: { oops: "FORM_CLOSED_WHILE_RESPONDING" } } as const;

/** The codes a visitor of the public form can meet: the respondent bundle carries only these. */
export const PUBLIC_ERRORS = {
  INTERNAL_SERVER_ERROR: { status: 500, message: "Something went wrong on our side.", page: "developererror" },
  MISSING_REQUIRED_HIDDEN_FIELDS: {
    status: 400, message: "Required hidden fields were not supplied.", page: "badrequest",
    query: { error: "MISSING_REQUIRED_HIDDEN_FIELDS" },
  },
  UNKNOWN_FIELDS_NOT_ALLOWED: {
    status: 400, message: "The form does not accept fields it does not define.", page: "badrequest",
    query: { error: "UNKNOWN_FIELDS_NOT_ALLOWED" },
  },
  FORM_FORCE_CLOSED: { status: 403, message: "This form is closed.", ...closed },
  FORM_CLOSED_WHILE_RESPONDING: { status: 403, message: "This form closed while you were responding.", ...closed },
  FORM_RESPONSE_LIMIT_REACHED: { status: 403, message: "This form has reached its response limit.", ...closed },
  FORM_SCHEDULE_NOT_IN_RANGE: {
    status: 403, message: "This form is not open at this time.", page: "formclosed",
    query: { oops: "FORM_SCHEDULE_NOT_IN_RANGE" },
  },
  FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED: {
    status: 403, message: "You have already responded to this form.", page: "alreadyresponded",
  },
  FORM_SOLD_OUT: { status: 409, message: "This form is sold out.", page: "formsoldout" },
  FORM_OPTION_UNAVAILABLE: { status: 409, message: "A chosen option is sold out.", page: "formoptionsoldout" },
  /** A submit made from an older revision of the form whose answers do not fit the current one (spec 1 §2.2). */
  FORM_SCHEMA_OUTDATED: { status: 409, message: "The document version is outdated.", page: "outdated" },

  FORM_NOT_FOUND: { status: 404, message: "Form not found." },
  SESSION_NOT_FOUND: { status: 404, message: "Session not found." },
  FIELD_NOT_FOUND: { status: 404, message: "Field not found." },
  NOT_FOUND: { status: 404, message: "Not found." },
  REQUIRED_FIELD_MISSING: { status: 400, message: "A required field is empty.", page: "badrequest", query: { error: "REQUIRED_FIELD_MISSING" } },
  INVALID_FIELD_VALUE: { status: 400, message: "A field value has the wrong shape.", page: "badrequest", query: { error: "INVALID_FIELD_VALUE" } },
  INVALID_OPTION: { status: 400, message: "A chosen option does not exist.", page: "badrequest", query: { error: "INVALID_OPTION" } },
  MALFORMED_REQUEST: { status: 400, message: "The request could not be read.", page: "badrequest", query: { error: "MALFORMED_REQUEST" } },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large.", page: "badrequest", query: { error: "PAYLOAD_TOO_LARGE" } },
  UPLOAD_PATH_NOT_ALLOWED: {
    status: 403, message: "This file was not uploaded for this field in this session.", page: "badrequest", query: { error: "UPLOAD_PATH_NOT_ALLOWED" },
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "The request must be multipart/form-data or urlencoded." },
  RATE_LIMITED: { status: 429, message: "Too many requests from your address. Wait a moment and try again." },
  INVALID_TEXT: { status: 400, message: "Text may not contain NUL bytes or unpaired surrogates." },
  NESTED_TOO_DEEP: { status: 400, message: "The request nests deeper than Fieldwork accepts." },
  SESSION_ANSWERS_TOO_LARGE: {
    status: 413,
    message: `A session keeps at most ${LIMITS.session_partial_bytes / 1024 / 1024} MB of partial answers; this one was not saved. The submit still takes every value.`,
  },
  FORM_PARTIAL_ANSWERS_FULL: {
    status: 409,
    message: "This form keeps no more partial answers until older unsubmitted sessions expire. The submit still takes every value.",
  },
} as const satisfies Record<string, ErrorEntry>;


export type PublicErrorCode = keyof typeof PUBLIC_ERRORS;

export function isPublicErrorCode(value: unknown): value is PublicErrorCode {
  return typeof value === "string" && Object.hasOwn(PUBLIC_ERRORS, value);
}

/** Facts an error carries for the caller to act on. */
export interface ErrorDetails {
  /** REVISION_CONFLICT: the form's revision now; reload from it. */
  current_revision?: number;
  /** FIELD_TYPE_CHANGE_REFUSED: `local_index` of (some of) the rows that would not convert. */
  rows?: number[];
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
}

/** The codes of a refused answer, which the page shows under the fields instead of a page of their own. */
export const FIELD_ERROR_CODES = ["REQUIRED_FIELD_MISSING", "INVALID_FIELD_VALUE", "INVALID_OPTION"] as const;

/**
 * The path the public form redirects to for an error code (spec 1 §8), relative to the
 * form's base `/d/e/{form_id}`; `undefined` when the code has no page of its own.
 */
export function errorPagePath(formId: string, code: string, pageQuery?: unknown): string | undefined {
  // Only public codes have pages; looking there keeps the rest of the catalogue out of the form's bundle.
  const entry: ErrorEntry | undefined = isPublicErrorCode(code) ? PUBLIC_ERRORS[code] : undefined;
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
