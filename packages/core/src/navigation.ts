/**
 * Section navigation of the public form (spec 1 §4.1) as a pure reducer: the React view
 * dispatches actions and reads the derived buttons; tests drive it without a browser.
 *
 * Sections logic hides (`hidden_section_ids`: a `v_hidden` of `true`, or an expression true
 * for the current answers) are skipped: Next and Back step over them, the progress counts
 * the shown ones, Submit shows on the last shown one. The page sends the hidden set again
 * whenever the answers change it (`hidden_sections`); a current section that becomes hidden
 * gives way to the nearest shown one.
 */

export interface NavigationState {
  section_ids: string[];
  /** Sections that contain a payment field (`attributes.contains_payment`). */
  payment_section_ids: string[];
  /** Sections hidden for the current answers; navigation skips them. */
  hidden_section_ids: readonly string[];
  current_section_id: string | null;
  is_submitting: boolean;
}

export type NavigationAction =
  | { type: "next" }
  | { type: "back" }
  | { type: "hidden_sections"; hidden_section_ids: readonly string[] }
  | { type: "submit_start" }
  | { type: "submit_end" };

export function initNavigation(
  section_ids: string[], payment_section_ids: string[] = [], hidden_section_ids: readonly string[] = [],
): NavigationState {
  const state = { section_ids, payment_section_ids, hidden_section_ids, current_section_id: section_ids[0] ?? null, is_submitting: false };
  return { ...state, current_section_id: nearestShown(state, 0) ?? state.current_section_id };
}

const isShown = (state: NavigationState, id: string) => !state.hidden_section_ids.includes(id);

/** The sections the visitor walks through, in order. */
export const shownSections = (state: NavigationState): string[] => state.section_ids.filter((id) => isShown(state, id));

const currentIndex = (state: NavigationState) => (state.current_section_id ? state.section_ids.indexOf(state.current_section_id) : -1);

/** The first shown section after (step 1) or before (step -1) the index, if any. */
function shownFrom(state: NavigationState, index: number, step: 1 | -1): string | undefined {
  for (let i = index + step; i >= 0 && i < state.section_ids.length; i += step) {
    const id = state.section_ids[i]!;
    if (isShown(state, id)) return id;
  }
  return undefined;
}

/** The shown section closest to the index (itself when shown; the later one on a tie). */
function nearestShown(state: NavigationState, index: number): string | undefined {
  const here = state.section_ids[index];
  if (here !== undefined && isShown(state, here)) return here;
  for (let d = 1; d < state.section_ids.length; d++) {
    const after = state.section_ids[index + d];
    if (after !== undefined && isShown(state, after)) return after;
    const before = state.section_ids[index - d];
    if (before !== undefined && isShown(state, before)) return before;
  }
  return undefined;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

export function navigationReducer(state: NavigationState, action: NavigationAction): NavigationState {
  const index = currentIndex(state);
  switch (action.type) {
    case "next":
    case "back": {
      const to = shownFrom(state, index, action.type === "next" ? 1 : -1);
      return to === undefined || to === state.current_section_id ? state : { ...state, current_section_id: to };
    }
    case "hidden_sections": {
      if (sameIds(state.hidden_section_ids, action.hidden_section_ids)) return state;
      const next = { ...state, hidden_section_ids: action.hidden_section_ids };
      // With every section hidden there is nowhere to go: the visitor stays (and may submit).
      return { ...next, current_section_id: nearestShown(next, Math.max(index, 0)) ?? state.current_section_id };
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
  const { current_section_id } = state;
  if (shownSections(state).length === 0) return { back: false, next: false, submit: true, pay: false };
  const index = Math.max(currentIndex(state), 0);
  const last = shownFrom(state, index, 1) === undefined;
  const payment = current_section_id !== null && isShown(state, current_section_id) && state.payment_section_ids.includes(current_section_id);
  return { back: shownFrom(state, index, -1) !== undefined, next: !last && !payment, submit: last && !payment, pay: payment };
}

/** 1-based position of the current section among the shown ones, and how many are shown. */
export function navigationProgress(state: NavigationState): { position: number; total: number } {
  const shown = shownSections(state);
  const index = Math.max(currentIndex(state), 0);
  const before = state.section_ids.slice(0, index).filter((id) => isShown(state, id)).length;
  return { position: Math.min(before + 1, Math.max(shown.length, 1)), total: shown.length };
}
