import { describe, expect, it } from "vitest";
import { coverState } from "./cover-state";

const open = "2026-03-03T09:00:00.000Z", close = "2026-03-10T09:00:00.000Z";
const before = new Date("2026-03-01T00:00:00Z"), during = new Date("2026-03-05T00:00:00Z"), after = new Date("2026-03-11T00:00:00Z");
const campaign = (over: Partial<Parameters<typeof coverState>[0]> = {}) => ({
  is_force_closed: false, is_scheduling_enabled: true, scheduling_open_at: open, scheduling_close_at: close, ...over,
});

describe("coverState", () => {
  it("before opening: Register disabled, counting down to the open time", () => {
    expect(coverState(campaign(), before)).toEqual({ phase: "before_open", register_enabled: false, target: new Date(open) });
  });
  it("while open: Register enabled, counting down to the close time", () => {
    expect(coverState(campaign(), during)).toEqual({ phase: "after_open_before_close", register_enabled: true, target: new Date(close) });
  });
  it("after closing: Register disabled, nothing to count", () => {
    expect(coverState(campaign(), after)).toEqual({ phase: "after_close", register_enabled: false, target: null });
  });
  it("only an open time: open forever once it passes", () => {
    expect(coverState(campaign({ scheduling_close_at: null }), after)).toEqual({ phase: "after_open_before_close", register_enabled: true, target: null });
  });
  it("only a close time: open until then", () => {
    expect(coverState(campaign({ scheduling_open_at: null }), before)).toMatchObject({ phase: "after_open_before_close", register_enabled: true, target: new Date(close) });
  });
  it("the schedule applies only when scheduling is enabled", () => {
    expect(coverState(campaign({ is_scheduling_enabled: false }), before)).toEqual({ phase: null, register_enabled: true, target: null });
  });
  it("force-closed wins over any schedule", () => {
    expect(coverState(campaign({ is_force_closed: true }), during)).toEqual({ phase: "after_close", register_enabled: false, target: null });
    expect(coverState(campaign({ is_force_closed: true, is_scheduling_enabled: false }), during).register_enabled).toBe(false);
  });
});
