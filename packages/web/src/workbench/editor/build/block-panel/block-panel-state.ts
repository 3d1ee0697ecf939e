/**
 * The block side panel's state as one reducer: the draft of the keys the block's type has
 * (spec 2 §3 block fields), the save in flight and the server's refusal. Titles and
 * descriptions are edited as plain text and saved as simple HTML (block-text.ts); an html
 * block's body as HTML; a media block's source as a URL that must pass core's isSafeUrl.
 * `toContent` is what update-block sends: only the keys that changed.
 */
import { isSafeUrl, UNSAFE_URL_MESSAGE, type FormBlock } from "@fieldwork/core";
import type { BlockContent, CreatableBlockType } from "../editor-request";
import { htmlToText, isPlainHtml, textToHtml } from "./block-text";

export type BlockKey = "title_html" | "description_html" | "body_html" | "src";

/** What the panel offers per type (a section's "Contains payment" switch is set-contains-payment); a divider has nothing. */
export const BLOCK_KEYS: Record<CreatableBlockType, readonly BlockKey[]> = {
  section: ["title_html", "description_html"],
  group: ["title_html", "description_html"],
  header: ["title_html", "description_html"],
  html: ["body_html"],
  image: ["src", "title_html"],
  video: ["src", "title_html"],
  pdf: ["src", "title_html"],
  divider: [],
};

export const BLOCK_TYPE_LABELS: Record<FormBlock["type"], string> = {
  section: "Section", field: "Field", html: "Text block", header: "Heading", image: "Image", video: "Video", pdf: "PDF", divider: "Divider", group: "Group",
};

export const keysOf = (type: FormBlock["type"]): readonly BlockKey[] => (type === "field" ? [] : BLOCK_KEYS[type]);
/** Whether a block has anything the panel edits. */
export const hasPanel = (block: Pick<FormBlock, "type">) => keysOf(block.type).length > 0;

/** Keys edited as plain text (the rest, body and source, as typed). */
const TEXT_KEYS = new Set<BlockKey>(["title_html", "description_html"]);

export type BlockDraft = Record<BlockKey, string>;

export interface BlockPanelState {
  block_id: string;
  type: FormBlock["type"];
  fresh: boolean;
  keys: readonly BlockKey[];
  /** The block's content when the panel opened. */
  base: BlockContent;
  draft: BlockDraft;
  saving: boolean;
  refusal: string | null;
}

export type BlockPanelAction =
  | { type: "edit"; key: BlockKey; value: string }
  | { type: "save-started" }
  | { type: "save-refused"; message: string };

const shown = (key: BlockKey, value: string | null | undefined) => (TEXT_KEYS.has(key) ? htmlToText(value) : value ?? "");

export function initBlockPanel({ block, fresh }: { block: FormBlock; fresh: boolean }): BlockPanelState {
  const keys = keysOf(block.type);
  const base: BlockContent = Object.fromEntries(keys.map((k) => [k, block[k] ?? null]));
  const draft = { title_html: "", description_html: "", body_html: "", src: "" };
  for (const k of keys) draft[k] = shown(k, base[k]);
  return { block_id: block.id, type: block.type, fresh, keys, base, draft, saving: false, refusal: null };
}

export function blockPanelReducer(state: BlockPanelState, action: BlockPanelAction): BlockPanelState {
  switch (action.type) {
    case "edit":
      return { ...state, draft: { ...state.draft, [action.key]: action.value }, refusal: null };
    case "save-started":
      return { ...state, saving: true, refusal: null };
    case "save-refused":
      return { ...state, saving: false, refusal: action.message };
  }
}

/** A draft value as stored: text as paragraphs, HTML and URLs trimmed, empty as null. */
export function storedValue(key: BlockKey, value: string): string | null {
  if (TEXT_KEYS.has(key)) return textToHtml(value);
  return value.trim() || null;
}

/** The draft as the block's content, every key the type has. */
export function draftContent(state: Pick<BlockPanelState, "keys" | "draft">): BlockContent {
  return Object.fromEntries(state.keys.map((k) => [k, storedValue(k, state.draft[k])]));
}

/** What Save sends: only keys whose draft differs from what the panel opened with. */
export function toContent(state: BlockPanelState): BlockContent {
  const changed = state.keys.filter((k) => state.draft[k] !== shown(k, state.base[k]));
  return Object.fromEntries(changed.map((k) => [k, storedValue(k, state.draft[k])]));
}

export const isDirty = (state: BlockPanelState) => Object.keys(toContent(state)).length > 0;

/** Problems shown beside their inputs: a source that is not http(s) or a path on this site. */
export function blockProblems(state: Pick<BlockPanelState, "keys" | "draft">): Partial<Record<BlockKey, string>> {
  const src = state.draft.src.trim();
  return state.keys.includes("src") && src && !isSafeUrl(src) ? { src: UNSAFE_URL_MESSAGE } : {};
}

/** Text keys whose stored HTML has formatting that editing as text would drop. */
export const formattedKeys = (state: BlockPanelState) => state.keys.filter((k) => TEXT_KEYS.has(k) && !isPlainHtml(state.base[k]));
