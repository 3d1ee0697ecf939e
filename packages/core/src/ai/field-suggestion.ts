/**
 * AI field suggestions (spec 2 §7 `POST /private/editor/ai/schema`, spec 3 §2 "AI assist is
 * offered only when creating"): the request, the answer, and `normalizeSuggestion`, which
 * turns whatever a model (or the offline heuristic, field-heuristic.ts) produced into a field
 * the editor can apply. A model's output is hostile: it is read as unknown JSON, every key
 * is checked for its kind, texts are clipped, the type must be one the capability table
 * renders, options only go to types that take them, a pattern only where patterns apply and
 * only if it compiles in linear time, and the name is a valid, free column name.
 */
import { z } from "zod";
import { SYSTEM_COLUMNS, suggestFieldName } from "../field-name";
import { fieldTypeLabel } from "../field-type-labels";
import { capabilityOf, FIELD_TYPES, isFieldType, type FieldType } from "../field-types";
import { uniqueValue } from "../editor/field-rules";
import { LIMITS } from "../limits";
import { patternProblem } from "../pattern";
import { isStorableText, jsonTextTooDeep } from "../stored-text";

/** The sizes of a suggestion: short enough to read in the panel, far below the field's own limits. */
export const SUGGESTION_LIMITS = {
  /** The owner's description of the field they want. */
  description_length: 1_000,
  label_length: 200,
  placeholder_length: 200,
  help_text_length: 500,
  options: 50,
  optgroups: 10,
  option_length: 200,
  /** The model's answer read at most (characters); more is refused unread. */
  answer_length: 20_000,
  /** Fields of the form shown to the model as context. */
  context_fields: 50,
} as const;

/** `POST /private/editor/ai/schema`: what the owner asks. The form gives access and context. */
export const AiSchemaRequest = z.strictObject({
  form_id: z.uuid(),
  /** Empty: suggest from the form's context alone (its title and fields). */
  description: z.string().max(SUGGESTION_LIMITS.description_length).refine(isStorableText, "contains a NUL byte or an unpaired surrogate").default(""),
  /** The field being created, if already saved: left out of the context, so its placeholder name stays free. */
  field_id: z.uuid().nullable().default(null),
});
export type AiSchemaRequest = z.output<typeof AiSchemaRequest>;

export const SuggestedOption = z.object({ value: z.string(), label: z.string(), group: z.string().nullable() });

/** The field a suggestion proposes (spec 2 §7's keys), valid for the field editor as it is. */
export const FieldSuggestion = z.object({
  name: z.string(),
  label: z.string(),
  placeholder: z.string().nullable(),
  help_text: z.string().nullable(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  pattern: z.string().nullable(),
  options: z.array(SuggestedOption),
  optgroups: z.array(z.object({ label: z.string() })),
});
export type FieldSuggestion = z.output<typeof FieldSuggestion>;

/** The answer: the suggestion, and whether a model or the offline heuristic made it. */
export const AiSchemaAnswer = FieldSuggestion.extend({ source: z.enum(["ai", "heuristic"]) });
export type AiSchemaAnswer = z.output<typeof AiSchemaAnswer>;

/** What the form already holds: its title and fields (names must not clash). */
export interface SuggestionContext {
  title: string;
  fields: readonly { name: string; label: string | null; type: string }[];
}

/** Types a suggestion may propose: those the renderer draws in this release, less payment (its price and provider are the owner's to set). */
export const isSuggestibleType = (type: FieldType): boolean => capabilityOf(type).renderable && type !== "payment";

/** Words models use for types, mapped onto ours. */
const TYPE_ALIASES: Record<string, FieldType> = {
  string: "text", input: "text", short_text: "text", shorttext: "text", phone: "tel", telephone: "tel", mobile: "tel",
  long_text: "textarea", longtext: "textarea", paragraph: "textarea", multiline: "textarea",
  integer: "number", int: "number", float: "number", decimal: "number", numeric: "number",
  boolean: "switch", bool: "switch", yes_no: "switch", yesno: "switch",
  dropdown: "select", choice: "select", enum: "select", single_select: "select",
  multiselect: "checkboxes", multi_select: "checkboxes", multiple_choice: "checkboxes",
  datetime: "datetime-local", timestamp: "datetime-local", date_time: "datetime-local",
  slider: "range", rating: "range", scale: "range", link: "url", website: "url", mail: "email",
  upload: "file", attachment: "file", photo: "image", picture: "image", colour: "color",
};

/** A type named by a model, if it names one a suggestion may propose. */
export function typeFromText(value: unknown): FieldType | null {
  if (typeof value !== "string") return null;
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, "_");
  const direct = key.replace(/_/g, "-");
  // Own keys only: a model's "__proto__" or "constructor" must not read Object.prototype's.
  const type = isFieldType(direct) ? direct : isFieldType(key) ? key : Object.hasOwn(TYPE_ALIASES, key) ? TYPE_ALIASES[key] : undefined;
  return type && isSuggestibleType(type) ? type : null;
}

