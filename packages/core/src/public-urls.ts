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
