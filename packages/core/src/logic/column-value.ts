/**
 * What a computed field's column stores: its value read by the field's full rules (core
 * `parseFieldValue`: formats, ranges, patterns), as a submitted answer would be; a value
 * they refuse (a word into a date field) is stored as null. Server only: the page shows the
 * value as `asFieldValue` reads it.
 */
import { parseFieldValue, type ColumnValue, type ParseContext } from "../field-value";
import type { FormField } from "../form-model";
import type { LogicValue } from "./evaluate";
import { logicRawValues } from "./scope";

type ColumnField = Pick<FormField, "name" | "type" | "pattern" | "min" | "max" | "step" | "multiple" | "options">;

export function computedColumnValue(field: ColumnField, value: LogicValue, ctx: ParseContext = {}): ColumnValue {
  const result = parseFieldValue({ ...field, required: false }, logicRawValues(value), ctx);
  if (!result.ok) return null;
  return Array.isArray(result.value) && result.value.length === 0 ? null : result.value;
}
