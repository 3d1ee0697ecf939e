/**
 * Reading the answer of `POST /submit/{form_id}` (spec 1 §4.1), as pure functions. Loaded
 * with the first submit (submit-answer.ts), not with the page: the public form's first load
 * carries only what a visitor needs before submitting.
 */
import {
  completePath, errorPagePath, FIELD_ERROR_CODES, isPublicErrorCode, PUBLIC_ERROR_PAGES, safeUrlOrUndefined,
  type ErrorPageEntry, type FieldError,
} from "@fieldwork/core";
import { isRecord } from "./api";
import type { BadgeError } from "./form-state";
import { NETWORK_ERROR } from "./outcomes";

export type SubmitOutcome =
  | { kind: "complete"; redirect: string }
  | { kind: "redirect"; url: string }
  | { kind: "badge"; error: BadgeError };

const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

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
