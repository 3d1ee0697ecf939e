/**
 * The Build editor's reducer in a small external store, so components read it through
 * narrow hooks (`useBuild(s => s.focus_block_id)`) and typing in one block does not
 * re-render the whole canvas.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import { buildReducer, type BuildAction } from "./build-reducer";
import type { BuildState } from "./build-state";

export interface BuildStore {
  get: () => BuildState;
  dispatch: (action: BuildAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createBuildStore(initial: BuildState): BuildStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = buildReducer(state, action);
      if (next === state) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const BuildStoreContext = createContext<BuildStore | null>(null);

export function useBuildStore(): BuildStore {
  const store = useContext(BuildStoreContext);
  if (!store) throw new Error("useBuildStore must be used inside <BuildStoreContext>");
  return store;
}

/** A slice of the state; re-renders only when it changes (compare by identity). */
export function useBuild<T>(select: (state: BuildState) => T): T {
  const store = useBuildStore();
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}

export const useDispatch = () => useBuildStore().dispatch;
