import { describe, expect, it } from "vitest";
import { isoAt, isoToLocal, localToIso, offsetLabel, timeZoneChoices } from "./schedule-time";

describe("schedule times in the form's time zone", () => {
  it("turns a wall-clock time into ISO with that zone's offset", () => {
    expect(localToIso("2025-03-09T09:30", "Asia/Seoul")).toBe("2025-03-09T09:30:00+09:00");
    expect(localToIso("2025-01-15T18:00", "America/New_York")).toBe("2025-01-15T18:00:00-05:00");
    expect(localToIso("2025-07-15T18:00", "America/New_York")).toBe("2025-07-15T18:00:00-04:00");
    expect(localToIso("2025-07-15T18:00", "UTC")).toBe("2025-07-15T18:00:00+00:00");
    expect(localToIso("2025-07-15T18:00", "Asia/Kolkata")).toBe("2025-07-15T18:00:00+05:30");
  });

  it("names the same instant as the server reads it", () => {
    const iso = localToIso("2025-11-02T12:00", "Europe/Berlin")!;
    expect(new Date(iso).toISOString()).toBe("2025-11-02T11:00:00.000Z");
  });

  it("moves a time skipped by a DST jump forward and takes the first of a repeated one", () => {
    expect(localToIso("2025-03-09T02:30", "America/New_York")).toBe("2025-03-09T03:30:00-04:00");
    expect(localToIso("2025-11-02T01:30", "America/New_York")).toBe("2025-11-02T01:30:00-04:00");
  });

  it("refuses an empty or malformed input and an unknown zone", () => {
    expect(localToIso("", "UTC")).toBeNull();
    expect(localToIso("tomorrow", "UTC")).toBeNull();
    expect(localToIso("2025-01-01T10:00", "Mars/Olympus")).toBeNull();
  });

  it("shows a stored instant in the zone, whatever offset it was stored with", () => {
    expect(isoToLocal("2025-03-09T00:30:00Z", "Asia/Seoul")).toBe("2025-03-09T09:30");
    expect(isoToLocal("2025-03-09T09:30:00+09:00", "America/New_York")).toBe("2025-03-08T19:30");
    expect(isoToLocal(null, "UTC")).toBe("");
    expect(isoToLocal("nonsense", "UTC")).toBe("");
  });

  it("round-trips every hour of a year in a zone with DST", () => {
    const start = Date.UTC(2025, 0, 1);
    for (let h = 0; h < 24 * 365; h += 13) {
      const ms = start + h * 3600_000;
      const local = isoToLocal(isoAt(ms, "Europe/London"), "Europe/London");
      expect(isoToLocal(localToIso(local, "Europe/London"), "Europe/London")).toBe(local);
    }
  });

  it("offers the browser's zones and keeps a stored zone it does not know", () => {
    expect(timeZoneChoices(null)).toContain("UTC");
    expect(timeZoneChoices("Etc/Unknown")[0]).toBe("Etc/Unknown");
    expect(offsetLabel("Asia/Seoul")).toBe("GMT+09:00");
  });
});
