/**
 * Save from a side panel: dispatches a command through the Build reducer (so it queues and
 * undoes like any other), then watches the queue until its write is answered: `onSaved` on
 * success, `onRefused` with the server's message otherwise. A command that writes nothing
 * counts as saved at once.
 */
import { useEffect, useRef } from "react";
import type { CommandAction } from "./build-commands";
import { useBuildStore } from "./build-store";

export function useQueuedSave(onSaved: () => void, onRefused: (message: string) => void) {
  const store = useBuildStore();
  const waiting = useRef<number | null>(null);
  const callbacks = useRef({ onSaved, onRefused });
  useEffect(() => {
    callbacks.current = { onSaved, onRefused };
  });
  useEffect(() => store.subscribe(() => {
    const seq = waiting.current;
    if (seq === null) return;
    const state = store.get();
    if (state.queue.some((q) => q.seq === seq)) return;
    waiting.current = null;
    if (state.status === "failed") callbacks.current.onRefused(state.error ?? "Failed to save.");
    else callbacks.current.onSaved();
  }), [store]);
  return (action: CommandAction) => {
    const seq = store.get().next_seq;
    store.dispatch(action);
    if (store.get().next_seq === seq) return callbacks.current.onSaved();
    waiting.current = seq;
  };
}
