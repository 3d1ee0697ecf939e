/**
 * Section navigation of the public form (spec 1 §4.1) as a pure reducer: the React view
 * dispatches actions and reads the derived buttons; tests drive it without a browser.
 */

export interface NavigationState {
  section_ids: string[];
  /** Sections that contain a payment field (`attributes.contains_payment`). */
  payment_section_ids: string[];
  current_section_id: string | null;
  is_submitting: boolean;
}

export type NavigationAction =
  | { type: "next" }
  | { type: "back" }
  | { type: "submit_start" }
  | { type: "submit_end" };

export function initNavigation(section_ids: string[], payment_section_ids: string[] = []): NavigationState {
  return { section_ids, payment_section_ids, current_section_id: section_ids[0] ?? null, is_submitting: false };
}

export function navigationReducer(state: NavigationState, action: NavigationAction): NavigationState {
  const index = state.current_section_id ? state.section_ids.indexOf(state.current_section_id) : -1;
  switch (action.type) {
    case "next": {
      const next = state.section_ids[Math.min(index + 1, state.section_ids.length - 1)];
      return next === undefined || next === state.current_section_id ? state : { ...state, current_section_id: next };
    }
    case "back": {
      const prev = state.section_ids[Math.max(index - 1, 0)];
      return prev === undefined || prev === state.current_section_id ? state : { ...state, current_section_id: prev };
    }
    case "submit_start": return state.is_submitting ? state : { ...state, is_submitting: true };
    case "submit_end": return state.is_submitting ? { ...state, is_submitting: false } : state;
  }
}

export interface NavigationButtons {
  back: boolean;
  next: boolean;
  submit: boolean;
  pay: boolean;
}

/** Which footer buttons show for the current state. */
export function navigationButtons(state: NavigationState): NavigationButtons {
  const { section_ids, current_section_id } = state;
  if (section_ids.length === 0) return { back: false, next: false, submit: true, pay: false };
  const index = current_section_id ? section_ids.indexOf(current_section_id) : 0;
  const last = index === section_ids.length - 1;
  const payment = current_section_id !== null && state.payment_section_ids.includes(current_section_id);
  return { back: index > 0, next: !last && !payment, submit: last && !payment, pay: payment };
}
