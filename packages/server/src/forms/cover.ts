/**
 * The start page (cover) of a public form: which preloads show it, and how an owner's start
 * page is cleaned before it is stored (the editor's writes and definition imports alike).
 */
import { readStartPage, type ErrorCode, type FormPreload, type JsonValue, type StartPage } from "@fieldwork/core";
import { sanitizeOwnerHtml } from "./owner-html";

/**
 * Closed forms still show their cover: template 005's banner, countdown and disabled Register
 * say when registration opens (or that it closed). Other load errors go to their page.
 */
const COVER_WITH_ERRORS = new Set<ErrorCode>(["FORM_FORCE_CLOSED", "FORM_SCHEDULE_NOT_IN_RANGE"]);

/** The start page to show before the form, or null: none, invalid (another schema version), or an error page instead. */
export function coverToShow(preload: Pick<FormPreload, "start_page" | "error">): StartPage | null {
  if (preload.error && !COVER_WITH_ERRORS.has(preload.error.code)) return null;
  const reading = readStartPage(preload.start_page);
  return reading.kind === "valid" ? reading.page : null;
}

/** A valid start page with its rich-text body cleaned by the owner-HTML allow-list; anything else as is. */
export function cleanStartPage(value: JsonValue): JsonValue {
  const reading = readStartPage(value);
  if (reading.kind !== "valid" || reading.page.template_id !== "005") return value;
  const { page } = reading;
  return { ...page, content: { ...page.content, body: sanitizeOwnerHtml(page.content.body) } };
}
