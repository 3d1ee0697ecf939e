/**
 * Reading a submitted answer: the same rules on the server (authoritative) and in the
 * browser (comfort). A raw answer is the list of strings a form posts under a field's name.
 */
import { capabilityOf, isArrayField, isMultiValued, type ValueKind } from "./field-types";
import { structuredProblem } from "./answer-formats";
import { LIMITS } from "./limits";
import { maxFilesOf } from "./file-limits";
import type { FormField } from "./form-model";
import { problemMessage, type FieldError, type FieldProblem } from "./field-messages";
import { EN } from "./i18n/en";
import { problemReason } from "./field-reasons";
import { patternMatcher } from "./pattern";
import { isStorableText } from "./stored-text";
import { parseJsonAnswer, parseLatLng } from "./structured-value";

/** What goes into the field's column. */
export type ColumnValue = string | number | boolean | string[] | number[] | null;

export type ParseResult =
  | { ok: true; value: ColumnValue }
  | ParseFailure;

/**
 * A refused answer: `reason` for developers (after the field name), `message` for the
 * visitor (under the field), `problem` for code that words it otherwise (field-messages.ts).
 */
export interface ParseFailure extends FieldError {
  ok: false;
  reason: string;
  problem: FieldProblem;
}

/**
 * A failure for `field`: its code from the problem, its texts from field-messages.ts, the
 * visitor's in English (the submit words them again in the form's language: `problemMessage`).
 */
export function fieldFailure(field: Pick<FormField, "name" | "type">, problem: FieldProblem): ParseFailure {
  const code = problem.kind === "required" ? "REQUIRED_FIELD_MISSING"
    : problem.kind === "no_option" || problem.kind === "not_offered" ? "INVALID_OPTION" : "INVALID_FIELD_VALUE";
  return {
    ok: false, code, field: field.name, problem,
    reason: problemReason(field.type, problem), message: problemMessage(field.type, problem, EN),
  };
}

export interface ParseContext {
  /** Minutes east of UTC of the visitor's clock (the `__fw_utc_offset` input); UTC if absent. */
  utc_offset?: number | null;
  /**
   * The country codes a country field accepts (core's `COUNTRY_CODES`, which the server
   * passes). Without it any two-letter code passes: the public form's bundle carries no list.
   */
  countries?: ReadonlySet<string>;
}

type RuleField = Pick<
  FormField,
  "name" | "type" | "required" | "pattern" | "min" | "max" | "step" | "multiple" | "options"
> & { is_array?: boolean };

const TRUE_WORDS = new Set(["on", "true", "1", "yes"]);
const FALSE_WORDS = new Set(["", "off", "false", "0", "no"]);

const RE = {
  // The HTML "valid floating-point number", which is all a number input ever sends: no hex,
  // binary or octal notation, no padding, no Infinity.
  number: /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/,
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/,
  datetime: /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?)$/,
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  week: /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/,
  color: /^#[0-9a-fA-F]{6}$/,
  // The WHATWG "valid e-mail address" production, as browsers check type=email.
  email: /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
};

/** Turns any JSON-ish answer (a session PATCH body, a form post) into the raw string list. */
export function toRawValues(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [value];
  if (typeof value === "number" && Number.isFinite(value)) return [String(value)];
  if (typeof value === "boolean") return value ? ["on"] : [];
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.map(String);
  }
  return undefined;
}

