/**
 * Native attributes of a field's input, from the capability table (spec 1 §5): required only
 * where the type can be required, pattern only for text-like types, min/max/step only for
 * ranged types. A locked field (in a section that is not current, or hidden) keeps its
 * value but loses its constraints, so the browser does not validate it.
 */
import { capabilityOf, type FormField } from "@fieldwork/core";

export interface ConstraintAttrs {
  required?: boolean;
  pattern?: string;
  min?: string;
  max?: string;
  step?: number | "any";
  /** The most characters the server keeps for this type (the capability table's `max_length`). */
  maxLength?: number;
}

type ConstraintField = Pick<FormField, "type" | "required" | "pattern" | "min" | "max" | "step">;

const bound = (value: number | string | null): string | undefined =>
  value === null || value === "" ? undefined : String(value);

function rangeAttrs(field: ConstraintField): ConstraintAttrs {
  const out: ConstraintAttrs = {};
  const min = bound(field.min);
  const max = bound(field.max);
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  if (field.step !== null && field.step > 0) out.step = field.step;
  else if (field.type === "number") out.step = "any"; // decimals are valid answers unless a step says otherwise
  return out;
}

export function constraintAttrs(field: ConstraintField, locked: boolean): ConstraintAttrs {
  const cap = capabilityOf(field.type);
  // A slider's bounds define its scale, not a check: without them the browser would clamp the value.
  if (field.type === "range") return rangeAttrs(field);
  if (locked) return {};
  const out: ConstraintAttrs = cap.range ? rangeAttrs(field) : {};
  if (field.required && cap.requirable) out.required = true;
  if (field.pattern && cap.pattern) out.pattern = field.pattern;
  if (cap.value === "text") out.maxLength = cap.max_length;
  return out;
}

/** Whether the label shows the required marker. */
export function showsRequired(field: Pick<FormField, "type" | "required">): boolean {
  return field.required && capabilityOf(field.type).requirable;
}

/** The DOM id of a field's input (field names are unique in a form). */
export const fieldDomId = (field: Pick<FormField, "name">): string => `fw-${field.name}`;
export const helpDomId = (field: Pick<FormField, "name">): string => `fw-${field.name}-help`;
export const errorDomId = (field: Pick<FormField, "name">): string => `fw-${field.name}-error`;

/**
 * `aria-describedby` and `aria-invalid` of a field's control: its help text, then the
 * message of a refused submit when there is one.
 */
export function describedBy(field: Pick<FormField, "name" | "help_text">, refused: boolean): {
  "aria-describedby"?: string;
  "aria-invalid"?: true;
} {
  const ids = [field.help_text ? helpDomId(field) : null, refused ? errorDomId(field) : null].filter(Boolean);
  return {
    ...(ids.length ? { "aria-describedby": ids.join(" ") } : {}),
    ...(refused ? { "aria-invalid": true as const } : {}),
  };
}
