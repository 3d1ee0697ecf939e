/**
 * How data mode writes values (spec 3 §9): record ids, byte sizes, object cells, masking,
 * dates in a chosen format and time zone, plurals.
 */

/** `#007`: `#` plus the index zero-padded to three digits (`#1234` past 999). */
export function recordIdLabel(index: number | null | undefined): string {
  if (typeof index !== "number" || !Number.isFinite(index)) return "#";
  return `#${String(Math.trunc(index)).padStart(3, "0")}`;
}

const KIB = 1024;
/** B below 1024, KB below 1 MiB, MB below 1 GiB, else GB; two decimals past bytes. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < KIB ** 2) return `${(bytes / KIB).toFixed(2)} KB`;
  if (bytes < KIB ** 3) return `${(bytes / KIB ** 2).toFixed(2)} MB`;
  return `${(bytes / KIB ** 3).toFixed(2)} GB`;
}

/** `1 row`, `2 rows`: adds s when the count is above 1. */
export const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count > 1 ? "s" : ""}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^([^\s@]+)@([^\s@]+)$/;

const maskWord = (word: string) => {
  const chars = [...word];
  return chars.length === 0 ? "" : chars[0] + "*".repeat(chars.length - 1);
};

/**
 * Masked text: the first character of each word, of a uuid and of an email's local part
 * stays; the rest is `*` (the domain of an email too, keeping its dots so it still reads as one).
 */
export function maskText(text: string): string {
  const trimmed = text.trim();
  if (UUID.test(trimmed)) return maskWord(trimmed.replace(/-/g, "")).replace(/^(.)(.{7})(.{4})(.{4})(.{4})(.*)$/, "$1$2-$3-$4-$5-$6");
  const email = EMAIL.exec(trimmed);
  if (email) return `${maskWord(email[1]!)}@${email[2]!.replace(/[^.]/g, "*")}`;
  return text.replace(/[^\s]+/gu, maskWord);
}

/** A cell's text: strings as they are, objects and lists as JSON, null as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value) ?? "";
}

export const DATE_FORMATS = ["date", "time", "datetime"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DATE_FORMAT_LABELS: Record<DateFormat, string> = { date: "Date", time: "Time", datetime: "Date Time" };

export const DATE_TIMEZONES = ["local", "utc", "scheduling"] as const;
export type DateTimezone = (typeof DATE_TIMEZONES)[number];
export const DATE_TIMEZONE_LABELS: Record<DateTimezone, string> = { local: "Local Time", utc: "UTC Time", scheduling: "Scheduling Time" };

/**
 * A timestamp as the view options ask: `2026-11-23`, `14:05:09` or `2026-11-23 14:05:09`,
 * in the browser's zone, UTC or a named zone (the form's scheduling zone). Text that is not
 * a time comes back unchanged.
 */
export function formatTimestamp(value: string, format: DateFormat, timeZone: string | undefined): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
    }).formatToParts(date);
  } catch {
    return value; // an unknown zone name
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  const time = `${part("hour")}:${part("minute")}:${part("second")}`;
  return format === "date" ? day : format === "time" ? time : `${day} ${time}`;
}
