/**
 * The tab's session id for a form, kept in sessionStorage under `sessionStorageKey(form_id)`.
 * Storage can be unavailable (privacy modes, sandboxed frames): then nothing is kept.
 */
import { sessionStorageKey } from "@fieldwork/core";

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredSession(form_id: string): string | null {
  try {
    return storage()?.getItem(sessionStorageKey(form_id)) || null;
  } catch {
    return null;
  }
}

export function storeSession(form_id: string, session_id: string): void {
  try {
    storage()?.setItem(sessionStorageKey(form_id), session_id);
  } catch {
    // storage full or refused: the session lives in the hidden input only
  }
}

export function clearStoredSession(form_id: string): void {
  try {
    storage()?.removeItem(sessionStorageKey(form_id));
  } catch {
    // nothing stored
  }
}
