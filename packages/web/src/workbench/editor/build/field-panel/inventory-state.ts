/**
 * The field panel's inventory section as one reducer: the form's inventory as last read,
 * the switch's request in flight, what the owner is typing in each level input, the
 * history shown and the last refusal. `leaveLevel` is spec 3 §5's rule on leaving an
 * input (core's `levelInput`: a non-number or a negative is 0, integers only).
 */
import {
  levelInput, type FormInventory, type InventoryCommit, type InventoryOptionLevel, type TrackedField,
} from "@fieldwork/core";

export type LevelKey = "available" | "on_hand";

export interface InventoryPanelState {
  inventory: FormInventory | null;
  /** The switch's request is on its way. */
  switching: boolean;
  /** Text of level inputs being edited, by `${option_id}:${key}`. */
  drafts: Readonly<Record<string, string>>;
  /** The option whose commit history is open, and its commits once read. */
  history: { option_id: string; commits: InventoryCommit[] | null } | null;
  message: string | null;
}

export type InventoryPanelAction =
  | { type: "loaded"; inventory: FormInventory }
  | { type: "switching" }
  | { type: "refused"; message: string }
  | { type: "draft"; option_id: string; key: LevelKey; text: string }
  | { type: "level-saved"; level: InventoryOptionLevel }
  | { type: "history"; option_id: string | null }
  | { type: "history-loaded"; option_id: string; commits: InventoryCommit[] };

export const initialInventoryPanel: InventoryPanelState = { inventory: null, switching: false, drafts: {}, history: null, message: null };

export const draftKey = (option_id: string, key: LevelKey) => `${option_id}:${key}`;

export function trackedFieldOf(inventory: FormInventory | null, field_id: string): TrackedField | null {
  return inventory?.fields.find((f) => f.field_id === field_id) ?? null;
}

const without = (drafts: Readonly<Record<string, string>>, key: string) => {
  const { [key]: _dropped, ...rest } = drafts;
  return rest;
};

export function inventoryPanelReducer(state: InventoryPanelState, action: InventoryPanelAction): InventoryPanelState {
  switch (action.type) {
    case "loaded":
      return { ...state, inventory: action.inventory, switching: false };
    case "switching":
      return { ...state, switching: true, message: null };
    case "refused":
      return { ...state, switching: false, message: action.message };
    case "draft":
      return { ...state, drafts: { ...state.drafts, [draftKey(action.option_id, action.key)]: action.text }, message: null };
    case "level-saved": {
      const { level } = action;
      if (!state.inventory) return state;
      const fields = state.inventory.fields.map((f) => ({ ...f, options: f.options.map((o) => (o.option_id === level.option_id ? level : o)) }));
      const drafts = without(without(state.drafts, draftKey(level.option_id, "available")), draftKey(level.option_id, "on_hand"));
      const history = state.history?.option_id === level.option_id ? { ...state.history, commits: null } : state.history;
      return { ...state, inventory: { ...state.inventory, fields }, drafts, history };
    }
    case "history":
      return { ...state, history: action.option_id === null || state.history?.option_id === action.option_id ? null : { option_id: action.option_id, commits: null } };
    case "history-loaded":
      return state.history?.option_id === action.option_id ? { ...state, history: { option_id: action.option_id, commits: action.commits } } : state;
  }
}

/**
 * Leaving a level input: the value it settles on (`levelInput` of the text), and the change
 * to send when it differs from the stored level (null when it does not).
 */
export function leaveLevel(level: InventoryOptionLevel, key: LevelKey, text: string): { value: number; change: { available: number } | { on_hand: number } | null } {
  const value = levelInput(text);
  if (value === level[key]) return { value, change: null };
  return { value, change: key === "available" ? { available: value } : { on_hand: value } };
}

/** The text an input shows: the draft while typing, else the stored level. */
export function levelText(state: InventoryPanelState, level: InventoryOptionLevel, key: LevelKey): string {
  return state.drafts[draftKey(level.option_id, key)] ?? String(level[key]);
}

/** Where the store page is, from the editor's current path (`…/{document_id}/{suffix}`). */
export function storePagePath(pathname: string, document_id: string): string {
  const parts = pathname.split("/");
  const at = parts.indexOf(document_id);
  return `${(at >= 0 ? parts.slice(0, at + 1) : [pathname.replace(/\/$/, "")]).join("/")}/connect/store`;
}
