/**
 * Initial values of fields: `preload.default_values` (by field name) first, then a URL
 * parameter of the same name (how hidden fields are usually filled). Inputs stay
 * uncontrolled; these only feed `defaultValue` / `defaultChecked`.
 */
import type { FormField, JsonValue } from "@fieldwork/core";

export type Prefill = (field: Pick<FormField, "name">) => JsonValue | undefined;

export function prefillFrom(default_values: Record<string, JsonValue>, query: Record<string, string>): Prefill {
  return (field) => {
    if (Object.hasOwn(default_values, field.name)) return default_values[field.name];
    if (Object.hasOwn(query, field.name)) return query[field.name];
    return undefined;
  };
}

/** A single text value for a plain input, or undefined for none. */
export function textDefault(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length > 0 ? textDefault(value[0]) : undefined;
  return undefined;
}

/** The list of chosen option values for checkboxes or a multiple select. */
export function listDefault(value: JsonValue | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === "string" || typeof v === "number" ? [String(v)] : []));
  const text = textDefault(value);
  return text === undefined ? [] : [text];
}

const TRUE_WORDS = new Set(["on", "true", "1", "yes"]);

/** Whether a checkbox, switch or toggle starts checked. */
export function booleanDefault(value: JsonValue | undefined): boolean {
  if (value === true) return true;
  if (typeof value === "number") return value !== 0;
  return typeof value === "string" && TRUE_WORDS.has(value.toLowerCase());
}