function isValidDate(text: string): boolean {
  const m = RE.date.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** `2026-11-22T09:30` read in a fixed-offset zone of `offset` minutes east of UTC → ISO. */
export function localDateTimeToIso(text: string, offset: number | null | undefined): string | undefined {
  const m = RE.datetime.exec(text);
  if (!m || !isValidDate(m[1]!)) return undefined;
  const utc = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`);
  if (Number.isNaN(utc)) return undefined;
  return new Date(utc - (offset ?? 0) * 60_000).toISOString();
}

const ZONED_DATETIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant written with its zone (`2026-11-23T10:00:00+00:00`: what an API client sends,
 * what a stored timestamptz reads as) as the UTC wall time a datetime field's rules read
 * (`2026-11-23T10:00:00.000`, with `utc_offset: 0`). `undefined` when the text has no zone
 * (local time, read as the form posts it); `null` when it names no real time (`02-30`,
 * `24:00`, which Date.parse would roll over).
 */
export function zonedToUtcWallTime(text: string): string | null | undefined {
  const zoned = ZONED_DATETIME.exec(text);
  if (!zoned) return undefined;
  if (localDateTimeToIso(zoned[1]!.replace(/(\.\d{3})\d+$/, "$1"), 0) === undefined) return null;
  const at = Date.parse(zoned[0]);
  return Number.isNaN(at) ? null : new Date(at).toISOString().slice(0, 23);
}

function scalar(kind: ValueKind, text: string, ctx: ParseContext): string | number | undefined {
  switch (kind) {
    case "text": case "choice": case "json": case "file": return text;
    case "country": {
      const code = text.toUpperCase();
      return /^[A-Z]{2}$/.test(code) && (!ctx.countries || ctx.countries.has(code)) ? code : undefined;
    }
    case "latlng": return undefined;
    case "number": {
      const n = Number(text);
      return RE.number.test(text) && Number.isFinite(n) ? n : undefined;
    }
    case "date": return isValidDate(text) ? text : undefined;
    case "time": return RE.time.test(text) ? text : undefined;
    case "datetime": return localDateTimeToIso(text, ctx.utc_offset);
    case "month": return RE.month.test(text) ? text : undefined;
    case "week": return RE.week.test(text) ? text : undefined;
    case "color": return RE.color.test(text) ? text.toLowerCase() : undefined;
    case "boolean": return undefined;
  }
}

function formatCheck(field: RuleField, text: string): FieldProblem | undefined {
  if (field.type === "email" && !RE.email.test(text)) return { kind: "email" };
  if (field.type === "url" && !isWebAddress(text)) return { kind: "url" };
  const structured = structuredProblem(field.type, text);
  if (structured) return structured;
  if (field.pattern && capabilityOf(field.type).pattern) {
    // Linear time whatever the pattern; one that cannot be saved is ignored, as browsers do.
    const matches = patternMatcher(field.pattern);
    if (matches && !matches(text)) return { kind: "pattern" };
  }
  return undefined;
}

/** A url field's answer: an absolute `http:` or `https:` URL with a host (no `javascript:`). */
export function isWebAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function rangeCheck(field: RuleField, value: string | number): FieldProblem | undefined {
  if (!capabilityOf(field.type).range) return undefined;
  const cmp = (bound: number | string) =>
    typeof value === "number" ? value - Number(bound) : value.localeCompare(String(bound));
  if (field.min !== null && field.min !== "" && cmp(field.min) < 0) return { kind: "below", min: field.min };
  if (field.max !== null && field.max !== "" && cmp(field.max) > 0) return { kind: "above", max: field.max };
  if (typeof value === "number" && field.step && field.step > 0) {
    const base = field.min !== null && field.min !== "" ? Number(field.min) : 0;
    const steps = (value - base) / field.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return { kind: "step", step: field.step };
  }
  return undefined;
}

/**
 * Parses and checks one field's raw answer (spec 1 §5). `raw` is the list of strings posted
 * under the field's name (empty when absent).
 */
export function parseFieldValue(field: RuleField, raw: readonly string[], ctx: ParseContext = {}): ParseResult {
  const cap = capabilityOf(field.type);
  const fail = (problem: FieldProblem): ParseResult => fieldFailure(field, problem);
  const required = field.required && cap.requirable;

  if (cap.value === "boolean") {
    const last = (raw.at(-1) ?? "").toLowerCase();
    if (!TRUE_WORDS.has(last) && !FALSE_WORDS.has(last)) return fail({ kind: "not_boolean" });
    const on = TRUE_WORDS.has(last);
    if (required && !on) return fail({ kind: "required" });
    return { ok: true, value: on };
  }

  if (cap.value === "latlng") {
    const point = parseLatLng(raw, required, cap.max_length);
    return point.ok ? point : fail(point.problem);
  }

  const multi = isMultiValued(field);
  // A choice is made once: ten thousand repeats of one option are that option. An option is
  // named by its value (what the page's inputs send) or by its id (a uuid v4, spec 3 §5).
  // An array field's instances are kept in order, repeats included (an empty one is left out).
  const array = isArrayField(field);
  const named = array ? raw.filter((t) => t !== "") : [...new Set(raw.filter((t) => t !== ""))];
  if (array && named.length > LIMITS.array_items) return fail({ kind: "too_many_items", max: LIMITS.array_items });
  const texts: string[] = [];
  for (const text of named) {
    if (!cap.options) {
      texts.push(text);
      continue;
    }
    const option = field.options.find((o) => o.value === text) ?? (UUID_V4.test(text) ? field.options.find((o) => o.id === text) : undefined);
    if (!option) return fail({ kind: "no_option", value: text });
    // A disabled option is one the owner does not offer: refused like a missing one. Sold out
    // (FORM_OPTION_UNAVAILABLE, the formoptionsoldout page) is for tracked stock that ran out.
    if (option.disabled) return fail({ kind: "not_offered", value: option.value });
    if (!texts.includes(option.value)) texts.push(option.value);
  }
  if (texts.length === 0) {
    return required ? fail({ kind: "required" }) : { ok: true, value: multi ? [] : null };
  }
  if (!multi && texts.length > 1) return fail({ kind: "one_value" });

  const values: (string | number)[] = [];
  for (const text of texts) {
    const unreadable = textProblem(field, text);
    if (unreadable) return fail(unreadable);
    if (cap.value === "json") {
      const parsed = parseJsonAnswer(text);
      if (!parsed.ok) return fail(parsed.problem);
      // A canvas answer is JSON of one shape: a sketch document (answer-formats.ts).
      const shape = structuredProblem(field.type, text);
      if (shape) return fail(shape);
      values.push(parsed.value!);
      continue;
    }
    const value = scalar(cap.value, text, ctx);
    if (value === undefined) return fail({ kind: "not_type" });
    const problem = formatCheck(field, text) ?? rangeCheck(field, value);
    if (problem) return fail(problem);
    values.push(value);
  }
  if (!multi) return { ok: true, value: values[0]! };
  return { ok: true, value: values.every((v) => typeof v === "number") ? (values as number[]) : values.map(String) };
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Length and storability, the checks every text answer passes before its format. */
function textProblem(field: Pick<FormField, "type">, text: string): FieldProblem | undefined {
  // The field model keeps no minlength/maxlength of its own: the type's `max_length` is the limit.
  const max = capabilityOf(field.type).max_length;
  if (text.length > max) return { kind: "too_long", max };
  if (!isStorableText(text)) return { kind: "unstorable" };
  return undefined;
}

/**
 * Why a partial answer saved while the visitor types (`PATCH /v1/session/…/field/…`) cannot
 * be kept, or `undefined`. Formats are not checked (an email is half typed), but the value
 * is no longer than the field takes, holds as many values as the field does, and names only
 * the field's options: the session keeps nothing the submit would refuse for its size.
 */
export function partialValueProblem(field: Pick<FormField, "type" | "multiple" | "options"> & { is_array?: boolean }, value: unknown): string | undefined {
  const raw = toRawValues(value);
  if (raw === undefined) return "A field value is a string, a number, a boolean, null or a list of strings.";
  const cap = capabilityOf(field.type);
  const unique = new Set(raw);
  // A latlng field's two number inputs may hold the same number; an array field's instances may repeat.
  if (unique.size < raw.length && cap.value !== "latlng" && !isArrayField(field)) return "A value is listed twice.";
  const most = cap.file ? maxFilesOf(field) : cap.value === "latlng" ? 2 : isArrayField(field) ? LIMITS.array_items
    : isMultiValued(field) ? Math.max(field.options.length, 1) : 1;
  if (raw.length > most) return most === 1 ? "This field takes one value." : `This field takes at most ${most} values.`;
  for (const text of raw) {
    const problem = textProblem(field, text);
    if (problem) return `The value ${problemReason(field.type, problem)}.`;
    if (cap.options && text !== "" && !field.options.some((o) => o.value === text)) return `This field has no option ${JSON.stringify(text.slice(0, 80))}.`;
  }
  return undefined;
}
