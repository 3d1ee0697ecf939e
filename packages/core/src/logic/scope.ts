/**
 * Answers as logic values, read from the strings a field posts (its inputs in the browser,
 * the posted entries on the server) by one light reader, so an expression sees the same
 * value on both sides: numbers for number and range fields, true/false for checkbox,
 * switch and toggle, the chosen option values (a list for checkboxes and multiple selects),
 * the text as typed otherwise (dates as `YYYY-MM-DD`, times as `HH:MM`), and null for
 * anything empty, for an option the field does not offer and for a number that is not one.
 * It checks no pattern or format: that is the submit's job (core field-value.ts), and keeps
 * the public form's bundle free of the RE2 matcher.
 */
import { capabilityOf, isMultiValued } from "../field-types";
import type { FormField, JsonValue } from "../form-model";
import { asNumber, type LogicValue } from "./evaluate";

export type LogicField = Pick<FormField, "name" | "type" | "multiple" | "options">;

const TRUE_WORDS = new Set(["on", "true", "1", "yes"]);
const FALSE_WORDS = new Set(["", "off", "false", "0", "no"]);

/** A stored or posted JSON answer as a logic value: "" and [] are null. */
export function toLogicValue(value: JsonValue | undefined): LogicValue {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    // A list of texts or numbers; anything else inside is dropped.
    const items = (value as readonly unknown[]).filter((v): v is string | number => typeof v === "string" || typeof v === "number");
    return items.length ? items : null;
  }
  return null;
}

function readBoolean(text: string): boolean | null {
  const word = text.toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : null;
}

/** The option value a text names (by value, or by option id), or undefined when not offered. */
function optionValue(field: LogicField, text: string): string | undefined {
  const option = field.options.find((o) => o.value === text) ?? field.options.find((o) => o.id === text);
  return option && !option.disabled ? option.value : undefined;
}

/** One field's answer as a logic value, from the strings it posts. */
export function readLogicValue(field: LogicField, raw: readonly string[]): LogicValue {
  const cap = capabilityOf(field.type);
  if (cap.value === "boolean") return readBoolean(raw.at(-1) ?? "");
  const texts = [...new Set(raw.filter((t) => t !== ""))];
  if (texts.length === 0) return null;
  let values: (string | number)[] = texts;
  if (cap.options) {
    const chosen = texts.map((t) => optionValue(field, t));
    if (chosen.some((v) => v === undefined)) return null;
    values = [...new Set(chosen as string[])];
  } else if (cap.value === "number") {
    // As a number input posts it: no spaces around.
    const numbers = texts.map((t) => (/\s/.test(t) ? undefined : asNumber(t)));
    if (numbers.some((n) => n === undefined)) return null;
    values = numbers as number[];
  }
  if (isMultiValued(field)) return values;
  return values.length === 1 ? values[0]! : null;
}

/** Field name → answer, for the strings each field would post (`rawOf`). */
export function answersScope(fields: readonly LogicField[], rawOf: (field: LogicField) => readonly string[]): Map<string, LogicValue> {
  return new Map(fields.map((field) => [field.name, readLogicValue(field, rawOf(field))]));
}

/** The strings a logic value would post (what a computed value is read back from). */
export function logicRawValues(value: LogicValue): string[] {
  if (value === null || value === false) return [];
  if (value === true) return ["on"];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/**
 * A computed value as the field itself would read it (what the page shows and expressions
 * see): a number into a text field is its text, `true` into a checkbox is checked, a word into
 * a number field or a value that is not one of a choice field's options is null.
 */
export const asFieldValue = (field: LogicField, value: LogicValue): LogicValue => readLogicValue(field, logicRawValues(value));
