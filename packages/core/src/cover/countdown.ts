/**
 * The cover's countdown (spec 3 §4 "Countdown"): it ticks every second; it shows days when at
 * least a day remains, otherwise hours (when above 0), minutes (when above 0) and seconds.
 * Pure, and without imports, so the cover's tiny page script (web/src/cover/cover-script.ts)
 * bundles nothing else of core.
 */

/** Countdown interval (spec 3 §9). */
export const COUNTDOWN_INTERVAL_MS = 1000;

export interface CountdownUnits { d: string; h: string; m: string; s: string }

export const COUNTDOWN_UNITS_EN: CountdownUnits = { d: "d", h: "h", m: "m", s: "s" };

const SECOND = 1000, MINUTE = 60 * SECOND, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

/**
 * The text for `remainingMs` milliseconds left: "3d", "2h 5m 7s", "5m 0s", "1h 7s", "0s".
 * Seconds round up, so the display reaches "0s" only at the moment itself.
 */
export function formatCountdown(remainingMs: number, units: CountdownUnits = COUNTDOWN_UNITS_EN): string {
  const ms = Math.max(0, Math.ceil((Number.isFinite(remainingMs) ? remainingMs : 0) / SECOND) * SECOND);
  if (ms >= DAY) return `${Math.floor(ms / DAY)}${units.d}`;
  const hours = Math.floor(ms / HOUR), minutes = Math.floor((ms % HOUR) / MINUTE), seconds = Math.floor((ms % MINUTE) / SECOND);
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours}${units.h}`);
  if (minutes > 0) parts.push(`${minutes}${units.m}`);
  parts.push(`${seconds}${units.s}`);
  return parts.join(" ");
}
