import { describe, expect, it } from "vitest";
import type { FormAnalytics } from "@fieldwork/core";
import { analyticsReducer, initAnalytics, viewOf, type AnalyticsAction, type AnalyticsState } from "./analytics-state";

const run = (state: AnalyticsState, ...actions: AnalyticsAction[]) => actions.reduce(analyticsReducer, state);
const answer = (total: number, interval: FormAnalytics["interval"] = "day"): FormAnalytics => ({
  total, interval, over_time: [], fields: [], computed_at: "2024-03-05T12:00:00Z",
});

describe("analytics page state", () => {
  it("shows the skeleton until the first answer, then the page, or the empty state without responses", () => {
    const start = initAnalytics("day");
    expect(viewOf(start)).toEqual({ kind: "loading" });
    expect(viewOf(run(start, { type: "loaded", interval: "day", data: answer(3), at: 1 }))).toMatchObject({ kind: "ready", stale: false });
    expect(viewOf(run(start, { type: "loaded", interval: "day", data: answer(0), at: 1 })).kind).toBe("empty");
  });

  it("a failed first read shows the error; Retry shows the skeleton again", () => {
    const failed = run(initAnalytics(), { type: "failed", message: "The server had a problem." });
    expect(viewOf(failed)).toEqual({ kind: "failed", message: "The server had a problem." });
    expect(viewOf(run(failed, { type: "started" }))).toEqual({ kind: "loading" });
  });

  it("keeps the last answer on screen while reading again, and through a failed refresh", () => {
    const ready = run(initAnalytics(), { type: "loaded", interval: "day", data: answer(3), at: 1 });
    const refreshing = run(ready, { type: "started" });
    expect(refreshing.loading).toBe(true);
    expect(viewOf(refreshing)).toMatchObject({ kind: "ready", data: { total: 3 } });
    const failed = run(refreshing, { type: "failed", message: "offline" });
    expect(viewOf(failed)).toMatchObject({ kind: "ready", data: { total: 3 } });
    expect(failed.error).toBe("offline");
    expect(run(failed, { type: "loaded", interval: "day", data: answer(4), at: 2 })).toMatchObject({ error: null, received_at: 2, data: { total: 4 } });
  });

  it("switching the interval dims the old chart until the new one arrives; a late answer of the old one is dropped", () => {
    const ready = run(initAnalytics("day"), { type: "loaded", interval: "day", data: answer(3), at: 1 });
    const switched = run(ready, { type: "interval", interval: "hour" });
    expect(viewOf(switched)).toMatchObject({ kind: "ready", stale: true });
    expect(run(switched, { type: "loaded", interval: "day", data: answer(9), at: 2 })).toBe(switched);
    expect(viewOf(run(switched, { type: "loaded", interval: "hour", data: answer(3, "hour"), at: 2 }))).toMatchObject({ kind: "ready", stale: false });
  });

  it("follows the live feed's status without new state when nothing changed", () => {
    const start = initAnalytics();
    const open = run(start, { type: "feed", status: "open" });
    expect(open.feed).toBe("open");
    expect(run(open, { type: "feed", status: "open" })).toBe(open);
  });
});
