/**
 * What the form does with the server's answers, as pure functions: the load answer
 * (spec 1 §4.2, §8) and the submit answer. The view only carries the outcome out.
 */
import {
  completePath, errorPagePath, FIELD_ERROR_CODES, isPublicErrorCode, PUBLIC_ERROR_PAGES, safeUrlOrUndefined,
  type ErrorPageEntry, type FieldError, type FormPreload,
} from "@fieldwork/core";
import { isRecord } from "./api";
import type { BadgeError } from "./form-state";

export type LoadOutcome =
  | { kind: "ready"; preload: FormPreload }
  | { kind: "redirect"; url: string }
  | { kind: "notfound" };

export type SubmitOutcome =
  | { kind: "complete"; redirect: string }
  | { kind: "redirect"; url: string }
  | { kind: "badge"; error: BadgeError };

const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

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
 * Reads `POST /submit/{form_id}`: success goes to `data.redirect`; an error whose catalogue
 * entry has a page of its own (other than badrequest) goes there; anything else is shown in
 * the error badge so the respondent can fix it and submit again.
 */
export function submitOutcome(form_id: string, body: unknown): SubmitOutcome {
  if (!isRecord(body)) return { kind: "badge", error: NETWORK_ERROR };
  if (isRecord(body.data) && typeof body.data.redirect === "string") {
    // Checked again before navigating: a `javascript:` URL would run on this origin.
    const redirect = safeUrlOrUndefined(body.data.redirect)
      ?? completePath(form_id, typeof body.data.local_index === "number" ? body.data.local_index : undefined);
    return { kind: "complete", redirect };
  }
  if (!isRecord(body.error)) return { kind: "badge", error: NETWORK_ERROR };
  const { code, page_query } = body.error;
  if (isPublicErrorCode(code)) {
    const { page }: ErrorPageEntry = PUBLIC_ERROR_PAGES[code];
    const url = errorPagePath(form_id, code, page_query);
    if (page && page !== "badrequest" && url) return { kind: "redirect", url };
  }
  return { kind: "badge", error: badgeError(body.error) };
}

/** An answer's `error` as the badge and the fields show it; unreadable parts are dropped. */
export function badgeError(value: Record<string, unknown>): BadgeError {
  const { code, message, fields, field_errors } = value;
  const codeText = typeof code === "string" ? code : NETWORK_ERROR.code;
  // A public code's message is the catalogue's, in the form's language (error-badge.tsx); the server's stands for any other.
  const error: BadgeError = { code: codeText, message: typeof message === "string" ? message : "" };
  const names = stringList(fields);
  if (names && names.length > 0) error.fields = names;
  const refusals = fieldErrorList(field_errors);
  if (refusals.length > 0) error.field_errors = refusals;
  return error;
}

const isFieldErrorCode = (v: unknown): v is FieldError["code"] => (FIELD_ERROR_CODES as readonly unknown[]).includes(v);

function fieldErrorList(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] =>
    isRecord(item) && typeof item.field === "string" && typeof item.message === "string" && isFieldErrorCode(item.code)
      ? [{ field: item.field, code: item.code, message: item.message }]
      : []);
}

/** The badge of a refused native submit the server answered with the form again, or null. */
export function refusedSubmitBadge(preload: Pick<FormPreload, "submit_error">): BadgeError | null {
  const refusal = preload.submit_error;
  return refusal ? badgeError({ ...refusal }) : null;
}
