/**
 * The editor's sidebar mode as a reducer. It starts in the mode of the route (a data route
 * opens in Data) when the type has it, else in the type's initial mode (sidebarModesOf);
 * a disabled mode can never be selected.
 */
import { sidebarModesOf, type Doctype, type SidebarMode } from "@fieldwork/core";
import { modeOfPattern, type SuffixPattern } from "./editor-nav";

export interface EditorState {
  doctype: Doctype;
  mode: SidebarMode;
}

export type EditorAction =
  | { type: "select-mode"; mode: SidebarMode }
  | { type: "route"; pattern: SuffixPattern }
  /** The document loaded: its type's modes, from the route's. */
  | { type: "document"; doctype: Doctype; pattern: SuffixPattern };

function modeFor(doctype: Doctype, pattern: SuffixPattern): SidebarMode | null {
  const mode = modeOfPattern(pattern);
  return mode && sidebarModesOf(doctype).enabled[mode] ? mode : null;
}

export function initEditor({ doctype, pattern }: { doctype: Doctype; pattern: SuffixPattern }): EditorState {
  return { doctype, mode: modeFor(doctype, pattern) ?? sidebarModesOf(doctype).initial };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "select-mode":
      return sidebarModesOf(state.doctype).enabled[action.mode] && action.mode !== state.mode ? { ...state, mode: action.mode } : state;
    case "route": {
      const mode = modeFor(state.doctype, action.pattern);
      return mode && mode !== state.mode ? { ...state, mode } : state;
    }
    case "document":
      return action.doctype === state.doctype ? state : initEditor(action);
  }
}

/**
 * The page a form's editor opens when its sidebar switches to `mode` while showing a page of
 * another mode (Data from the canvas: the responses table), or null to stay. Without it the
 * main area kept the old page's route under the new mode's sidebar and had nothing to draw.
 */
export function modeLanding(doctype: Doctype, mode: SidebarMode, pattern: SuffixPattern): SuffixPattern | null {
  if (doctype !== "v0_form" || modeOfPattern(pattern) === mode) return null;
  if (mode === "build") return "form/edit";
  if (mode === "data") return "data/responses";
  return null;
}
