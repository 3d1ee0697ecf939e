/**
 * Keeps the tab's session (spec 1 §7): the id stored for this form in sessionStorage, else
 * the one the preload carries, else a new one from `GET /v1/{form_id}/session`. A stored
 * session means the tab was here before: its saved answers are loaded and handed to
 * `onRestore`.
 */
import { useEffect, type Dispatch } from "react";
import type { JsonValue } from "@fieldwork/core";
import { fetchPreload, fetchSessionId } from "./api";
import { savedAnswersOf } from "./restore-answers";
import { readStoredSession, storeSession } from "./session-store";
import type { FormAction } from "./form-state";

export function useSessionId(
  form_id: string, preload_session_id: string | null, dispatch: Dispatch<FormAction>,
  onRestore: (values: Record<string, JsonValue>) => void,
): void {
  useEffect(() => {
    const stored = readStoredSession(form_id);
    if (stored) {
      dispatch({ type: "session", session_id: stored });
      const controller = new AbortController();
      fetchPreload(form_id, stored, {}, controller.signal)
        .then((body) => onRestore(savedAnswersOf(body)))
        .catch(() => undefined); // the form still works; only the restore is lost
      return () => controller.abort();
    }
    if (preload_session_id) {
      storeSession(form_id, preload_session_id);
      dispatch({ type: "session", session_id: preload_session_id });
      return;
    }
    const controller = new AbortController();
    fetchSessionId(form_id, controller.signal)
      .then((session_id) => {
        storeSession(form_id, session_id);
        dispatch({ type: "session", session_id });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn("[fieldwork] could not start a session", error);
      });
    return () => controller.abort();
  }, [form_id, preload_session_id, dispatch, onRestore]);
}
