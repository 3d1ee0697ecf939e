/**
 * The sizes Fieldwork accepts for what owners save and visitors send (docs/form-format.md
 * "Limits"). Every limit is checked on the server; the editor and the public form read the
 * same numbers for their comfort checks; those the public form's first load reads come from
 * form-limits.ts, so that load does not carry this whole object.
 */
import { ARRAY_ITEMS, JSON_DEPTH, LABEL_LENGTH, SKETCH_LAYERS, URL_LENGTH } from "./form-limits";

export const LIMITS = {
  /** Webhooks of one form. */
  webhooks_per_form: 20,
  /** Fields of one form. Postgres allows 1,600 columns per table, counting dropped ones, and
   * a row of 300 out-of-line values still fits one 8 KB page. */
  fields_per_form: 300,
  /** Blocks of one form, all levels together. */
  blocks_per_form: 1_000,
  /** How deep blocks nest: a section holding a group holding a group… */
  block_depth: 8,
  /** How deep any JSON a client sends may nest (definitions, start pages, request bodies). */
  json_depth: JSON_DEPTH,
  /** Options of one field, and optgroups of one field. */
  options_per_field: 1_000,
  optgroups_per_field: 100,
  /** Form and document titles, ending titles. */
  title_length: 256,
  /** A person's display name. */
  display_name_length: 80,
  /** Field labels, placeholders, help texts, option labels and values, optgroup labels. */
  label_length: LABEL_LENGTH,
  /** Owner HTML (titles, descriptions, html blocks, the ending body) and custom CSS. */
  html_length: 100_000,
  /** URLs owners save: redirects, image and media sources. */
  url_length: URL_LENGTH,
  /** A field's validation pattern. */
  pattern_length: 1_000,
  /** Any other short string an owner saves (autocomplete, accept, theme names, language). */
  short_text_length: 256,
  /** Any string stored from a request that is not one of the above (audit details, logs). */
  logged_text_length: 256,
  /** Data API reads: rows one request returns at most (Supabase's default "max rows"). */
  rest_max_rows: 1_000,
  /** Values of one `in.(…)` filter. */
  query_in_values: 1_000,
  /** Filters and groups of one query, all levels together. */
  query_conditions: 100,
  /** How deep `or=(…and(…or(…)))` groups nest. */
  query_group_depth: 8,
  /** Rows one Data API write (POST, upsert) may carry. */
  rest_write_rows: 1_000,
  /** Responses listed in the customer details side sheet, newest first. */
  customer_responses_shown: 50,
  /** Partial answers one unsubmitted session keeps, in bytes of their JSON (issue 19). */
  session_partial_bytes: 1024 * 1024,
  /** Partial answers all unsubmitted sessions of one form keep together, in bytes. */
  form_partial_bytes: 64 * 1024 * 1024,
  /** Instances of one array field (`is_array`) in one answer. */
  array_items: ARRAY_ITEMS,
  /** Layers of one canvas sketch answer. */
  sketch_layers: SKETCH_LAYERS,
  /**
   * Pay requests (Pay, confirm, complete, Toss's session and success) one server has in flight
   * for one form; more answer 429 PAYMENT_BUSY at once. Above the 200-buyer rush of
   * `bench:paid-drop` on one server, far below what would keep its pool and memory busy.
   */
  pay_in_flight_per_form: 256,
} as const;

/**
 * The largest request body each group of routes reads (Fastify's `bodyLimit`): past it the
 * answer is 413 PAYLOAD_TOO_LARGE before the body is parsed. Routes that need a caller
 * (private API, Data API, the CLI's endpoint) check it before reading any body at all.
 */
export const BODY_LIMIT_BYTES = {
  /** `PATCH /v1/session/…/field/…`: one field's partial value. A browser's keepalive fetch,
   * which the public form sends it with, carries 64 KiB at most. */
  session_field: 64 * 1024,
  /** `POST /submit/{form_id}`, multipart or urlencoded (SUBMIT_BODY_LIMIT_BYTES). */
  submit: 5 * 1024 * 1024,
  /** The private API and the Data API: a form definition, 1,000 rows. The app's default. */
  api: 5 * 1024 * 1024,
  /** `POST /internal/cli`: the CLI's commands through the server holding PGlite (an import). */
  cli: 16 * 1024 * 1024,
} as const;

/**
 * How much one caller may hold of the server at once (docs/ARCHITECTURE.md "Hostile input").
 * The server reads each from its environment variable (README "Environment"); these are the
 * defaults.
 */
export const LOAD_LIMITS = {
  /** QUERY_TIMEOUT_MS: one Data API or grid statement runs at most this long (PostgreSQL). */
  query_timeout_ms: 5_000,
  /** EXPORT_STALL_TIMEOUT_MS: an export whose client reads nothing for this long is cut. */
  export_stall_ms: 30_000,
  /** EXPORTS_PER_CALLER: exports one API key or member runs at once. */
  exports_per_caller: 2,
  /** EXPORTS_PER_SERVER: exports one server runs at once. */
  exports_per_server: 8,
  /** CHANGE_STREAMS_PER_MEMBER: open change streams (SSE) of one member or API key. */
  change_streams_per_member: 20,
  /** API_RATE_LIMIT_PER_MINUTE: private API and Data API requests of one member or API key per minute. */
  api_requests_per_minute: 3_000,
  /** Text pattern and full-text filters (like, ilike, match, imatch, fts…) in one query. */
  query_text_filters: 10,
} as const;

