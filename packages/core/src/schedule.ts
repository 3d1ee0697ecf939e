/** Registration schedule state (spec 3 §4), computed from the open and close times. */

export type ScheduleState = "before_open" | "after_open_before_close" | "after_close";

export function scheduleState(openAt: Date | null, closeAt: Date | null, now: Date): ScheduleState {
  if (openAt && now < openAt) return "before_open";
  if (closeAt && now >= closeAt) return "after_close";
  return "after_open_before_close";
}

/** The next moment the state changes: the open time before opening, the close time while open. */
export function nextScheduleMoment(openAt: Date | null, closeAt: Date | null, now: Date): Date | null {
  const state = scheduleState(openAt, closeAt, now);
  if (state === "before_open") return openAt;
  if (state === "after_open_before_close") return closeAt;
  return null;
}

/** Checks an owner's schedule input; returns the message of spec 3 §5 or null. */
export function scheduleProblem(openAt: Date | null, closeAt: Date | null): string | null {
  if (!openAt && !closeAt) return "Either open or close must be set.";
  if (openAt && closeAt && openAt >= closeAt) return "Open time must be before close time.";
  return null;
}
