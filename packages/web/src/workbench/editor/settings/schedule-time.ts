/**
 * The form's schedule as the owner types it: wall-clock times (`<input type=datetime-local>`,
 * "2025-03-09T09:30") in the form's `scheduling_tz`, and the ISO instants with an offset the
 * server stores ("2025-03-09T09:30:00-05:00"). Pure, with Intl only (no date library).
 */

/** "YYYY-MM-DDTHH:mm", what a datetime-local input holds. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone, or UTC when it has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Every zone the browser knows, with `current` kept when it is not among them. */
export function timeZoneChoices(current: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  const list = zones.includes("UTC") ? zones : ["UTC", ...zones];
  return current && !list.includes(current) ? [current, ...list] : list;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallFormat(tz: string): Intl.DateTimeFormat {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(tz, format);
  }
  return format;
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallOf(ms: number, tz: string): Wall {
  const parts = Object.fromEntries(wallFormat(tz).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour! % 24, minute: +parts.minute!, second: +parts.second! };
}

const utcOf = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Minutes `tz` is ahead of UTC at the instant `ms`. */
export function offsetMinutes(ms: number, tz: string): number {
  return Math.round((utcOf(wallOf(ms - (ms % 1000), tz)) - (ms - (ms % 1000))) / 60000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

function offsetText(minutes: number): string {
  return `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * The instant a wall-clock time in `tz` names, as ISO with that zone's offset then. A time
 * skipped by a DST jump moves forward by the jump (02:30 on a spring-forward night is 03:30);
 * a repeated one takes its first occurrence. Null for an empty or malformed input.
 */
export function localToIso(local: string, tz: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match || !isTimeZone(tz)) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall: Wall = { year: +y!, month: +mo!, day: +d!, hour: +h!, minute: +mi!, second: s ? +s : 0 };
  const guess = utcOf(wall);
  if (Number.isNaN(guess)) return null;
  // Two offsets around the guess; the earlier instant that reads as the wall time wins.
  const first = guess - offsetMinutes(guess, tz) * 60000;
  const second = guess - offsetMinutes(first, tz) * 60000;
  const candidates = [first, second].filter((ms) => utcOf(wallOf(ms, tz)) === guess).sort((a, b) => a - b);
  const instant = candidates[0] ?? Math.max(first, second);
  return isoAt(instant, tz);
}

/** An instant as ISO 8601 with the offset of `tz` at that instant ("…T09:30:00+09:00"). */
export function isoAt(ms: number, tz: string): string {
  const w = wallOf(ms, tz);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  return `${date}${offsetText(offsetMinutes(ms, tz))}`;
}

/** A stored instant as the datetime-local value of `tz` ("" when none or unreadable). */
export function isoToLocal(iso: string | null, tz: string): string {
  if (!iso || !isTimeZone(tz)) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const w = wallOf(ms, tz);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** "GMT+09:00" for a zone now, shown beside its name. */
export function offsetLabel(tz: string, now = Date.now()): string {
  return isTimeZone(tz) ? `GMT${offsetText(offsetMinutes(now, tz))}` : "";
}
