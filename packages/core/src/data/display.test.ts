import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellText, formatBytes, formatTimestamp, maskText, plural, recordIdLabel } from "./display";

describe("recordIdLabel", () => {
  it("writes # plus the index zero-padded to three digits, longer past 999", () => {
    expect([0, 1, 7, 42, 999, 1000, 1234, 123456].map(recordIdLabel)).toEqual(["#000", "#001", "#007", "#042", "#999", "#1000", "#1234", "#123456"]);
  });

  it("drops a fraction and shows a bare # when there is no index", () => {
    expect(recordIdLabel(12.9)).toBe("#012");
    expect([null, undefined, NaN, Infinity].map(recordIdLabel)).toEqual(["#", "#", "#", "#"]);
  });
});

describe("formatBytes", () => {
  it("writes bytes below 1024 as B, whole", () => {
    expect([0, 1, 512, 1023].map(formatBytes)).toEqual(["0 B", "1 B", "512 B", "1023 B"]);
  });

  it("switches unit at 1 KiB, 1 MiB and 1 GiB, with two decimals", () => {
    expect(formatBytes(1024)).toBe("1.00 KB");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(1024 ** 2 - 1024)).toBe("1023.00 KB");
    expect(formatBytes(1024 ** 2)).toBe("1.00 MB");
    expect(formatBytes(10 * 1024 ** 2)).toBe("10.00 MB");
    expect(formatBytes(1024 ** 3 - 1024 ** 2)).toBe("1023.00 MB");
    expect(formatBytes(1024 ** 3)).toBe("1.00 GB");
    expect(formatBytes(2.5 * 1024 ** 4)).toBe("2560.00 GB");
  });

  it("writes nothing for sizes that are not sizes", () => {
    expect([-1, NaN, Infinity, -Infinity].map(formatBytes)).toEqual(["", "", "", ""]);
  });

  it("writes every whole byte count as a number and one of the four units", () => {
    fc.assert(fc.property(fc.maxSafeNat(), (bytes) => {
      expect(formatBytes(bytes)).toMatch(/^\d+(\.\d+)? (B|KB|MB|GB)$/);
    }));
  });
});

describe("plural", () => {
  it("adds s when the count is above 1, and groups thousands", () => {
    expect(plural(1, "row")).toBe("1 row");
    expect(plural(2, "row")).toBe("2 rows");
    expect(plural(1234, "response")).toBe("1,234 responses");
    expect(plural(0, "row")).toBe("0 row");
  });
});

describe("maskText", () => {
  it("keeps the first character of each word and hides the rest", () => {
    expect(maskText("Ada Lovelace")).toBe("A** L*******");
    expect(maskText("a")).toBe("a");
    expect(maskText("")).toBe("");
  });

  it("keeps the spacing between words as it is", () => {
    expect(maskText("  two  words\nline ")).toBe("  t**  w****\nl*** ");
  });

  it("masks by character, not by UTF-16 unit", () => {
    expect(maskText("héllo wörld")).toBe("h**** w****");
    expect(maskText("日本語 💥boom")).toBe("日** 💥****");
  });

  it("keeps a uuid's first character and its dashes", () => {
    expect(maskText("3f2a1b4c-0000-4abc-8def-1234567890ab")).toBe("3*******-****-****-****-************");
    expect(maskText("3F2A1B4C-0000-4ABC-8DEF-1234567890AB")).toBe("3*******-****-****-****-************");
  });

  it("keeps an email's first character of the local part and hides the domain but its dots", () => {
    expect(maskText("ada@example.com")).toBe("a**@*******.***");
    expect(maskText("grace.hopper@navy.mil")).toBe("g***********@****.***");
  });

  it("never shows more than the first character of any word", () => {
    const word = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 }).filter((w) => !/\s/.test(w));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
      const masked = maskText(words.join(" "));
      expect([...masked].length).toBe([...words.join(" ")].length);
      for (const part of masked.split(" ")) expect(part.slice(1)).toMatch(/^[*.@-]*$/);
    }));
  });
});

describe("cellText", () => {
  it("shows strings as they are, other scalars as text and null as empty", () => {
    expect([cellText("Ada"), cellText(""), cellText(42), cellText(0), cellText(false), cellText(10n), cellText(null), cellText(undefined)])
      .toEqual(["Ada", "", "42", "0", "false", "10", "", ""]);
  });

  it("shows objects and lists as JSON text", () => {
    expect(cellText({ a: 1, b: ["x", null] })).toBe('{"a":1,"b":["x",null]}');
    expect(cellText([1, "two"])).toBe('[1,"two"]');
    expect(cellText({})).toBe("{}");
  });
});

describe("formatTimestamp", () => {
  const at = "2026-11-23T05:06:09Z";

  it("writes the date, the time or both in UTC", () => {
    expect(formatTimestamp(at, "date", "UTC")).toBe("2026-11-23");
    expect(formatTimestamp(at, "time", "UTC")).toBe("05:06:09");
    expect(formatTimestamp(at, "datetime", "UTC")).toBe("2026-11-23 05:06:09");
  });

  it("writes the time in a named zone, crossing midnight into the next day", () => {
    expect(formatTimestamp(at, "datetime", "Asia/Seoul")).toBe("2026-11-23 14:06:09");
    expect(formatTimestamp("2026-11-23T15:00:00Z", "datetime", "Asia/Seoul")).toBe("2026-11-24 00:00:00");
    expect(formatTimestamp("2026-11-23T15:00:00Z", "date", "Asia/Seoul")).toBe("2026-11-24");
    expect(formatTimestamp("2026-01-01T03:00:00Z", "date", "America/New_York")).toBe("2025-12-31");
  });

  it("follows summer time in zones that have it", () => {
    expect(formatTimestamp("2026-07-01T12:00:00Z", "time", "America/New_York")).toBe("08:00:00");
    expect(formatTimestamp("2026-12-01T12:00:00Z", "time", "America/New_York")).toBe("07:00:00");
  });

  it("reads offsets and fractions the way the Data API writes timestamps", () => {
    expect(formatTimestamp("2026-11-23T14:06:09.123+09:00", "datetime", "UTC")).toBe("2026-11-23 05:06:09");
  });

  it("writes the browser's own zone when none is given", () => {
    const date = new Date(at);
    const two = (n: number) => String(n).padStart(2, "0");
    const local = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
    expect(formatTimestamp(at, "datetime", undefined)).toBe(local);
  });

  it("gives back text that is not a time, and any text for a zone it does not know", () => {
    expect(formatTimestamp("not a date", "datetime", "UTC")).toBe("not a date");
    expect(formatTimestamp("", "date", "UTC")).toBe("");
    expect(formatTimestamp(at, "datetime", "Mars/Olympus_Mons")).toBe(at);
  });
});
