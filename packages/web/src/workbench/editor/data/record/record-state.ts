/**
 * The record editor's state as one reducer (spec 3 §2 "Record editor"): the mode (create,
 * update, read), whether an update's inputs are open, what they started from and hold,
 * which inputs show their problems (left once, or all after a save was tried), the save in
 * flight, the server's refusal and the info toggle.
 */
import type { FormField } from "@fieldwork/core";
import type { Row } from "../../../api/data-api";
import { browserClock, draftsOf, problemsOf, sentence, type DraftValue, type Drafts, type Problems, type ValueContext } from "./record-values";

export type RecordMode = "create" | "update" | "read";

export interface Refusal {
  message: string;
  /** The field the message is about, when it names one. */
  field: string | null;
}

export interface RecordState {
  mode: RecordMode;
  /** The record as last stored (the prop, then what a save answered); null when creating. */
  row: Row | null;
  /** The inputs are open: always when creating, after Edit when updating, never when reading. */
  editing: boolean;
  /** The inputs' values for the stored row (empty when creating): what changed is measured against it. */
  base: Drafts;
  drafts: Drafts;
  /** Inputs left at least once: their problems show. */
  touched: Record<string, true>;
  /** A save was tried: every problem shows. */
  attempted: boolean;
  saving: boolean;
  refusal: Refusal | null;
  info_open: boolean;
}

export type RecordAction =
  | { type: "edit" }
  | { type: "cancel-edit" }
  | { type: "input"; name: string; value: DraftValue }
  | { type: "leave"; name: string }
  | { type: "save-blocked" }
  | { type: "save-started" }
  | { type: "save-refused"; refusal: Refusal }
  /** Stored: `drafts` are the inputs for the row the server answered (empty again after a create). */
  | { type: "saved"; row: Row; drafts: Drafts }
  /** The row was read again outside the panel (a refresh): taken unless the owner is editing. */
  | { type: "row-changed"; row: Row | null; drafts: Drafts }
  | { type: "toggle-info" };

export function initRecord({ mode, fields, row, ctx = browserClock }: { mode: RecordMode; fields: readonly FormField[]; row: Row | null; ctx?: ValueContext }): RecordState {
  const base = draftsOf(fields, mode === "create" ? null : row, ctx);
  return { mode, row: mode === "create" ? null : row, editing: mode === "create", base, drafts: base, touched: {}, attempted: false, saving: false, refusal: null, info_open: false };
}

const settled = (state: RecordState, drafts: Drafts): RecordState => ({
  ...state, base: drafts, drafts, touched: {}, attempted: false, saving: false, refusal: null, editing: state.mode === "create",
});

export function recordReducer(state: RecordState, action: RecordAction): RecordState {
  switch (action.type) {
    case "edit":
      return state.mode === "update" ? { ...state, editing: true } : state;
    case "cancel-edit":
      if (state.mode !== "update" || state.saving) return state;
      return settled(state, state.base);
    case "input":
      if (!state.editing || state.saving) return state;
      return { ...state, drafts: { ...state.drafts, [action.name]: action.value }, refusal: null };
    case "leave":
      return state.touched[action.name] ? state : { ...state, touched: { ...state.touched, [action.name]: true } };
    case "save-blocked":
      return { ...state, attempted: true };
    case "save-started":
      return { ...state, saving: true, attempted: true, refusal: null };
    case "save-refused":
      return { ...state, saving: false, refusal: action.refusal };
    case "saved":
      return { ...settled(state, action.drafts), row: state.mode === "create" ? null : action.row };
    case "row-changed":
      if (state.mode === "create" || state.editing) return state;
      return { ...settled(state, action.drafts), row: action.row };
    case "toggle-info":
      return { ...state, info_open: !state.info_open };
  }
}

/**
 * What shows under each input: core's reason once the input was left or a save was tried,
 * else the server's refusal when it named that field.
 */
export function visibleErrors(state: RecordState, fields: readonly FormField[], ctx: ValueContext = browserClock): Record<string, string> {
  if (!state.editing) return {};
  const problems: Problems = problemsOf(fields, state.mode === "create" ? null : state.base, state.drafts, ctx);
  const errors: Record<string, string> = {};
  for (const [name, reason] of Object.entries(problems)) {
    if (state.attempted || state.touched[name]) errors[name] = sentence(reason);
  }
  const refused = state.refusal?.field;
  if (refused && !errors[refused]) errors[refused] = state.refusal!.message;
  return errors;
}
