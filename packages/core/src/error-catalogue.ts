/**
 * The whole error catalogue: the public codes (errors.ts) and those of the workbench, the
 * private API and the Data API. The server and the workbench read it; the public form reads
 * only errors.ts.
 */
import { LIMITS } from "./limits";
import type { ErrorDetails, ErrorEntry } from "./errors";
import { PUBLIC_ERRORS } from "./public-errors";

export const ERROR_CATALOGUE = {
  ...PUBLIC_ERRORS,

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

  /** POST /webhooks/stripe whose Stripe-Signature does not hold for its body and STRIPE_WEBHOOK_SECRET. */
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: "The webhook's signature does not match its body." },

  /** POST …/responses/{row_id}/refund of a payment refunded already (a second click, a replay). */
  PAYMENT_ALREADY_REFUNDED: { status: 409, message: "This payment was refunded already." },
  /** POST …/responses/{row_id}/refund of a row that no completed payment paid for. */
  PAYMENT_NOT_FOUND: { status: 404, message: "No payment was made with this answer." },

  UNAUTHORIZED: { status: 401, message: "Sign in, or send a project API key." },
  FORBIDDEN: { status: 403, message: "Your role does not allow this." },
  METRICS_TOKEN_INVALID: { status: 401, message: "Send the metrics token (METRICS_TOKEN) as `Authorization: Bearer …`." },
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
  STORE_IN_USE: { status: 409, message: "Forms still use this store: unlink it from them (and their options from its products) first." },
  PRODUCT_NOT_FOUND: { status: 404, message: "Product not found." },
  PRODUCT_IN_USE: { status: 409, message: "A form option sells a value of this product: unlink it first." },
  PRODUCT_VALUE_LINKED: { status: 409, message: "Another form option already sells this value." },
  SKU_TAKEN: { status: 409, message: "Another item of this store has this SKU." },
  INVALID_PRICE: { status: 400, message: "Prices are whole numbers of minor units from 0 up." },
  INVALID_CURRENCY: { status: 400, message: "A currency is a 3-letter ISO 4217 code such as USD." },
  INVALID_SKU: { status: 400, message: "A SKU is 1 to 64 letters, digits, dots, dashes or underscores." },
  TOO_MANY_PRODUCTS: { status: 409, message: "A store holds at most 500 products." },
  INVITATION_NOT_FOUND: { status: 404, message: "This invitation link is invalid, already used or expired. Ask an owner for a new one." },
  WEBHOOK_URL_INVALID: { status: 400, message: "Use an http: or https: URL without a user name or password." },
  WEBHOOK_URL_PRIVATE: {
    status: 400,
    message: "This URL points to a private, loopback or link-local address. Webhooks go to public addresses unless the server sets WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.",
  },
  TOO_MANY_WEBHOOKS: { status: 409, message: `A form has at most ${LIMITS.webhooks_per_form} webhooks.` },
  // Files and storage (issue 21; server/src/storage/). Spec 1 §8's messages are exact.
  STORAGE_KEY_INVALID: {
    status: 400,
    message: "This file path is not allowed: it must be relative, without `..`, backslashes, control or percent-encoded characters, at most 1024 bytes with names of at most 255 bytes.",
  },
  STORAGE_TOKEN_INVALID: { status: 403, message: "This file link is invalid, expired, or made for another file or operation." },
  /** The message names the limit: `File is too large. Max size is 50MB` (fileTooLargeMessage). */
  STORAGE_OBJECT_TOO_LARGE: { status: 413, message: "File is too large. Max size is 50MB" },
  STORAGE_TYPE_NOT_ACCEPTED: { status: 415, message: "This type of file is not accepted here." },
  STORAGE_OBJECT_NOT_FOUND: { status: 404, message: "File not found." },
  STORAGE_NO_FILE: { status: 400, message: "No file provided" },
  STORAGE_NO_PATH: { status: 400, message: "No path provided" },
  STORAGE_UPLOAD_FAILED: { status: 502, message: "Failed to upload file" },
  STORAGE_UPLOAD_TIMEOUT: { status: 408, message: "The upload took too long and was stopped." },
  STORAGE_RANGE_NOT_SATISFIABLE: { status: 416, message: "The requested range is outside the file." },
  STORAGE_TRANSFORM_INVALID: {
    status: 400,
    message: "Image transforms take width and height from 1 to 4096, quality from 1 to 100, resize cover, contain, fill, inside or outside, and format webp, jpeg, png or avif.",
  },
  STORAGE_TRANSFORM_UNSUPPORTED: { status: 415, message: "Only images up to 100 megapixels can be resized or converted." },
  // Storage buckets (issue 21 item 9; spec 2 §5): a `v0_bucket` document's files.
  BUCKET_NOT_FOUND: { status: 404, message: "Bucket not found." },
  BUCKET_REQUIRED: { status: 400, message: "A bucket is required when storage is on." },
  BUCKET_NOT_PUBLIC: { status: 400, message: "A public bucket is required for richtext." },
  BUCKET_POLICY_MISMATCH: { status: 400, message: "This bucket's policy is not allowed here: a private policy disables public buckets." },
  // Schema documents (issue 24; spec 2 §7, spec 3 §2): tables of the owner's own (server/src/schemas/).
  TABLE_NAME_INVALID: { status: 400, message: "Table names are lowercase letters, digits and underscores, starting with a letter." },
  TABLE_NAME_TAKEN: { status: 409, message: "Another table of this project has this name." },
  COLUMN_NAME_INVALID: { status: 400, message: "Column names are lowercase letters, digits and underscores, starting with a letter." },
  COLUMN_NAME_TAKEN: { status: 409, message: "Another column of this table has this name." },
  ATTRIBUTE_INVALID: { status: 400, message: "This column definition is not valid." },
  REFERENCE_INVALID: { status: 400, message: "This reference does not point at a table and columns of this project." },
  CONFIRMATION_MISMATCH: { status: 400, message: "Type the table's name to confirm." },
  COLUMN_TYPE_CHANGE_REFUSED: { status: 409, message: "Some rows cannot be converted to the new type." },
  CONSTRAINT_REFUSED: { status: 409, message: "The rows of the table do not allow this change." },
  TABLE_REFERENCED: { status: 409, message: "Other columns reference this table or column; change them first." },
  FOREIGN_KEY_VIOLATION: { status: 409, message: "A value references a row that does not exist, or a row is still referenced." },
  // AI field suggestions (spec 2 §7 `POST /private/editor/ai/schema`; server/src/ai/).
  AI_SUGGESTION_FAILED: { status: 502, message: "The AI service did not answer with a usable field. Try again, or describe the field differently." },
  AI_SUGGESTION_TIMEOUT: { status: 504, message: "The AI service took too long to answer. Try again." },
  AI_RATE_LIMITED: { status: 429, message: "Too many field suggestions asked. Wait a moment and try again." },
  // External PostgreSQL / Supabase connections (issue 24 items 3-4; spec 2 §7; server/src/external/).
  CONNECTION_NOT_FOUND: { status: 404, message: "Connection not found." },
  LIVE_ROWS_UNAVAILABLE: { status: 409, message: "Live rows follow a table's own changes; a view or foreign table has none to follow. Refresh reads it again." },
  CONNECTION_URL_INVALID: {
    status: 400,
    message: "Give a postgres:// (or postgresql://) URL with a host, a database, a user and a password, or a Supabase project URL (https://<ref>.supabase.co), its service key and its database password.",
  },
  CONNECTION_AUTH_FAILED: { status: 400, message: "The database refused the user name or password." },
  CONNECTION_UNREACHABLE: { status: 400, message: "The database server could not be reached (wrong host or port, a firewall, or it is down)." },
  CONNECTION_SSL_FAILED: { status: 400, message: "The SSL handshake with the database failed: check sslmode and the server's certificate." },
  CONNECTION_DATABASE_MISSING: { status: 400, message: "The server has no database of that name." },
  CONNECTION_TIMEOUT: { status: 504, message: "The database did not answer in time." },
  CONNECTION_FAILED: { status: 502, message: "The connected database refused the statement." },
  CONNECTION_KEY_INVALID: { status: 500, message: "A stored connection cannot be read with the server's connection key (CONNECTION_KEY or SECRET_KEY changed): rotate it with `npm run cli -- connections rekey`." },
  SCHEMA_NOT_FOUND: { status: 404, message: "The connected database has no such schema." },
  FORM_MAPPING_INVALID: { status: 400, message: "The form's fields do not fit the table's columns." },
  FORM_TARGET_PAID: {
    status: 409,
    message: "A form that takes payments cannot write into a connected table: if the connected database refused an answer after its payment, the money and the answer would part. Remove the payment field, or keep this form's answers in its own table.",
  },
  // `fieldwork db backup` / `db restore` (CLI only; server/src/backup/).
  BACKUP_FILE_EXISTS: { status: 409, message: "The backup file already exists. Pass --force to replace it." },
  BACKUP_FILE_UNWRITABLE: { status: 400, message: "The backup file cannot be written there (missing directory, no permission, or no space)." },
  BACKUP_FILE_NOT_FOUND: { status: 404, message: "The backup file does not exist or cannot be read." },
  BACKUP_FILE_INVALID: {
    status: 400,
    message: "This is not a Fieldwork backup, or it is truncated or corrupt (its size or checksum does not match). Nothing was restored.",
  },
  BACKUP_BACKEND_MISMATCH: {
    status: 409,
    message: "The backup was made on the other backend (PGlite or PostgreSQL). Restore it with the same kind of database it was made from.",
  },
  BACKUP_FROM_NEWER_VERSION: {
    status: 409,
    message: "The backup was made by a newer Fieldwork (it holds migrations this version does not know). Upgrade Fieldwork, then restore.",
  },
  RESTORE_TARGET_NOT_EMPTY: { status: 409, message: "The target database is not empty. Pass --force to replace everything in it." },
  RESTORE_SERVER_RUNNING: { status: 409, message: "A Fieldwork server holds this DATA_DIR. Stop it before restoring." },
  PG_TOOL_MISSING: {
    status: 500,
    message: "pg_dump, pg_restore or psql was not found on PATH nor in `pg_config --bindir`. Install the PostgreSQL client tools.",
  },
  PG_TOOL_TOO_OLD: { status: 500, message: "The PostgreSQL client tools are older than the server. Install client tools of the server's major version or newer." },
  PG_TOOL_FAILED: { status: 500, message: "A PostgreSQL client tool failed; its message follows." },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

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

