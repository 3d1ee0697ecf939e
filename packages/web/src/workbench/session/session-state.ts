/**
 * Who is signed in, as one reducer: `/private/editor/me` loading, loaded or failed. Each
 * load has a generation, so an answer that arrives after a reset or a retry is dropped.
 */
import type { Me } from "../api/types";

export interface SessionState {
  status: "loading" | "ready" | "failed";
  me: Me | null;
  message: string | null;
  generation: number;
}

export type SessionAction =
  | { type: "loaded"; me: Me; generation?: number }
  | { type: "failed"; message: string; generation: number }
  | { type: "retry" }
  /** Signed in or out: forget the user and load again when a private page needs it. */
  | { type: "reset" };

export const initialSession: SessionState = { status: "loading", me: null, message: null, generation: 0 };

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case "loaded":
      if (action.generation !== undefined && action.generation !== state.generation) return state;
      return { ...state, status: "ready", me: action.me, message: null };
    case "failed":
      if (action.generation !== state.generation) return state;
      return { ...state, status: "failed", message: action.message };
    case "retry":
      return { ...state, status: "loading", message: null, generation: state.generation + 1 };
    case "reset":
      return { status: "loading", me: null, message: null, generation: state.generation + 1 };
  }
}
