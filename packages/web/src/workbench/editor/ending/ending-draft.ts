/**
 * The Ending page while the owner types, as one reducer: the completion page's title and
 * body, or a redirect to an http(s) address. Typed values save when left; a new document
 * (undo, a reload) replaces what is not being edited.
 */
import { isSafeUrl, UNSAFE_URL_MESSAGE, type EditorDocument } from "@fieldwork/core";
import type { StatusForm } from "../../../status/status-view";

type Ending = EditorDocument["ending"];
export type EndingKey = "title" | "body_html" | "redirect_uri";
export type EndingMode = "page" | "redirect";

export interface EndingDraft {
  mode: EndingMode;
  title: string;
  body_html: string;
  redirect_uri: string;
  dirty: Partial<Record<EndingKey, true>>;
  error: string | null;
}

export type EndingDraftAction =
  | { type: "mode"; mode: EndingMode }
  | { type: "edit"; key: EndingKey; text: string }
  | { type: "saved"; key: EndingKey; error?: string | null }
  | { type: "document"; ending: Ending };

const KEYS: readonly EndingKey[] = ["title", "body_html", "redirect_uri"];

export function initEndingDraft(ending: Ending): EndingDraft {
  return {
    mode: ending.redirect_uri ? "redirect" : "page",
    title: ending.title ?? "", body_html: ending.body_html ?? "", redirect_uri: ending.redirect_uri ?? "",
    dirty: {}, error: null,
  };
}

export function endingDraftReducer(state: EndingDraft, action: EndingDraftAction): EndingDraft {
  switch (action.type) {
    case "mode":
      return { ...state, mode: action.mode, error: null };
    case "edit":
      return { ...state, [action.key]: action.text, dirty: { ...state.dirty, [action.key]: true } };
    case "saved": {
      if (action.error) return { ...state, error: action.error };
      const { [action.key]: _, ...dirty } = state.dirty;
      return { ...state, dirty, error: action.key === "redirect_uri" ? null : state.error };
    }
    case "document": {
      const fresh = initEndingDraft(action.ending);
      const next = { ...state };
      for (const key of KEYS) if (!state.dirty[key]) next[key] = fresh[key];
      // Redirect mode with nothing saved yet stays until an address is given.
      if (!state.dirty.redirect_uri && (action.ending.redirect_uri || state.mode === "page")) next.mode = fresh.mode;
      return next;
    }
  }
}

/** The ending patch a typed value makes, or the message to show. */
export function endingPatch(key: EndingKey, text: string): { ok: true; patch: Partial<Ending> } | { ok: false; message: string } {
  const value = text.trim();
  if (key === "redirect_uri") {
    if (value && (!/^https?:\/\//i.test(value) || !isSafeUrl(value))) return { ok: false, message: UNSAFE_URL_MESSAGE };
    return { ok: true, patch: { redirect_uri: value || null } };
  }
  return { ok: true, patch: { [key]: value || null } };
}

/**
 * The form as the public completion page reads it (status-view.ts): the same title,
 * language, stylesheet and ending the server passes to `renderStatusPage`.
 */
export function statusFormOf(doc: Pick<EditorDocument, "form_id" | "title" | "theme">, ending: Ending): StatusForm {
  const { appearance, palette, font_family, section, custom_css, lang } = doc.theme;
  return {
    id: doc.form_id, title: doc.title, lang,
    stylesheet: { appearance, palette, font_family, section, custom_css },
    ending: formEndingOf(ending),
  };
}

/** The form's ending as the public completion page reads it (status-content.ts). */
export function formEndingOf(ending: Ending) {
  return { is_ending_page_enabled: ending.enabled, title: ending.title, body_html: ending.body_html, redirect_after_response_uri: ending.redirect_uri };
}
