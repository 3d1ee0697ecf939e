/**
 * The public form's state as one reducer: section navigation (core's navigationReducer)
 * plus what the page adds around it: whether React is interactive yet, the session and
 * visitor ids and utc offset that go into hidden inputs, the fields the page's own checks
 * refused and the error badge of a failed submit.
 */
import {
  initNavigation, navigationProgress, navigationReducer,
  type FieldError, type NavigationAction, type NavigationState,
} from "@fieldwork/core";

/** What the error badge shows (spec 1 §2.2): the code, the message, the fields concerned. */
export interface BadgeError {
  code: string;
  message: string;
  fields?: string[];
  /** A refused answer: each field's message, shown under the field and listed in the badge. */
  field_errors?: FieldError[];
}

export interface FormState {
  nav: NavigationState;
  /**
   * False for the server render and the hydration pass (the no-JavaScript form: every
   * section, native Submit); true once mounted (one section at a time).
   */
  interactive: boolean;
  session_id: string | null;
  visitor_id: string | null;
  /** Minutes east of UTC, known only in the browser. */
  utc_offset: number | null;
  /** Fields the page's own checks refused on Next or Submit (field-validity.ts), each with its message. */
  field_errors: FieldError[] | null;
  error: BadgeError | null;
}

export type FormAction =
  | NavigationAction
  | { type: "mounted"; utc_offset: number }
  | { type: "session"; session_id: string }
  | { type: "visitor"; visitor_id: string }
  | {
    type: "invalid"; field_errors: FieldError[];
    /** The section of the first refused field, shown so its message is seen (a submit checks them all). */
    section_id?: string | null;
  }
  | {
    type: "submit_failed"; error: BadgeError;
    /** The section of the first refused field: shown, so its message is seen. */
    section_id?: string | null;
  }
  | { type: "dismiss_error" };

export function initFormState(input: {
  section_ids: string[]; payment_section_ids: string[]; session_id: string | null;
  /** Sections hidden for the first render's answers (form-logic-state.ts hiddenSectionIds). */
  hidden_section_ids?: readonly string[];
  /** A refused native submit the server answered with the form again (`preload.submit_error`). */
  error?: BadgeError | null;
}): FormState {
  return {
    nav: initNavigation(input.section_ids, input.payment_section_ids, input.hidden_section_ids),
    interactive: false,
    session_id: input.session_id,
    visitor_id: null,
    utc_offset: null,
    field_errors: null,
    error: input.error ?? null,
  };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case "next":
    case "back": {
      const nav = navigationReducer(state.nav, action);
      return nav === state.nav && state.field_errors === null ? state : { ...state, nav, field_errors: null };
    }
    case "submit_start": {
      const nav = navigationReducer(state.nav, action);
      return nav === state.nav ? state : { ...state, nav, field_errors: null, error: null };
    }
    case "hidden_sections": {
      const nav = navigationReducer(state.nav, action);
      return nav === state.nav ? state : { ...state, nav };
    }
    case "submit_end":
      return { ...state, nav: navigationReducer(state.nav, action) };
    case "submit_failed": {
      const nav = navigationReducer(state.nav, { type: "submit_end" });
      return { ...state, nav: { ...nav, current_section_id: shownSection(nav, action.section_id) }, error: action.error };
    }
    case "mounted":
      return { ...state, interactive: true, utc_offset: action.utc_offset };
    case "session":
      return state.session_id === action.session_id ? state : { ...state, session_id: action.session_id };
    case "visitor":
      return { ...state, visitor_id: action.visitor_id };
    case "invalid":
      return { ...state, nav: { ...state.nav, current_section_id: shownSection(state.nav, action.section_id) }, field_errors: action.field_errors, error: null };
    case "dismiss_error":
      return state.error ? { ...state, error: null } : state;
  }
}

/** `section_id` when the form shows it, else the current section. */
function shownSection(nav: NavigationState, section_id: string | null | undefined): string | null {
  const shown = section_id && nav.section_ids.includes(section_id) && !nav.hidden_section_ids.includes(section_id);
  return shown ? section_id : nav.current_section_id;
}

/** 1-based position of the current section among the shown ones and their count, for the progress indicator. */
export const sectionProgress = (nav: NavigationState): { position: number; total: number } => navigationProgress(nav);
