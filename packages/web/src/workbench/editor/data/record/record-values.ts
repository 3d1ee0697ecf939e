/**
 * A record's values as the record editor's inputs hold them, and back (spec 2 §2 "Record
 * editor panel"). An input holds text (one-value inputs and JSON), the chosen values of a
 * multi-valued choice, or a flag for yes/no; the capability table of `core` decides which.
 * Every value is read by `parseFieldValue`, the rule a submit and a Data API write pass,
 * so what the panel accepts is what the server stores:
 *
 *   parseDraft(number_field, "abc")  // { ok: false, reason: "is not a valid number" }
 *   parseDraft(number_field, "")     // { ok: true, value: null }
 *   patchValues(fields, base, drafts) // only the keys whose input changed
 */
import { capabilityOf, isMultiValued, parseFieldValue, type FormField } from "@fieldwork/core";
import type { Row } from "../../../api/data-api";

export type DraftValue = string | string[] | boolean;
export type Drafts = Record<string, DraftValue>;
/** parseFieldValue's reason (`is required`, `below the minimum 3`) by field name. */
export type Problems = Record<string, string>;

export type InputKind = "text" | "textarea" | "number" | "choice" | "choices" | "boolean" | "json" | "signature";

export interface ValueContext {
  /** Minutes east of UTC of the browser's clock at a local date and time (`2026-11-23T09:30`). */
  offsetAt: (local: string) => number;
}

export const browserClock: ValueContext = {
  offsetAt: (local) => {
    const at = new Date(local); // a date-time without a zone reads as local time
    return Number.isNaN(at.getTime()) ? 0 : -at.getTimezoneOffset();
  },
};

/** Which input a field gets. */
export function inputKindOf(field: Pick<FormField, "type" | "multiple">): InputKind {
  const cap = capabilityOf(field.type);
  if (cap.value === "boolean") return "boolean";
  // A signature is seen and may be cleared, never typed (its value is a PNG data URL).
  if (field.type === "signature") return "signature";
  if (cap.value === "json" || cap.file) return "json";
  if (cap.options) return isMultiValued(field) ? "choices" : "choice";
  if (field.type === "textarea") return "textarea";
  if (cap.value === "number") return "number";
  return "text";
}

/** Native input types worth their picker; the rest (hidden, password, search…) are plain text for the owner. */
const NATIVE = new Set(["email", "tel", "url", "date", "time", "datetime-local", "month", "week", "color"]);
export function htmlTypeOf(field: Pick<FormField, "type">): string {
  const type = capabilityOf(field.type).html_type;
  return type && NATIVE.has(type) ? type : "text";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A stored instant (`2026-11-23T10:00:00+00:00`) as a datetime-local input's value in the browser's zone. */
export function instantToLocalInput(value: string, ctx: ValueContext = browserClock): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  // The offset of the zone at that instant: read it at the UTC wall time, then once more at the local one (a DST edge).
  const wall = (offset: number) => new Date(at + offset * 60_000);
  const text = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const guess = wall(ctx.offsetAt(text(new Date(at))));
  const local = wall(ctx.offsetAt(text(guess)));
  const seconds = local.getUTCSeconds();
  return seconds ? `${text(local)}:${pad(seconds)}` : text(local);
}

