/**
 * The English messages of the public codes (errors.ts `PUBLIC_ERROR_PAGES`): what the server
 * answers with, and the English of the visitor catalogue (i18n/en.ts). Apart from the pages so
 * the public form's bundle carries none of them: it shows the catalogue's sentences.
 */
import { PUBLIC_ERROR_PAGES, type ErrorPageEntry, type PublicErrorCode } from "./errors";
import { LIMITS } from "./limits";

export const PUBLIC_ERROR_MESSAGES = {
  INTERNAL_SERVER_ERROR: "Something went wrong on our side.",
  MISSING_REQUIRED_HIDDEN_FIELDS: "Required hidden fields were not supplied.",
  UNKNOWN_FIELDS_NOT_ALLOWED: "The form does not accept fields it does not define.",
  FORM_FORCE_CLOSED: "This form is closed.",
  FORM_CLOSED_WHILE_RESPONDING: "This form closed while you were responding.",
  FORM_RESPONSE_LIMIT_REACHED: "This form has reached its response limit.",
  FORM_SCHEDULE_NOT_IN_RANGE: "This form is not open at this time.",
  FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED: "You have already responded to this form.",
  FORM_SOLD_OUT: "This form is sold out.",
  FORM_OPTION_UNAVAILABLE: "A chosen option is sold out.",
  FORM_SCHEMA_OUTDATED: "The document version is outdated.",
  FORM_NOT_FOUND: "Form not found.",
  SESSION_NOT_FOUND: "Session not found.",
  FIELD_NOT_FOUND: "Field not found.",
  NOT_FOUND: "Not found.",
  REQUIRED_FIELD_MISSING: "A required field is empty.",
  INVALID_FIELD_VALUE: "A field value has the wrong shape.",
  INVALID_OPTION: "A chosen option does not exist.",
  MALFORMED_REQUEST: "The request could not be read.",
  PAYLOAD_TOO_LARGE: "The request body is too large.",
  UPLOAD_PATH_NOT_ALLOWED: "This file was not uploaded for this field in this session.",
  UNSUPPORTED_MEDIA_TYPE: "The request must be multipart/form-data or urlencoded.",
  RATE_LIMITED: "Too many requests from your address. Wait a moment and try again.",
  INVALID_TEXT: "Text may not contain NUL bytes or unpaired surrogates.",
  NESTED_TOO_DEEP: "The request nests deeper than Fieldwork accepts.",
  SESSION_ANSWERS_TOO_LARGE: `A session keeps at most ${LIMITS.session_partial_bytes / 1024 / 1024} MB of partial answers; this one was not saved. The submit still takes every value.`,
  FORM_PARTIAL_ANSWERS_FULL: "This form keeps no more partial answers until older unsubmitted sessions expire. The submit still takes every value.",
  PAYMENT_REQUIRED: "This form takes its answers with a payment: use Pay.",
  PAYMENT_DECLINED: "Your card was declined.",
  PAYMENT_SESSION_MISMATCH: "This payment belongs to another session.",
  PAYMENT_NOT_CONFIRMED: "The payment is not confirmed.",
  PAYMENT_PROVIDER_UNAVAILABLE: "The payment provider could not be reached. Nothing was charged; try again.",
  PAYMENT_BUSY: "Too many payments are being made on this form right now. Nothing was charged; wait a moment and press Pay again.",
} as const satisfies Record<PublicErrorCode, string>;

type PublicErrors = { readonly [K in PublicErrorCode]: (typeof PUBLIC_ERROR_PAGES)[K] & { readonly message: (typeof PUBLIC_ERROR_MESSAGES)[K] } };

/** The public codes with their messages: the server's catalogue (error-catalogue.ts) starts with them. */
export const PUBLIC_ERRORS = Object.fromEntries(
  (Object.entries(PUBLIC_ERROR_PAGES) as [PublicErrorCode, ErrorPageEntry][]).map(([code, entry]) => [code, { ...entry, message: PUBLIC_ERROR_MESSAGES[code] }]),
) as PublicErrors;
