/**
 * The analytics page's state: the interval asked for, the last answer (kept on screen while
 * the next one loads, so live updates and a switch of interval do not flash a skeleton),
 * whether a read is in flight, the last failure and the live feed's status.
 */
import type { AnalyticsInterval, FormAnalytics } from "@fieldwork/core";
import type { RowFeedStatus } from "../../../api/row-changes";

export interface AnalyticsState {
  interval: AnalyticsInterval;
  data: FormAnalytics | null;
  /** The interval `data` was asked for. */
  data_interval: AnalyticsInterval | null;
  /** When `data` arrived, ms since the epoch (the browser's clock, for "Updated just now"). */
  received_at: number | null;
  loading: boolean;
  /** Message of the last read, if it failed; cleared by the next answer. */
  error: string | null;
  feed: RowFeedStatus;
}

export type AnalyticsAction =
  | { type: "interval"; interval: AnalyticsInterval }
  | { type: "started" }
  | { type: "loaded"; interval: AnalyticsInterval; data: FormAnalytics; at: number }
  | { type: "failed"; message: string }
  | { type: "feed"; status: RowFeedStatus };

export const initAnalytics = (interval: AnalyticsInterval = "day"): AnalyticsState => ({
  interval, data: null, data_interval: null, received_at: null, loading: true, error: null, feed: "connecting",
});

export function analyticsReducer(state: AnalyticsState, action: AnalyticsAction): AnalyticsState {
  switch (action.type) {
    case "interval":
      return action.interval === state.interval ? state : { ...state, interval: action.interval, loading: true };
    case "started":
      return state.loading ? state : { ...state, loading: true };
    case "loaded":
      // An answer for an interval no longer asked for (a race the abort missed) is dropped.
      if (action.interval !== state.interval) return state;
      return { ...state, data: action.data, data_interval: action.interval, received_at: action.at, loading: false, error: null };
    case "failed":
      return { ...state, loading: false, error: action.message };
    case "feed":
      return action.status === state.feed ? state : { ...state, feed: action.status };
  }
}

/** What the page draws. */
export type AnalyticsView =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "empty"; data: FormAnalytics }
  | { kind: "ready"; data: FormAnalytics; stale: boolean };

export function viewOf(state: AnalyticsState): AnalyticsView {
  const { data } = state;
  if (!data) return state.error !== null && !state.loading ? { kind: "failed", message: state.error } : { kind: "loading" };
  if (data.total === 0) return { kind: "empty", data };
  // The chart of another interval stays, dimmed, until the asked one arrives.
  return { kind: "ready", data, stale: state.data_interval !== state.interval };
}
