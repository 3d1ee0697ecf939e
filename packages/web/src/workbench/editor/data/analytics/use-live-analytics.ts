/**
 * The analytics of one form, kept current: read once, then again (refresher.ts: debounced,
 * one request at a time) whenever the live row feed reports a change or comes back after a
 * drop (changes made meanwhile are not replayed). Switching the interval or Retry reads at once.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { AnalyticsInterval } from "@fieldwork/core";
import { fetchAnalytics } from "../../../api/analytics";
import { isAbort, isUnauthorized, messageOf } from "../../../api/http";
import { subscribeRowChanges } from "../../../api/row-changes";
import { redirectToSignIn } from "../../../session/redirect";
import { analyticsReducer, initAnalytics, type AnalyticsState } from "./analytics-state";
import { createRefresher, type Refresher } from "./refresher";

export interface LiveAnalytics {
  state: AnalyticsState;
  chooseInterval: (interval: AnalyticsInterval) => void;
  retry: () => void;
}

export function useLiveAnalytics(form_id: string, initial: AnalyticsInterval = "day"): LiveAnalytics {
  const [state, dispatch] = useReducer(analyticsReducer, initial, initAnalytics);
  const interval = useRef(state.interval);
  const refresher = useRef<Refresher | null>(null);

  useEffect(() => {
    const r = createRefresher(async (signal) => {
      const asked = interval.current;
      dispatch({ type: "started" });
      try {
        const data = await fetchAnalytics(form_id, asked, signal);
        if (!signal.aborted) dispatch({ type: "loaded", interval: asked, data, at: Date.now() });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        if (isUnauthorized(error)) redirectToSignIn();
        else dispatch({ type: "failed", message: messageOf(error) });
      }
    });
    refresher.current = r;
    r.now();
    let dropped = false;
    const stop = subscribeRowChanges(form_id, () => r.soon(), {
      onStatus: (status) => {
        dispatch({ type: "feed", status });
        if (status === "retrying") dropped = true;
        if (status === "open" && dropped) {
          dropped = false;
          r.soon();
        }
      },
    });
    return () => {
      stop();
      r.dispose();
      if (refresher.current === r) refresher.current = null;
    };
  }, [form_id]);

  const chooseInterval = useCallback((next: AnalyticsInterval) => {
    if (next === interval.current) return;
    interval.current = next;
    dispatch({ type: "interval", interval: next });
    refresher.current?.now();
  }, []);
  const retry = useCallback(() => refresher.current?.now(), []);

  return { state, chooseInterval, retry };
}