/** What a field's input starts from: the stored value, or empty. */
export function draftOf(field: FormField, value: unknown, ctx: ValueContext = browserClock): DraftValue {
  const kind = inputKindOf(field);
  if (kind === "boolean") return value === true;
  if (kind === "choices") return Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === "" ? [] : [String(value)];
  if (value === null || value === undefined) return "";
  if (kind === "json") return JSON.stringify(value, null, 2);
  if (capabilityOf(field.type).value === "datetime" && typeof value === "string") return instantToLocalInput(value, ctx);
  if (Array.isArray(value)) return value.map(String).join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function draftsOf(fields: readonly FormField[], row: Row | null, ctx: ValueContext = browserClock): Drafts {
  return Object.fromEntries(fields.map((f) => [f.name, draftOf(f, row?.[f.name], ctx)]));
}

export type DraftResult = { ok: true; value: unknown } | { ok: false; reason: string };

const textOf = (draft: DraftValue) => (typeof draft === "string" ? draft : Array.isArray(draft) ? (draft[0] ?? "") : draft ? "on" : "");

/** One input's value as the column takes it, or parseFieldValue's reason. */
export function parseDraft(field: FormField, draft: DraftValue, ctx: ValueContext = browserClock): DraftResult {
  const kind = inputKindOf(field);
  if (kind === "json") {
    const text = textOf(draft).trim();
    let value: unknown = null;
    if (text !== "") {
      try {
        value = JSON.parse(text);
      } catch {
        return { ok: false, reason: "is not valid JSON" };
      }
    }
    // Required, length and storable text, checked on the JSON as the server stores it.
    const checked = parseFieldValue(field, value === null ? [] : [JSON.stringify(value)]);
    return checked.ok ? { ok: true, value } : { ok: false, reason: checked.reason };
  }
  let raw: string[];
  if (kind === "boolean") raw = draft === true ? ["on"] : [];
  else if (Array.isArray(draft)) raw = draft;
  else raw = [textOf(draft)];
  const text = raw[0] ?? "";
  const datetime = capabilityOf(field.type).value === "datetime";
  const result = parseFieldValue(field, raw, datetime && text ? { utc_offset: ctx.offsetAt(text) } : {});
  return result.ok ? { ok: true, value: result.value } : { ok: false, reason: result.reason };
}

/** Whether an input holds what it started from (choices in any order, JSON in any layout). */
export function sameDraft(field: FormField, a: DraftValue | undefined, b: DraftValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = new Set(Array.isArray(a) ? a : []);
    const y = new Set(Array.isArray(b) ? b : []);
    return x.size === y.size && [...x].every((v) => y.has(v));
  }
  if (inputKindOf(field) === "json" && typeof a === "string" && typeof b === "string") {
    const canonical = (t: string) => {
      try {
        return t.trim() === "" ? "null" : JSON.stringify(JSON.parse(t));
      } catch {
        return t.trim();
      }
    };
    return canonical(a) === canonical(b);
  }
  return a === b;
}

/** Names of the fields whose input no longer holds the stored value. */
export function changedKeys(fields: readonly FormField[], base: Drafts, drafts: Drafts): string[] {
  return fields.filter((f) => !sameDraft(f, base[f.name], drafts[f.name])).map((f) => f.name);
}

/**
 * The problems of the inputs a save would send: every field when creating (`base` null),
 * only the changed ones when updating (a stored value the rules no longer take stays as it is).
 */
export function problemsOf(fields: readonly FormField[], base: Drafts | null, drafts: Drafts, ctx: ValueContext = browserClock): Problems {
  const checked = base ? fields.filter((f) => !sameDraft(f, base[f.name], drafts[f.name])) : fields;
  const problems: Problems = {};
  for (const field of checked) {
    const result = parseDraft(field, drafts[field.name] ?? draftOf(field, null, ctx), ctx);
    if (!result.ok) problems[field.name] = result.reason;
  }
  return problems;
}

export type SavePlan = { ok: true; values: Row } | { ok: false; problems: Problems };

function plan(fields: readonly FormField[], drafts: Drafts, ctx: ValueContext): SavePlan {
  const values: Row = {};
  const problems: Problems = {};
  for (const field of fields) {
    const result = parseDraft(field, drafts[field.name] ?? draftOf(field, null, ctx), ctx);
    if (result.ok) values[field.name] = result.value;
    else problems[field.name] = result.reason;
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, values };
}

/** The row a create posts: every field, typed by its column. */
export function insertValues(fields: readonly FormField[], drafts: Drafts, ctx: ValueContext = browserClock): SavePlan {
  return plan(fields, drafts, ctx);
}

/** The PATCH body of an update: the changed keys only (`{}` when nothing changed). */
export function patchValues(fields: readonly FormField[], base: Drafts, drafts: Drafts, ctx: ValueContext = browserClock): SavePlan {
  const changed = new Set(changedKeys(fields, base, drafts));
  return plan(fields.filter((f) => changed.has(f.name)), drafts, ctx);
}

/**
 * The field a server refusal is about: the catalogue's field messages start with the
 * field's name (`age is not a valid number.`). The longest name wins (`age` vs `age_group`).
 */
export function refusalField(fields: readonly FormField[], message: string): string | null {
  const named = fields.filter((f) => message.startsWith(`${f.name} `)).sort((a, b) => b.name.length - a.name.length);
  return named[0]?.name ?? null;
}

/** `is required` → `Is required.` */
export const sentence = (reason: string) => {
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};
