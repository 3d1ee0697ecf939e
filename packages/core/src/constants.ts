/**
 * Names and limits shared by the public form and the server (spec 1 §9); the embed script's are in
 * embed-messages.ts, the workbench's (CSRF header, copy and search-box timings) in workbench-constants.ts.
 */

/** The fixed product prefix of request and cookie names. */
export const PARAM_PREFIX = "__fw_";

export const PARAM = {
  session: "__fw_session",
  utc_offset: "__fw_utc_offset",
  visitor_id: "__fw_fingerprintjs_visitorid",
  customer_uuid: "__fw_customer_uuid",
  /** The form revision the page was rendered from: a submit from an older one may be outdated. */
  revision: "__fw_revision",
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
