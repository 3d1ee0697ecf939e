/**
 * The field editor's rules (spec 2 §5), as the browser checks them while the owner types;
 * the server checks the same through the definition schema and `assertFieldName`. Messages
 * are the ones the field editor shows beside the input they concern.
 */
import { capabilityOf, type FieldType } from "../field-types";
import { SYSTEM_COLUMNS } from "../field-name";
import { patternProblem } from "../pattern";

export const FIELD_MESSAGES = {
  name_required: "Field name is required.",
  name_format: "Field name should be lowercase with underscores, starting with a letter.",
  name_reserved: "This name is reserved for a system column.",
  name_taken: "Another field of this form has this name.",
  option_value_required: "Option value is required.",
  option_value_taken: "Option values must be unique.",
  group_label_required: "Group label is required.",
  pattern_not_text: "Pattern applies only to text-like types.",
  range_not_numeric: "Step, Min and Max apply only to numeric types.",
  min_above_max: "Min must not be above Max.",
  not_requirable: "Checkboxes and ranges cannot be required.",
} as const;

/** Pre-filled defaults for a new field of a type (spec 2 §5 "Pre-filled defaults"). */
export const TYPE_DEFAULTS: Partial<Record<FieldType, { pattern?: string; placeholder?: string }>> = {
  tel: { pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", placeholder: "000-000-0000" },
  url: { pattern: "https?://.+", placeholder: "https://" },
  email: { placeholder: "you@example.com" },
};

export interface RuleInput {
  name: string;
  type: FieldType;
  required: boolean;
  pattern: string | null;
  step: number | null;
  min: number | string | null;
  max: number | string | null;
  options: { value: string }[];
  optgroups: { label: string }[];
}

export type FieldProblems = Partial<Record<"name" | "pattern" | "range" | "required" | "options" | "optgroups", string>>;

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** What is wrong with a field as the editor holds it; `otherNames` are the form's other fields. */
export function fieldProblems(field: RuleInput, otherNames: readonly string[]): FieldProblems {
  const cap = capabilityOf(field.type);
  const problems: FieldProblems = {};
  if (!field.name) problems.name = FIELD_MESSAGES.name_required;
  else if (!NAME.test(field.name)) problems.name = FIELD_MESSAGES.name_format;
  else if ((SYSTEM_COLUMNS as readonly string[]).includes(field.name) || field.name.startsWith("__fw_")) problems.name = FIELD_MESSAGES.name_reserved;
  else if (otherNames.includes(field.name)) problems.name = FIELD_MESSAGES.name_taken;

  if (field.pattern) problems.pattern = cap.pattern ? patternProblem(field.pattern) : FIELD_MESSAGES.pattern_not_text;
  const hasRange = field.step !== null || (field.min !== null && field.min !== "") || (field.max !== null && field.max !== "");
  if (hasRange && !cap.range) problems.range = FIELD_MESSAGES.range_not_numeric;
  else if (hasRange && field.min !== null && field.max !== null && field.min !== "" && field.max !== "") {
    const below = typeof field.min === "number" && typeof field.max === "number" ? field.min > field.max : String(field.min) > String(field.max);
    if (below) problems.range = FIELD_MESSAGES.min_above_max;
  }
  if (field.required && !cap.requirable) problems.required = FIELD_MESSAGES.not_requirable;

  if (cap.options) {
    const values = field.options.map((o) => o.value);
    if (values.some((v) => !v.trim())) problems.options = FIELD_MESSAGES.option_value_required;
    else if (new Set(values).size !== values.length) problems.options = FIELD_MESSAGES.option_value_taken;
    if (field.optgroups.some((g) => !g.label.trim())) problems.optgroups = FIELD_MESSAGES.group_label_required;
  }
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v)) as FieldProblems;
}

/** `value` made unique among `taken` by a numeric suffix (spec 2 §5 "Option values are made unique"). */
export function uniqueValue(value: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(value)) return value;
  for (let n = 2; ; n++) if (!used.has(`${value}_${n}`)) return `${value}_${n}`;
}

/** A new option: value `option_N` and label `Option N`, N the first number not taken. */
export function newOption(existing: readonly { value: string }[]): { value: string; label: string } {
  const used = new Set(existing.map((o) => o.value));
  let n = existing.length + 1;
  while (used.has(`option_${n}`)) n++;
  return { value: `option_${n}`, label: `Option ${n}` };
}

/** "Add Multiple": one value per line, blank lines and duplicates (also of existing options) ignored. */
export function optionsFromLines(text: string, existing: readonly { value: string }[]): { value: string; label: string }[] {
  const seen = new Set(existing.map((o) => o.value));
  const out: { value: string; label: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const value = line.trim();
    if (!value || seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: value });
  }
  return out;
}
