/**
 * Sends the save queue's writes one at a time (build-state.ts decides which), toasts a
 * refusal ('Failed to save.' and the server's message) and fetches the document again
 * after one.
 */
import { useEffect } from "react";
import { fetchEditorDocument } from "../../api/form-editor";
import { ApiError, isAbort, messageOf } from "../../api/http";
import { toast } from "../../shell/toast-store";
import { nextWrite, onlyRevisionMoved } from "./build-state";
import type { BuildStore } from "./build-store";
import { sendRequest } from "./send-request";

export function useSaveQueue(store: BuildStore, form_id: string, csrf_token: string): void {
  useEffect(() => {
    let reloaded = store.get().reload;
    let alive = true;
    const controller = new AbortController();
    const pump = () => {
      const state = store.get();
      if (state.reload !== reloaded) {
        reloaded = state.reload;
        fetchEditorDocument(form_id, controller.signal)
          .then((document) => alive && store.dispatch({ type: "reloaded", document }))
          .catch(() => undefined);
      }
      const write = nextWrite(state);
      if (!write) return;
      store.dispatch({ type: "write-sent", seq: write.seq });
      sendRequest(form_id, write.request, state.server.revision, { csrf_token })
        .then((result) => alive && store.dispatch({ type: "write-succeeded", seq: write.seq, result }))
        .catch(async (error: unknown) => {
          if (!alive || isAbort(error)) return;
          if (error instanceof ApiError && error.code === "REVISION_CONFLICT") {
            // Publishing bumps the revision too: when nothing the editor holds changed, send again.
            const fresh = await fetchEditorDocument(form_id, controller.signal).catch(() => null);
            if (!alive) return;
            if (fresh && onlyRevisionMoved(store.get(), fresh)) return store.dispatch({ type: "write-rebased", seq: write.seq, document: fresh });
          }
          const message = messageOf(error);
          toast.error(`Failed to save. ${message}`);
          store.dispatch({ type: "write-failed", seq: write.seq, message });
        });
    };
    const unsubscribe = store.subscribe(pump);
    pump();
    return () => {
      alive = false;
      controller.abort();
      unsubscribe();
    };
  }, [store, form_id, csrf_token]);
}

/** Warns before leaving with writes not yet saved (closing the tab, or a link in the app). */
export function hasUnsaved(store: BuildStore): boolean {
  return store.get().queue.length > 0;
}
