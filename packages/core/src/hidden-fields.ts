/**
 * Required hidden fields (spec 1 §5, spec 2 §5): a field of type `hidden` marked required must
 * be supplied by a URL parameter or the embed SDK. The load and the submit both refuse a form
 * without one with MISSING_REQUIRED_HIDDEN_FIELDS naming them, by this one rule.
 */
import type { FormField } from "./form-model";

/** Names of the required hidden fields whose value is missing or empty. */
export function missingRequiredHiddenFields(fields: readonly Pick<FormField, "name" | "type" | "required">[], valueOf: (name: string) => unknown): string[] {
  return fields
    .filter((f) => f.type === "hidden" && f.required && isEmpty(valueOf(f.name)))
    .map((f) => f.name);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}
