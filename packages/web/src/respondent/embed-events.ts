/** Messages to the embedding page (spec 1 §7), posted only when the form runs in a frame. */
import { EMBED_NAMESPACE, type EmbedEventType } from "@fieldwork/core";

export function notifyParent(type: EmbedEventType, form_id: string): void {
  try {
    if (typeof window === "undefined" || window.parent === window) return;
    window.parent.postMessage({ namespace: EMBED_NAMESPACE, type, form_id }, "*");
  } catch {
    // a parent that refuses messages changes nothing for the respondent
  }
}
