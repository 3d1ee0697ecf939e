/**
 * What the Form settings page holds while the owner types, as one reducer, and the pure
 * checks that turn it into a settings call (core's SETTINGS_CALLS) or a message. Choices
 * (method, unknown fields, force close) save at once; limits, the schedule and the redirect
 * save when the input is left, and only when they pass the same checks the server makes.
 */
import { isSafeUrl, scheduleProblem, UNSAFE_URL_MESSAGE, type EditorDocument, type JsonValue, type SettingsCall } from "@fieldwork/core";
import { browserTimeZone, isoToLocal, isTimeZone, localToIso } from "./schedule-time";

export type LimitKey = "total" | "customer";

export interface LimitDraft { on: boolean; text: string }
export interface ScheduleDraft { enabled: boolean; open: string; close: string; tz: string }

/** The parts typed into: they save when left, and are kept while being edited. */
export type DraftKey = LimitKey | "schedule" | "redirect";

export interface SettingsDraft {
  total: LimitDraft;
  customer: LimitDraft;
  schedule: ScheduleDraft;
  redirect: string;
  /** Parts changed here and not yet saved: a new document (undo, reload) leaves them alone. */
  dirty: Partial<Record<DraftKey, true>>;
  errors: Partial<Record<DraftKey, string>>;
  /** The force-close confirmation is open. */
  confirming_close: boolean;
}

export type SettingsDraftAction =
  | { type: "limit"; key: LimitKey; patch: Partial<LimitDraft> }
  | { type: "schedule"; patch: Partial<ScheduleDraft> }
  | { type: "redirect"; text: string }
  | { type: "checked"; key: DraftKey; message: string | null }
  | { type: "document"; doc: EditorDocument }
  | { type: "confirm-close"; open: boolean };

export function initSettingsDraft(doc: EditorDocument): SettingsDraft {
  const s = doc.settings;
  const limit = (n: number | null): LimitDraft => ({ on: n !== null, text: n === null ? "" : String(n) });
  const tz = s.scheduling.tz && isTimeZone(s.scheduling.tz) ? s.scheduling.tz : browserTimeZone();
  return {
    total: limit(s.max_form_responses_in_total),
    customer: limit(s.max_form_responses_by_customer),
    schedule: { enabled: s.scheduling.enabled, open: isoToLocal(s.scheduling.open_at, tz), close: isoToLocal(s.scheduling.close_at, tz), tz },
    redirect: doc.ending.redirect_uri ?? "",
    dirty: {},
    errors: {},
    confirming_close: false,
  };
}

const DRAFT_KEYS: readonly DraftKey[] = ["total", "customer", "schedule", "redirect"];
const edited = (state: SettingsDraft, key: DraftKey) => ({ dirty: { ...state.dirty, [key]: true as const } });

export function settingsDraftReducer(state: SettingsDraft, action: SettingsDraftAction): SettingsDraft {
  switch (action.type) {
    case "limit":
      return { ...state, [action.key]: { ...state[action.key], ...action.patch }, ...edited(state, action.key) };
    case "schedule": {
      const schedule = { ...state.schedule, ...action.patch };
      // A new zone keeps the instants: the times are shown again in it.
      if (action.patch.tz && action.patch.tz !== state.schedule.tz && isTimeZone(action.patch.tz)) {
        schedule.open = isoToLocal(localToIso(state.schedule.open, state.schedule.tz), action.patch.tz);
        schedule.close = isoToLocal(localToIso(state.schedule.close, state.schedule.tz), action.patch.tz);
      }
      return { ...state, schedule, ...edited(state, "schedule") };
    }
    case "redirect":
      return { ...state, redirect: action.text, ...edited(state, "redirect") };
    case "checked": {
      const { [action.key]: _d, ...dirty } = state.dirty;
      const { [action.key]: _e, ...errors } = state.errors;
      // A refused value stays as typed, with its message, until it is fixed.
      return action.message === null ? { ...state, dirty, errors } : { ...state, errors: { ...errors, [action.key]: action.message } };
    }
    case "document": {
      const fresh = initSettingsDraft(action.doc);
      const next = { ...state };
      for (const key of DRAFT_KEYS) if (!state.dirty[key]) Object.assign(next, { [key]: fresh[key] });
      // The schedule keeps the zone chosen here when the document has none.
      if (!state.dirty.schedule && !action.doc.settings.scheduling.tz) next.schedule = { ...next.schedule, tz: state.schedule.tz };
      return next;
    }
    case "confirm-close":
      return { ...state, confirming_close: action.open };
  }
}

