/**
 * What the Share, URL parameters and Customer identity pages derive from the form, as pure
 * functions: the hidden fields a link can fill, the values a visitor's link would carry, and
 * whether a typed customer id is one the server takes (a uuid v4, spec 2 §6).
 */
import { UUID_V4, type FormField } from "@fieldwork/core";

/** The form's hidden fields, required first, then by name: what URL parameters fill. */
export function hiddenFields(fields: readonly FormField[]): FormField[] {
  return fields
    .filter((field) => field.type === "hidden")
    .sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name));
}

/** The typed values of the fields still on the form (a renamed or deleted field's value is dropped). */
export function linkParams(fields: readonly Pick<FormField, "name">[], values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(fields.flatMap((field) => (values[field.name] ? [[field.name, values[field.name]!]] : [])));
}

/** Required hidden fields left empty: the link would answer MISSING_REQUIRED_HIDDEN_FIELDS. */
export function missingRequired(fields: readonly FormField[], values: Readonly<Record<string, string>>): string[] {
  return fields.filter((field) => field.required && !values[field.name]?.trim()).map((field) => field.name);
}

/** Why a typed customer id would be ignored, or null when the server takes it. */
export function customerIdProblem(text: string): string | null {
  if (text.trim() === "") return null;
  return UUID_V4.test(text.trim()) ? null : "A customer id is a UUID v4, like 3f0c8a2e-5b7d-4c1a-9e6f-2d8b7a1c0e94.";
}
