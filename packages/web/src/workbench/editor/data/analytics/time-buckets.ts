/**
 * The time axis of "Responses over time": the server answers only the buckets that hold
 * answers (UTC bucket starts, oldest first); the chart wants every bucket from the first
 * answer (or a minimum span) up to now, zeros included, so its time axis is even.
 */
import type { AnalyticsInterval, FormAnalytics } from "@fieldwork/core";

export const BUCKET_MS: Readonly<Record<AnalyticsInterval, number>> = { hour: 3_600_000, day: 86_400_000 };
/** The chart spans at least a day of hours or a week of days, so one answer is not one wide bar. */
export const MIN_BUCKETS: Readonly<Record<AnalyticsInterval, number>> = { hour: 24, day: 7 };
/** Most buckets drawn: 90 days of hours, five years of days (older ones are left out). */
export const MAX_BUCKETS: Readonly<Record<AnalyticsInterval, number>> = { hour: 24 * 90, day: 366 * 5 };

export interface Bucket {
  /** Start of the bucket, ms since the epoch. */
  at: number;
  count: number;
}

export interface Series {
  interval: AnalyticsInterval;
  buckets: Bucket[];
  /** Answers fell before the first bucket drawn (MAX_BUCKETS). */
  clipped: boolean;
}

/** Start of the UTC hour or day holding `ms`. */
export const bucketStart = (ms: number, interval: AnalyticsInterval) => Math.floor(ms / BUCKET_MS[interval]) * BUCKET_MS[interval];

/**
 * Every bucket from the first answer to the one holding `now`, zeros filled in; at least
 * MIN_BUCKETS, at most `max` (the newest). Entries with unreadable times are skipped and
 * entries in one bucket added up. Answers after `now` (a slow clock) still end the axis.
 */
export function fillBuckets(
  over_time: FormAnalytics["over_time"],
  interval: AnalyticsInterval,
  now: number,
  max: number = MAX_BUCKETS[interval],
): Series {
  const step = BUCKET_MS[interval];
  const counts = new Map<number, number>();
  for (const { at, count } of over_time) {
    const ms = Date.parse(at);
    if (Number.isNaN(ms) || !(count > 0)) continue;
    const start = bucketStart(ms, interval);
    counts.set(start, (counts.get(start) ?? 0) + count);
  }
  const starts = [...counts.keys()];
  const end = Math.max(bucketStart(now, interval), ...starts);
  const first = starts.length > 0 ? Math.min(...starts) : end;
  let start = Math.min(first, end - (MIN_BUCKETS[interval] - 1) * step);
  const limit = Math.max(1, max);
  if ((end - start) / step + 1 > limit) start = end - (limit - 1) * step;
  const buckets: Bucket[] = [];
  for (let at = start; at <= end; at += step) buckets.push({ at, count: counts.get(at) ?? 0 });
  return { interval, buckets, clipped: first < start };
}

export interface TimeFormat {
  locale?: string;
  /** Hours show in this zone (default: the browser's); days are UTC days, so they show in UTC. */
  timeZone?: string;
}

const zoneOf = (interval: AnalyticsInterval, format: TimeFormat) => (interval === "day" ? "UTC" : format.timeZone);

/** A bucket in full, for tooltips and the data table: "Mar 4, 2:00 – 3:00 PM" or "Mon, Mar 4, 2024". */
export function bucketLabel(at: number, interval: AnalyticsInterval, format: TimeFormat = {}): string {
  const timeZone = zoneOf(interval, format);
  if (interval === "day") {
    return new Intl.DateTimeFormat(format.locale, { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone }).format(at);
  }
  const f = new Intl.DateTimeFormat(format.locale, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
  return f.formatRange(at, at + BUCKET_MS.hour);
}

/** A tick of the time axis: the hour ("2 PM"), the date at midnight and for days ("Mar 4"). */
export function tickLabel(at: number, interval: AnalyticsInterval, format: TimeFormat = {}): string {
  const timeZone = zoneOf(interval, format);
  const date = new Intl.DateTimeFormat(format.locale, { month: "short", day: "numeric", timeZone });
  if (interval === "day") return date.format(at);
  const hour = new Intl.DateTimeFormat(format.locale, { hour: "numeric", hourCycle: "h23", timeZone }).formatToParts(at);
  const h = Number(hour.find((p) => p.type === "hour")?.value ?? NaN);
  return h === 0 ? date.format(at) : new Intl.DateTimeFormat(format.locale, { hour: "numeric", timeZone }).format(at);
}

/** Offset of the zone ticks are placed in, in ms (local by default). */
export type OffsetOf = (at: number) => number;
const localOffset: OffsetOf = (at) => -new Date(at).getTimezoneOffset() * 60_000;

const HOUR_STEPS = [1, 2, 3, 6, 12, 24, 48, 96, 168, 336, 672];
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364, 728];
/** 1970-01-01 was a Thursday: weeks of ticks start on Mondays. */
const MONDAY = 4;

/**
 * Indexes of the buckets that carry a tick label: at most `most`, on round times (every 6
 * hours at local midnight, 6:00, 12:00…; every 7 days on Mondays…).
 */
export function tickIndexes(buckets: readonly Bucket[], interval: AnalyticsInterval, most = 6, offsetOf: OffsetOf = localOffset): number[] {
  if (buckets.length === 0 || most < 1) return [];
  const steps = interval === "hour" ? HOUR_STEPS : DAY_STEPS;
  const step = steps.find((s) => Math.ceil(buckets.length / s) <= most) ?? Math.ceil(buckets.length / most);
  const picked: number[] = [];
  buckets.forEach((bucket, index) => {
    const units = interval === "hour"
      ? Math.floor((bucket.at + offsetOf(bucket.at)) / BUCKET_MS.hour)
      : Math.floor(bucket.at / BUCKET_MS.day) + (step % 7 === 0 ? MONDAY - 1 : 0);
    if (((units % step) + step) % step === 0) picked.push(index);
  });
  return picked.slice(0, most);
}

/** What the chart says to a screen reader: span, total and busiest bucket. */
export function describeSeries(series: Series, format: TimeFormat = {}): string {
  const { buckets, interval } = series;
  const unit = interval === "hour" ? "hour" : "day";
  if (buckets.length === 0) return `Responses per ${unit}: none.`;
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const first = bucketLabel(buckets[0]!.at, interval, format);
  const last = bucketLabel(buckets[buckets.length - 1]!.at, interval, format);
  const span = `Responses per ${unit} from ${first} to ${last}`;
  if (total === 0) return `${span}: none.`;
  const peak = buckets.reduce((best, b) => (b.count > best.count ? b : best));
  return `${span}: ${total} in all, most in one ${unit} ${peak.count} (${bucketLabel(peak.at, interval, format)}).`;
}
