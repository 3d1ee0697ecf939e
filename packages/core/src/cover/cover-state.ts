/**
 * What the cover's footer and Register button show at a moment (spec 3 §4 "Registration
 * schedule state", "Register button"): disabled when force-closed, or when scheduling is
 * enabled and the state is not open; the schedule applies only when scheduling is enabled.
 * No imports beyond the schedule rule, so the cover's page script can run it too.
 */
import { nextScheduleMoment, scheduleState, type ScheduleState } from "../schedule";

export interface CoverCampaign {
  is_force_closed: boolean;
  is_scheduling_enabled: boolean;
  scheduling_open_at: string | null;
  scheduling_close_at: string | null;
}

export interface CoverState {
  /** The footer's wording: a schedule state; `after_close` when force-closed; null without a schedule. */
  phase: ScheduleState | null;
  register_enabled: boolean;
  /** What the countdown counts down to: the open time before opening, the close time while open. */
  target: Date | null;
}

const dateOf = (text: string | null): Date | null => {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function coverState(campaign: CoverCampaign, now: Date): CoverState {
  if (campaign.is_force_closed) return { phase: "after_close", register_enabled: false, target: null };
  if (!campaign.is_scheduling_enabled) return { phase: null, register_enabled: true, target: null };
  const open = dateOf(campaign.scheduling_open_at), close = dateOf(campaign.scheduling_close_at);
  if (!open && !close) return { phase: null, register_enabled: true, target: null };
  const phase = scheduleState(open, close, now);
  return { phase, register_enabled: phase === "after_open_before_close", target: nextScheduleMoment(open, close, now) };
}
