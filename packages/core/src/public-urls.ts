/**
 * The public URLs of a form (spec 1 §2.1), built in one place: the form page, its status
 * pages, the submit action and the completion page. Paths are relative to the origin;
 * `publicFormUrl` adds PUBLIC_URL.
 */

/** `/d/e/{form_id}`. */
export const formPath = (formId: string): string => `/d/e/${encodeURIComponent(formId)}`;

/** `/d/e/{form_id}/{page}?query`: a status page (formclosed, complete, …). */
export function formPagePath(formId: string, page: string, query?: Record<string, string>): string {
  const search = query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : "";
  return `${formPath(formId)}/${page}${search}`;
}

/** Where a visitor lands after a response, numbered when the response's `local_index` is known. */
export const completePath = (formId: string, localIndex?: number): string =>
  formPagePath(formId, "complete", localIndex === undefined ? undefined : { response: String(localIndex) });

/** `/submit/{form_id}`: the form's action. */
export const submitPath = (formId: string): string => `/submit/${encodeURIComponent(formId)}`;

/** The form page's absolute URL under PUBLIC_URL (printed by the CLI, answered by imports). */
export const publicFormUrl = (publicUrl: string, formId: string): string => `${publicUrl.replace(/\/+$/, "")}${formPath(formId)}`;

/**
 * `/d/e/{form_id}/og.png?v={version}`: the form's share card (Open Graph image). The version
 * (`shareCardVersion`) changes with whatever the card draws, so the image may be cached for a year.
 */
export const formCardPath = (formId: string, version: string): string =>
  `${formPath(formId)}/og.png?v=${encodeURIComponent(version)}`;

/** The share card's absolute URL under PUBLIC_URL (the page's og:image). */
export const publicFormCardUrl = (publicUrl: string, formId: string, version: string): string =>
  `${publicUrl.replace(/\/+$/, "")}${formCardPath(formId, version)}`;

/** Path prefixes crawlers may read: the public form pages (with their share cards) and the assets they load. */
export const CRAWLABLE_PATHS = ["/d/e/", "/assets/"] as const;
/**
 * Path prefixes crawlers are told to leave: the APIs, the submit action and, last, everything
 * else (the workbench answers any other path). The longest matching rule wins (RFC 9309).
 */
export const UNCRAWLABLE_PATHS = ["/private/", "/api/", "/rest/", "/internal/", "/v1/", "/submit/", "/metrics", "/"] as const;

/** The server's `/robots.txt` (RFC 9309). */
export function robotsTxt(): string {
  return [
    "# Fieldwork: public forms may be crawled; the workbench and the APIs may not.",
    "User-agent: *",
    ...CRAWLABLE_PATHS.map((path) => `Allow: ${path}`),
    ...UNCRAWLABLE_PATHS.map((path) => `Disallow: ${path}`),
    "",
  ].join("\n");
}
