import { describe, expect, it } from "vitest";
import { bucketLabel, describeSeries, fillBuckets, tickIndexes, tickLabel, type Bucket } from "./time-buckets";

const H = 3_600_000;
const D = 24 * H;
const utc = (iso: string) => Date.parse(iso);
const UTC = { locale: "en-US", timeZone: "UTC" };

describe("filling the time axis", () => {
  it("fills hours without answers with zero, from the first answer to the hour holding now", () => {
    const series = fillBuckets(
      [{ at: "2024-03-04T10:00:00.000Z", count: 3 }, { at: "2024-03-05T09:00:00Z", count: 1 }],
      "hour",
      utc("2024-03-05T11:42:00Z"),
    );
    expect(series.buckets).toHaveLength(26);
    expect(series.buckets[0]).toEqual({ at: utc("2024-03-04T10:00:00Z"), count: 3 });
    expect(series.buckets[23]).toEqual({ at: utc("2024-03-05T09:00:00Z"), count: 1 });
    expect(series.buckets.at(-1)).toEqual({ at: utc("2024-03-05T11:00:00Z"), count: 0 });
    expect(series.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(4);
    expect(series.buckets.every((b, i) => i === 0 || b.at - series.buckets[i - 1]!.at === H)).toBe(true);
    expect(series.clipped).toBe(false);
  });

  it("spans at least a week of days ending today, so one answer is not one wide bar", () => {
    const series = fillBuckets([{ at: "2024-03-05T00:00:00Z", count: 2 }], "day", utc("2024-03-05T18:00:00Z"));
    expect(series.buckets.map((b) => new Date(b.at).toISOString().slice(0, 10))).toEqual([
      "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05",
    ]);
    expect(series.buckets.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(fillBuckets([], "hour", utc("2024-03-05T18:30:00Z")).buckets).toHaveLength(24);
  });

  it("keeps the newest buckets when the history is longer than the chart holds, and says so", () => {
    const series = fillBuckets(
      [{ at: "2024-01-01T00:00:00Z", count: 5 }, { at: "2024-03-04T00:00:00Z", count: 1 }],
      "day",
      utc("2024-03-05T12:00:00Z"),
      10,
    );
    expect(series.buckets).toHaveLength(10);
    expect(series.buckets[0]!.at).toBe(utc("2024-02-25T00:00:00Z"));
    expect(series.clipped).toBe(true);
  });

  it("adds entries of one bucket together, skips unreadable ones and lets a future answer end the axis", () => {
    const series = fillBuckets(
      [{ at: "2024-03-05T10:00:00Z", count: 1 }, { at: "2024-03-05T10:30:00Z", count: 2 }, { at: "nonsense", count: 9 }, { at: "2024-03-05T13:00:00Z", count: 1 }],
      "hour",
      utc("2024-03-05T11:10:00Z"),
    );
    expect(series.buckets.at(-1)).toEqual({ at: utc("2024-03-05T13:00:00Z"), count: 1 });
    expect(series.buckets.find((b) => b.at === utc("2024-03-05T10:00:00Z"))!.count).toBe(3);
    expect(series.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(4);
  });
});

describe("bucket labels", () => {
  it("names an hour by its range and a day by its date", () => {
    expect(bucketLabel(utc("2024-03-04T14:00:00Z"), "hour", UTC)).toMatch(/^Mar 4, 2:00\s*–\s*3:00\sPM$/);
    expect(bucketLabel(utc("2024-03-04T00:00:00Z"), "day", UTC)).toBe("Mon, Mar 4, 2024");
  });

  it("shows days as UTC days whatever the browser's zone, and hours in the zone asked for", () => {
    const day = utc("2024-03-04T00:00:00Z");
    expect(bucketLabel(day, "day", { locale: "en-US", timeZone: "America/Los_Angeles" })).toBe("Mon, Mar 4, 2024");
    expect(tickLabel(utc("2024-03-04T14:00:00Z"), "hour", { locale: "en-US", timeZone: "Asia/Tokyo" })).toBe("11 PM");
  });

  it("ticks of hours read as hours, and as the date at midnight", () => {
    expect(tickLabel(utc("2024-03-04T06:00:00Z"), "hour", UTC)).toBe("6 AM");
    expect(tickLabel(utc("2024-03-05T00:00:00Z"), "hour", UTC)).toBe("Mar 5");
    expect(tickLabel(utc("2024-03-05T00:00:00Z"), "day", UTC)).toBe("Mar 5");
  });
});

describe("ticks of the time axis", () => {
  const hours = (from: string, n: number): Bucket[] => Array.from({ length: n }, (_, i) => ({ at: utc(from) + i * H, count: 0 }));
  const days = (from: string, n: number): Bucket[] => Array.from({ length: n }, (_, i) => ({ at: utc(from) + i * D, count: 0 }));

  it("puts a day of hours on round hours of the zone", () => {
    const buckets = hours("2024-03-04T15:00:00Z", 24);
    const picked = tickIndexes(buckets, "hour", 6, () => 0);
    expect(picked.map((i) => new Date(buckets[i]!.at).getUTCHours())).toEqual([18, 0, 6, 12]);
    // In UTC+2 the round hours are two hours earlier in UTC.
    const shifted = tickIndexes(buckets, "hour", 6, () => 2 * H);
    expect(shifted.map((i) => new Date(buckets[i]!.at).getUTCHours())).toEqual([16, 22, 4, 10]);
  });

  it("never gives more ticks than asked, and weeks of days start on Mondays", () => {
    const buckets = days("2024-01-01T00:00:00Z", 60);
    const picked = tickIndexes(buckets, "day", 6, () => 0);
    expect(picked.length).toBeLessThanOrEqual(6);
    expect(picked.length).toBeGreaterThanOrEqual(4);
    expect(picked.every((i) => new Date(buckets[i]!.at).getUTCDay() === 1)).toBe(true);
    expect(tickIndexes(days("2024-01-01T00:00:00Z", 5), "day", 6)).toEqual([0, 1, 2, 3, 4]);
    expect(tickIndexes([], "day")).toEqual([]);
  });
});

describe("the chart's summary for screen readers", () => {
  it("names the span, the total and the busiest bucket", () => {
    const series = fillBuckets([{ at: "2024-03-03T00:00:00Z", count: 4 }, { at: "2024-03-05T00:00:00Z", count: 1 }], "day", utc("2024-03-05T12:00:00Z"));
    expect(describeSeries(series, UTC)).toBe(
      "Responses per day from Wed, Feb 28, 2024 to Tue, Mar 5, 2024: 5 in all, most in one day 4 (Sun, Mar 3, 2024).",
    );
    expect(describeSeries(fillBuckets([], "day", utc("2024-03-05T12:00:00Z")), UTC)).toMatch(/: none\.$/);
  });
});
