/**
 * State of one fetched resource (a project's documents, an organization's members…) as a
 * reducer. The state remembers which key it belongs to, so answers for an older key (the
 * user navigated on) are ignored and a new key shows its skeleton rather than stale data.
 */
export type ResourceState<T> =
  | { status: "loading"; key: string | null; data: null; message: null; generation: number }
  | { status: "ready"; key: string; data: T; message: null; generation: number }
  | { status: "failed"; key: string; data: null; message: string; code: string | null; generation: number };

export type ResourceAction<T> =
  | { type: "start"; key: string }
  | { type: "succeed"; key: string; data: T }
  | { type: "fail"; key: string; message: string; code: string | null }
  | { type: "reload" };

export const initialResource = { status: "loading", key: null, data: null, message: null, generation: 0 } as const;

export function resourceReducer<T>(state: ResourceState<T>, action: ResourceAction<T>): ResourceState<T> {
  switch (action.type) {
    case "start":
      // Reloading the same key keeps what is shown until the new answer arrives.
      if (state.status === "ready" && state.key === action.key) return state;
      return { status: "loading", key: action.key, data: null, message: null, generation: state.generation };
    case "succeed":
      if (action.key !== state.key) return state;
      return { status: "ready", key: action.key, data: action.data, message: null, generation: state.generation };
    case "fail":
      if (action.key !== state.key) return state;
      return { status: "failed", key: action.key, data: null, message: action.message, code: action.code, generation: state.generation };
    case "reload":
      return { ...state, generation: state.generation + 1 };
  }
}

/** What a view of `key` shows: the state if it is about that key, else loading. */
export function viewOf<T>(state: ResourceState<T>, key: string | null): ResourceState<T> {
  return state.key === key ? state : { status: "loading", key, data: null, message: null, generation: state.generation };
}
