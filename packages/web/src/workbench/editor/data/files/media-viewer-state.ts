/**
 * The media viewer's states (spec 1 §4.4): closed, open as a modal, or open as a
 * picture-in-picture window; and what it shows once the content type is known (from the
 * file's own type, else a HEAD on the source): a preview, "unknown" with 'Unable to read the
 * file', or 'Preview not available for this file type ({type})'.
 */
import { fileKindOf, type FileKind } from "./file-refs";

export interface ViewerFile { src: string; name: string; type: string }

export type ViewerState =
  | { mode: "closed" }
  | { mode: "modal" | "pip"; file: ViewerFile; position: { x: number; y: number } };

export type ViewerAction =
  | { type: "open"; file: ViewerFile }
  | { type: "pip" }
  | { type: "modal" }
  | { type: "move"; dx: number; dy: number }
  | { type: "close" };

export const closedViewer: ViewerState = { mode: "closed" };

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case "open":
      return { mode: "modal", file: action.file, position: { x: 24, y: 24 } };
    case "pip":
    case "modal":
      return state.mode === "closed" ? state : { ...state, mode: action.type };
    case "move":
      return state.mode === "pip" ? { ...state, position: { x: Math.max(0, state.position.x + action.dx), y: Math.max(0, state.position.y + action.dy) } } : state;
    case "close":
      return closedViewer;
  }
}

export const VIEWER_MESSAGES = {
  unreadable: "Unable to read the file",
  noPreview: (type: string) => `Preview not available for this file type (${type})`,
} as const;

export type ViewerContent =
  | { show: "loading" }
  | { show: "preview"; kind: Exclude<FileKind, "other">; type: string }
  | { show: "unknown"; message: string }
  | { show: "none"; message: string };

/** What to show for a content type: null while the HEAD is under way, "" when it could not be read. */
export function viewerContentOf(type: string | null): ViewerContent {
  if (type === null) return { show: "loading" };
  if (type === "") return { show: "unknown", message: VIEWER_MESSAGES.unreadable };
  const kind = fileKindOf(type);
  return kind === "other" ? { show: "none", message: VIEWER_MESSAGES.noPreview(type) } : { show: "preview", kind, type };
}
