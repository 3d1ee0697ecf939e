/**
 * Answers as logic values. The browser reads the strings its inputs would post, the server
 * the strings that were posted; both go through core's `parseFieldValue` (leniently: an
 * answer that would not be accepted is null here), so an expression sees the same value on
 * both sides: numbers for number fields, true/false for checkboxes, lists for checkboxes
 * and multiple selects, texts otherwise, null for anything empty.
 */
import { parseFieldValue, toRawValues, type ColumnValue, type ParseContext } from "../field-value";
import type { FormField, JsonValue } from "../form-model";
import type { LogicValue } from "./evaluate";

type ValueField = Pick<FormField, "name" | "type" | "pattern" | "min" | "max" | "step" | "multiple" | "options">;

/** A stored or parsed answer as a logic value: "" and [] are null. */
export function toLogicValue(value: ColumnValue | JsonValue | undefined): LogicValue {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    // A list of texts or numbers; anything else inside is dropped.
    const items = (value as readonly unknown[]).filter((v): v is string | number => typeof v === "string" || typeof v === "number");
    return items.length ? items : null;
  }
  return null;
}

/** The value a field's column would hold for these raw strings, or null when it would be refused. */
export function readLogicValue(field: ValueField, raw: readonly string[], ctx: ParseContext = {}): LogicValue {
  const result = parseFieldValue({ ...field, required: false }, raw, ctx);
  return result.ok ? toLogicValue(result.value) : null;
}

/** Field name → answer, for the strings each field would post (`rawOf`). */
export function answersScope(
  fields: readonly ValueField[], rawOf: (field: ValueField) => readonly string[], ctx: ParseContext = {},
): Map<string, LogicValue> {
  return new Map(fields.map((field) => [field.name, readLogicValue(field, rawOf(field), ctx)]));
}

/**
 * What a field's column stores for a computed value: the value read by the field's own rules
 * (a number into a text field is its text, `true` into a checkbox is checked); a value the
 * field would refuse (a list into a single choice, a word into a number) is null.
 */
export function computedColumnValue(field: ValueField, value: LogicValue): ColumnValue {
  const raw = toRawValues(value);
  if (!raw) return null;
  const result = parseFieldValue({ ...field, required: false }, raw);
  if (!result.ok) return null;
  return Array.isArray(result.value) && result.value.length === 0 ? null : result.value;
}
