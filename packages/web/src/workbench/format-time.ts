/** Times in lists: "just now", "5 minutes ago", "yesterday", then a date. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

export function formatRelativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return "";
  let delta = (then.getTime() - now.getTime()) / 1000;
  if (Math.abs(delta) < 45) return "just now";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) < size) return format.format(Math.round(delta), unit);
    delta /= size;
  }
  const sameYear = then.getFullYear() === now.getFullYear();
  return then.toLocaleDateString(locale, { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}

/** The full time, for a `title` or `<time>` tooltip. */
export function formatFullTime(iso: string, locale?: string): string {
  const then = new Date(iso);
  return Number.isNaN(then.getTime()) ? "" : then.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}