/** One line of clean text: control characters out, spaces folded, clipped to `max`. */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  const text = String(value).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g, " ")
    .replace(/\s+/g, " ").trim();
  if (!isStorableText(text)) return "";
  return text.length > max ? text.slice(0, /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max).trimEnd() : text;
}

/** The JSON object in a model's answer (bare, or in a ```json fence, or among words); null if none. */
export function jsonObjectOf(content: unknown): Record<string, unknown> | null {
  if (typeof content !== "string" || content.length > SUGGESTION_LIMITS.answer_length) return null;
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  const text = content.slice(start, end + 1);
  if (jsonTextTooDeep(text, 8)) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    // A model may wrap the field: {"field": {...}}.
    const inner = (value as Record<string, unknown>).field;
    return inner !== null && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : (value as Record<string, unknown>);
  } catch {
    return null;
  }
}

const RESERVED = [...SYSTEM_COLUMNS];

/** A valid column name from `wanted` (or the label), free among the form's fields and the system columns. */
export function freeFieldName(wanted: string, label: string, taken: readonly string[]): string {
  const base = suggestFieldName(wanted || label || "field").slice(0, 58).replace(/_+$/, "") || "field";
  return uniqueValue(base, [...taken, ...RESERVED]);
}

function optionsOf(raw: unknown, groups: readonly string[]): FieldSuggestion["options"] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: FieldSuggestion["options"] = [];
  for (const item of raw.slice(0, SUGGESTION_LIMITS.options * 2)) {
    const record: Record<string, unknown> = item !== null && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item };
    const label = cleanText(record.label ?? record.value, SUGGESTION_LIMITS.option_length);
    const value = cleanText(record.value ?? record.label, SUGGESTION_LIMITS.option_length) || label;
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const group = cleanText(record.group ?? record.optgroup, SUGGESTION_LIMITS.option_length);
    out.push({ value, label: label || value, group: groups.includes(group) ? group : null });
    if (out.length >= SUGGESTION_LIMITS.options) break;
  }
  return out;
}

function groupsOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const labels = raw.slice(0, SUGGESTION_LIMITS.optgroups * 2).map((g) =>
    cleanText(g !== null && typeof g === "object" ? (g as Record<string, unknown>).label : g, SUGGESTION_LIMITS.option_length));
  return [...new Set(labels.filter(Boolean))].slice(0, SUGGESTION_LIMITS.optgroups);
}

/**
 * A suggestion from untrusted data (a model's parsed JSON, or the heuristic's draft), or null
 * when it says nothing usable (no label, no name, no type). `taken` are the form's field names.
 */
export function normalizeSuggestion(raw: Record<string, unknown> | null, taken: readonly string[]): FieldSuggestion | null {
  if (!raw) return null;
  const label = cleanText(raw.label ?? raw.title ?? raw.question, SUGGESTION_LIMITS.label_length);
  const wantedName = cleanText(raw.name, LIMITS.short_text_length);
  const named = typeFromText(raw.type);
  if (!label && !wantedName && !named) return null;
  const groups = groupsOf(raw.optgroups);
  const rawOptions = optionsOf(raw.options, groups);
  const type: FieldType = named ?? (rawOptions.length ? "select" : "text");
  const cap = capabilityOf(type);
  const options = cap.options ? rawOptions : [];
  const used = new Set(options.map((o) => o.group));
  const pattern = cap.pattern ? cleanText(raw.pattern, LIMITS.pattern_length) : "";
  const placeholder = cleanText(raw.placeholder, SUGGESTION_LIMITS.placeholder_length);
  const help = cleanText(raw.help_text ?? raw.help ?? raw.description, SUGGESTION_LIMITS.help_text_length);
  return {
    name: freeFieldName(wantedName, label, taken),
    label: label || fieldTypeLabel(type),
    placeholder: cap.value === "text" && placeholder ? placeholder : null,
    help_text: help || null,
    type,
    required: raw.required === true && cap.requirable,
    pattern: pattern && !patternProblem(pattern) ? pattern : null,
    options,
    optgroups: cap.options ? groups.filter((g) => used.has(g)).map((label) => ({ label })) : [],
  };
}
