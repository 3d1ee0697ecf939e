/**
 * URLs that owners save and visitors are sent to. A browser runs `javascript:` (and
 * `data:`, `vbscript:`…) URLs in the page that follows them, on this origin; only web
 * addresses and paths on this site are accepted, checked when saved and again before use.
 */
import { URL_LENGTH } from "./form-limits";

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Whitespace, controls and backslashes: browsers strip or rewrite them while parsing. */
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029]/;
const BASE = "https://fieldwork.invalid/d/e/";

/**
 * True for an absolute `http:`/`https:` URL with a host and no credentials, or for a
 * relative reference that stays on this site (`/thanks`, `./done`, `?ok=1`).
 */
export function isSafeUrl(value: string | null | undefined): value is string {
  if (typeof value !== "string" || value === "" || value.length > URL_LENGTH || UNSAFE_CHARS.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!SCHEME.test(value)) return url.origin === new URL(BASE).origin;
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** The URL when it is safe to follow, else `undefined`. */
export function safeUrlOrUndefined(value: string | null | undefined): string | undefined {
  return isSafeUrl(value) ? value : undefined;
}
