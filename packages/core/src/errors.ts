/**
 * The error catalogue: every error the server answers with, and how the public form reacts
 * to a load error (spec 1 §8). The browser and the server both read it from here.
 */
import type { FieldError } from "./field-messages";
import { LIMITS } from "./limits";
import { formPagePath } from "./public-urls";
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

export const ERROR_CATALOGUE = {
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

  INVALID_FORM_DEFINITION: { status: 400, message: "The form definition is not valid." },
  FIELD_NAME_INVALID: { status: 400, message: "Field names are lowercase letters, digits and underscores, starting with a letter." },
  FIELD_NAME_RESERVED: { status: 400, message: "This field name is reserved for a system column." },
  FIELD_NAME_TAKEN: { status: 409, message: "Another field of this form has this name." },
  FIELD_TYPE_NOT_SUPPORTED: { status: 400, message: "This field type is not supported yet." },
  TOO_MANY_FIELDS: { status: 400, message: `A form has at most ${LIMITS.fields_per_form} fields.` },
  PATTERN_NOT_SUPPORTED: {
    status: 400,
    message: "This pattern cannot be checked in linear time: backreferences, lookaround and repeats over 1000 are not supported.",
  },
  URL_NOT_ALLOWED: { status: 400, message: "Use an http: or https: address, or a path on this site." },
  INVALID_EXPRESSION: { status: 400, message: "An expression could not be read, or names a field the form does not have." },
  UNSUPPORTED_DOCTYPE: { status: 400, message: "Unsupported doctype." },

  UNAUTHORIZED: { status: 401, message: "Sign in, or send a project API key." },
  FORBIDDEN: { status: 403, message: "Your role does not allow this." },
  CSRF_TOKEN_INVALID: { status: 403, message: "The request's CSRF token is missing or wrong. Reload the page and try again." },
  NAME_INVALID: { status: 400, message: "Use 2–39 lowercase letters, digits and dashes." },
  NAME_TAKEN: { status: 409, message: "This name is already taken." },
  USER_NOT_FOUND: { status: 404, message: "No account has this email address." },
  LAST_OWNER: { status: 409, message: "An organization keeps at least one owner." },
  INVALID_PASSWORD: { status: 400, message: "That is not your password." },
  SIGN_IN_LOCKED: { status: 429, message: "Too many failed sign-ins for this account. Wait before trying again." },
  REVISION_CONFLICT: {
    status: 409,
    message: "Someone else changed this form since you loaded it. Reload to see their changes; yours were not saved.",
  },
  BLOCK_NOT_FOUND: { status: 404, message: "Block not found." },
  BLOCK_OUTSIDE_SECTION: { status: 400, message: "When a form has sections, every block belongs to one." },
  FIELD_ALREADY_PLACED: { status: 409, message: "Another block already shows this field." },
  FIELD_TYPE_CHANGE_REFUSED: { status: 409, message: "Some answers cannot be converted to the new type." },
  QUERY_INVALID: { status: 400, message: "The query could not be read." },
  QUERY_TOO_LARGE: {
    status: 400,
    message: `A query has at most ${LIMITS.query_conditions} conditions, ${LIMITS.query_in_values} values in one in.(…) and ${LIMITS.query_group_depth} levels of groups.`,
  },
  QUERY_TIMEOUT: {
    status: 400,
    message: "The query took too long and was stopped. Narrow it with filters on indexed columns, or search through __fw_search.",
  },
  TEXT_SEARCH_NOT_INDEXED: {
    status: 400,
    message: "Full-text filters (fts, plfts, phfts, wfts) apply only to an indexed search column: use __fw_search, or ilike for a pattern.",
  },
  TOO_MANY_EXPORTS: { status: 429, message: "Too many exports are running. Wait for one to finish and try again." },
  TOO_MANY_STREAMS: { status: 429, message: "Too many change streams are open for this member or API key. Close a tab and try again." },
  API_RATE_LIMITED: { status: 429, message: "Too many requests from this member or API key. Wait a moment and try again." },
  COLUMN_NOT_FOUND: { status: 400, message: "The table has no such column." },
  OPERATOR_NOT_ALLOWED: { status: 400, message: "This operator does not apply to this column." },
  INVALID_FILTER_VALUE: { status: 400, message: "A filter value does not fit its column." },
  RANGE_NOT_SATISFIABLE: { status: 416, message: "The requested range starts after the last row." },
  NOT_SINGLE_ROW: { status: 406, message: "One row was requested, but the result has none or several." },
  FILTER_REQUIRED: { status: 400, message: "Updates and deletes need at least one filter; to change every row, filter on id=not.is.null." },
  DUPLICATE_KEY: { status: 409, message: "A row with this key exists; send Prefer: resolution=merge-duplicates to update it." },
  READ_ONLY_TABLE: { status: 405, message: "This table is read only." },
  COLUMN_READ_ONLY: { status: 400, message: "This column is written by Fieldwork and cannot be set." },
  STORE_NOT_FOUND: { status: 404, message: "Store not found." },
  STORE_NOT_CONNECTED: { status: 409, message: "Connect a store to this form before tracking inventory." },
  INVENTORY_NOT_SUPPORTED: { status: 400, message: "Only fields with options can track inventory." },
  INVENTORY_TRACKING_LOCKED: { status: 409, message: "Inventory tracking cannot be turned off once on." },
  INVENTORY_ITEM_NOT_FOUND: { status: 404, message: "This option's inventory is not tracked." },
  INVALID_INVENTORY_LEVEL: { status: 400, message: "Inventory levels are whole numbers from 0 up." },
  INVITATION_NOT_FOUND: { status: 404, message: "This invitation link is invalid, already used or expired. Ask an owner for a new one." },
  WEBHOOK_URL_INVALID: { status: 400, message: "Use an http: or https: URL without a user name or password." },
  WEBHOOK_URL_PRIVATE: {
    status: 400,
    message: "This URL points to a private, loopback or link-local address. Webhooks go to public addresses unless the server sets WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.",
  },
  TOO_MANY_WEBHOOKS: { status: 409, message: `A form has at most ${LIMITS.webhooks_per_form} webhooks.` },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
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

/** The error shape every API answer carries in `error`. */
export interface ApiError extends ErrorDetails {
  code: ErrorCode;
  message: string;
  /** Names of the fields concerned, when the error is about fields. */
  fields?: string[];
}

export class FieldworkError extends Error {
  readonly code: ErrorCode;
  readonly fields: string[] | undefined;
  readonly details: ErrorDetails;
  constructor(code: ErrorCode, detail?: string, fields?: string[], details: ErrorDetails = {}) {
    super(detail ?? ERROR_CATALOGUE[code].message);
    this.name = "FieldworkError";
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
  toJSON(): ApiError {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...this.details };
  }
}

/**
 * The path the public form redirects to for an error code (spec 1 §8), relative to the
 * form's base `/d/e/{form_id}`; `undefined` when the code has no page of its own.
 */
export function errorPagePath(formId: string, code: ErrorCode, pageQuery?: unknown): string | undefined {
  const entry: ErrorEntry = ERROR_CATALOGUE[code];
  if (!entry.page) return undefined;
  const extra = pageQueryOf(pageQuery);
  return formPagePath(formId, entry.page, extra ? { ...extra, ...entry.query } : entry.query);
}

/** `page_query` as it may arrive from JSON: string values only, at most a few short ones. */
function pageQueryOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "" && e[1].length <= 200).slice(0, 8);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
