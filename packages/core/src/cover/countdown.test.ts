import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown";

const s = 1000, m = 60 * s, h = 60 * m, d = 24 * h;

describe("formatCountdown", () => {
  it("shows only days when at least a day remains", () => {
    expect(formatCountdown(d)).toBe("1d");
    expect(formatCountdown(3 * d + 5 * h + 7 * s)).toBe("3d");
  });
  it("below a day shows hours and minutes when above 0, and always seconds", () => {
    expect(formatCountdown(2 * h + 5 * m + 7 * s)).toBe("2h 5m 7s");
    expect(formatCountdown(h + 7 * s)).toBe("1h 7s");
    expect(formatCountdown(5 * m)).toBe("5m 0s");
    expect(formatCountdown(42 * s)).toBe("42s");
    expect(formatCountdown(d - s)).toBe("23h 59m 59s");
  });
  it("rounds part seconds up and stops at 0s", () => {
    expect(formatCountdown(1)).toBe("1s");
    expect(formatCountdown(1500)).toBe("2s");
    expect(formatCountdown(0)).toBe("0s");
    expect(formatCountdown(-5000)).toBe("0s");
    expect(formatCountdown(Number.NaN)).toBe("0s");
  });
  it("takes the unit labels given", () => {
    expect(formatCountdown(h + m + s, { d: "일", h: "시간", m: "분", s: "초" })).toBe("1시간 1분 1초");
  });
});
