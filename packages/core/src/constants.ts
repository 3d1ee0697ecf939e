/** Names and limits shared by the public form, the server and the embed script (spec 1 §9). */

/** The fixed product prefix of request and cookie names. */
export const PARAM_PREFIX = "__fw_";

export const PARAM = {
  session: "__fw_session",
  utc_offset: "__fw_utc_offset",
  visitor_id: "__fw_fingerprintjs_visitorid",
  customer_uuid: "__fw_customer_uuid",
  /** The form revision the page was rendered from: a submit from an older one may be outdated. */
  revision: "__fw_revision",
  /** The embedding page's origin, named by the embed script (embed-messages.ts `parentOrigin`). */
  embed_origin: "__fw_embed_origin",
} as const;

export const HEADER = {
  geo_latitude: "x-fw-geo-latitude",
  geo_longitude: "x-fw-geo-longitude",
  geo_city: "x-fw-geo-city",
  geo_region: "x-fw-geo-region",
  geo_country: "x-fw-geo-country",
  simulator: "x-fw-simulator",
} as const;

/** Field value sync debounce (spec 1 §9). */
export const FIELD_SYNC_DEBOUNCE_MS = 300;

/** Largest multipart body accepted by POST /submit. */
export const SUBMIT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
/** Largest multipart upload per file (spec 1 §5). */
export const MULTIPART_FILE_LIMIT_BYTES = 5_242_880;
export const SIGNED_URL_FILE_LIMIT_BYTES = 52_428_800;

export const DEFAULT_OPTGROUP_INDEX = -999;

export const MESSAGES = {
  form_invalid: "Please fill out the form correctly.",
} as const;

/** sessionStorage key holding a tab's session id for a form. */
export const sessionStorageKey = (formId: string) => `fieldwork/form/${formId}/session`;

/**
 * The namespace of window messages posted to an embedding page: the spec's "product-specific
 * namespace string for forms" for this product (docs/embedding.md).
 */
export const EMBED_NAMESPACE = "fieldwork.forms";

/** Events a form posts to the page that embeds it (spec 1 §7 "Embedding events"). */
export const EMBED_EVENT_TYPES = [
  "submit", "change", "form_view_loaded", "messaging_interface_ready", "hashchange", "popstate",
] as const;
export type EmbedEventType = (typeof EMBED_EVENT_TYPES)[number];

/** The header a signed-in workbench sends with every change: the CSRF token of its session. */
export const CSRF_HEADER = "x-fieldwork-csrf";
