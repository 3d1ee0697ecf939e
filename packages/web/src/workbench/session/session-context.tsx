/** @jsxRuntime automatic */
/**
 * The signed-in user for the whole app. `useSession()` reads it and offers refresh, retry
 * and reset; `useLoadSession()` (mounted by the private area) fetches `/me` whenever the
 * state is loading and leaves for /sign-in on 401.
 */
import { createContext, useContext, useEffect, useMemo, useReducer, type ActionDispatch, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { fetchMe } from "../api/me";
import { isAbort, isUnauthorized, messageOf } from "../api/http";
import type { Me } from "../api/types";
import { navigate } from "../router/history";
import { initialSession, sessionReducer, type SessionAction, type SessionState } from "./session-state";
import { redirectToSignIn } from "./redirect";

interface SessionContextValue {
  state: SessionState;
  dispatch: ActionDispatch<[SessionAction]>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialSession);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession needs a SessionProvider");
  const { state, dispatch } = value;
  return {
    state,
    /** Loads `/me` again (after creating an organization or a project) and resolves with it. */
    async refresh(): Promise<Me> {
      const me = await fetchMe();
      dispatch({ type: "loaded", me });
      return me;
    },
    /**
     * Loads `/me` again, then shows `path` with it in one render: after a create, rename,
     * delete or join, the page never meets a session that does not know it yet ("not found").
     */
    async refreshAndGo(path: string, options: { replace?: boolean } = {}): Promise<void> {
      const me = await fetchMe();
      flushSync(() => {
        dispatch({ type: "loaded", me });
        navigate(path, options);
      });
    },
    /** Takes a `/me` the server already answered with (after a profile change). */
    replace: (me: Me) => dispatch({ type: "loaded", me }),
    retry: () => dispatch({ type: "retry" }),
    /** Forget the user (after signing in or out). */
    reset: () => dispatch({ type: "reset" }),
  };
}

/** Fetches `/me` while the session is loading (once per generation). */
export function useLoadSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useLoadSession needs a SessionProvider");
  const { state, dispatch } = value;
  const { status, generation } = state;
  useEffect(() => {
    if (status !== "loading") return;
    const controller = new AbortController();
    fetchMe(controller.signal).then(
      (me) => dispatch({ type: "loaded", me, generation }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        if (isUnauthorized(error)) redirectToSignIn();
        else dispatch({ type: "failed", message: messageOf(error), generation });
      },
    );
    return () => controller.abort();
  }, [status, generation, dispatch]);
  return state;
}
