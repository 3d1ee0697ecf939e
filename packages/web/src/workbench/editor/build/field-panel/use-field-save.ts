/**
 * Save from the panel: dispatches update-field through the Build reducer (so it queues and
 * undoes like any command), then watches the queue until that write is answered: closed
 * on success, the server's refusal (FIELD_NAME_TAKEN, FIELD_TYPE_CHANGE_REFUSED with its
 * rows…) kept in the panel otherwise.
 */
import { useEffect, useRef } from "react";
import type { FieldDefinition } from "@fieldwork/core";
import { command } from "../build-reducer";
import { useBuildStore } from "../build-store";

export function useFieldSave(onSaved: () => void, onRefused: (message: string) => void) {
  const store = useBuildStore();
  const waiting = useRef<number | null>(null);
  const callbacks = useRef({ onSaved, onRefused });
  callbacks.current = { onSaved, onRefused };
  useEffect(() => store.subscribe(() => {
    const seq = waiting.current;
    if (seq === null) return;
    const state = store.get();
    if (state.queue.some((q) => q.seq === seq)) return;
    waiting.current = null;
    if (state.status === "failed") callbacks.current.onRefused(state.error ?? "Failed to save.");
    else callbacks.current.onSaved();
  }), [store]);
  return (field_id: string, field: FieldDefinition) => {
    const seq = store.get().next_seq;
    store.dispatch(command("update-field", { field_id, field }));
    if (store.get().next_seq === seq) return callbacks.current.onSaved();
    waiting.current = seq;
  };
}
