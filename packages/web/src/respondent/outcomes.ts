/**
 * What the form does with the server's answers, as pure functions: the load answer
 * (spec 1 §4.2, §8). The submit answer is read by submit-outcome.ts, loaded with the first
 * submit. The view only carries the outcome out.
 */
import { errorPagePath, isPublicErrorCode, type FormPreload } from "@fieldwork/core";
import { isRecord } from "./api";
import type { BadgeError } from "./form-state";

export type LoadOutcome =
  | { kind: "ready"; preload: FormPreload }
  | { kind: "redirect"; url: string }
  | { kind: "notfound" };

/** The error page for a code, when the catalogue gives it one. */
export function errorRedirect(form_id: string, code: unknown, pageQuery?: unknown): string | undefined {
  return isPublicErrorCode(code) ? errorPagePath(form_id, code, pageQuery) : undefined;
}

/**
 * A load error: its page, or the not-found state (spec 1 §8: "A load call that fails
 * outright shows a not-found page").
 */
export function loadErrorOutcome(form_id: string, code: unknown, pageQuery?: unknown): LoadOutcome {
  const url = errorRedirect(form_id, code, pageQuery);
  return url ? { kind: "redirect", url } : { kind: "notfound" };
}

/** Reads `GET /v1/{form_id}`: the preload (wrapped in `data` or not), or an error. */
export function loadOutcome(form_id: string, body: unknown): LoadOutcome {
  if (!isRecord(body)) return { kind: "notfound" };
  const preload = isRecord(body.data) ? body.data : typeof body.form_id === "string" ? body : null;
  const error = (preload && isRecord(preload.error) ? preload.error : null) ?? (isRecord(body.error) ? body.error : null);
  if (error) return loadErrorOutcome(form_id, error.code, error.page_query);
  if (preload && typeof preload.form_id === "string" && Array.isArray(preload.blocks)) {
    return { kind: "ready", preload: preload as unknown as FormPreload };
  }
  return { kind: "notfound" };
}

/** No answer at all: the badge says the catalogue's sentence for the code (error-badge.tsx). */
export const NETWORK_ERROR: BadgeError = { code: "INTERNAL_SERVER_ERROR", message: "" };

/**
 * The badge of a refused native submit the server answered with the form again, or null. The
 * server wrote it into the page itself, so it is taken as it is (an answer read over the
 * network goes through `badgeError`, submit-outcome.ts).
 */
export function refusedSubmitBadge(preload: Pick<FormPreload, "submit_error">): BadgeError | null {
  const refusal = preload.submit_error;
  if (!refusal) return null;
  const { code, message, fields, field_errors } = refusal;
  return { code, message, ...(fields?.length ? { fields } : {}), ...(field_errors?.length ? { field_errors } : {}) };
}