/** A call to send, or the message to show instead. */
export type Checked = { ok: true; name: SettingsCall; values: Record<string, JsonValue> } | { ok: false; message: string };

const LIMIT_CALLS = {
  total: { name: "max-responses-in-total", key: "max_form_responses_in_total" },
  customer: { name: "max-responses-by-customer", key: "max_form_responses_by_customer" },
} as const;

/**
 * A limit switched on or off. Per person starts at 1 (one response each, what such a limit
 * is nearly always for); the total starts empty, since no number fits every form, and is
 * saved once the owner types one (spec 2 leaves the value to the owner). Off saves at once.
 */
export function toggledLimit(key: LimitKey, draft: LimitDraft, on: boolean): { draft: LimitDraft; save: boolean } {
  const text = on && !draft.text.trim() ? (key === "customer" ? "1" : "") : draft.text;
  return { draft: { on, text }, save: !on || text.trim() !== "" };
}

export const LIMIT_MESSAGE = "Enter a whole number of 1 or more.";

export function checkLimit(key: LimitKey, draft: LimitDraft): Checked {
  const { name, key: field } = LIMIT_CALLS[key];
  if (!draft.on) return { ok: true, name, values: { [field]: null } };
  const text = draft.text.trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return { ok: false, message: LIMIT_MESSAGE };
  return { ok: true, name, values: { [field]: n } };
}

/** The schedule call: times in the draft's zone become ISO with offset; core's rule first. */
export function checkSchedule(draft: ScheduleDraft): Checked {
  const open_at = draft.open ? localToIso(draft.open, draft.tz) : null;
  const close_at = draft.close ? localToIso(draft.close, draft.tz) : null;
  if ((draft.open && !open_at) || (draft.close && !close_at)) return { ok: false, message: "Enter a complete date and time." };
  if (draft.enabled) {
    const problem = scheduleProblem(open_at ? new Date(open_at) : null, close_at ? new Date(close_at) : null);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, name: "form-schedule", values: { enabled: draft.enabled, open_at, close_at, tz: draft.tz } };
}

export function checkRedirect(text: string): Checked {
  const value = text.trim();
  if (value === "") return { ok: true, name: "redirect-uri", values: { redirect_uri: null } };
  if (!/^https?:\/\//i.test(value) || !isSafeUrl(value)) return { ok: false, message: UNSAFE_URL_MESSAGE };
  return { ok: true, name: "redirect-uri", values: { redirect_uri: value } };
}

/** Whether a call would change nothing in the document (no write then). */
export function unchanged(doc: EditorDocument, checked: Checked): boolean {
  if (!checked.ok) return true;
  const v = checked.values;
  const s = doc.settings;
  switch (checked.name) {
    case "max-responses-in-total": return v.max_form_responses_in_total === s.max_form_responses_in_total;
    case "max-responses-by-customer": return v.max_form_responses_by_customer === s.max_form_responses_by_customer;
    case "redirect-uri": return v.redirect_uri === doc.ending.redirect_uri;
    case "form-schedule": {
      const same = (a: JsonValue | undefined, b: string | null) => (a === null || b === null ? a === b : Date.parse(String(a)) === Date.parse(b));
      return v.enabled === s.scheduling.enabled && v.tz === s.scheduling.tz && same(v.open_at, s.scheduling.open_at) && same(v.close_at, s.scheduling.close_at);
    }
    default: return false;
  }
}

/** What the total limit counts, with where the form stands (issue 19 item 20). */
export function totalLimitHint(held: number, limit: number | null): string {
  const responses = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "response" : "responses"}`;
  const now = limit === null ? `The form holds ${responses(held)}.` : `${held.toLocaleString("en")} of ${responses(limit)}.`;
  return `${now} Counts the responses the form holds now: deleting one frees its place.`;
}
