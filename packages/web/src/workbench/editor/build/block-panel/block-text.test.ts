import { describe, expect, it } from "vitest";
import { escapeHtml, htmlToText, isPlainHtml, textToHtml } from "./block-text";

describe("block text as simple HTML", () => {
  it("saves one paragraph per blank-line-separated block and a <br> per line break", () => {
    expect(textToHtml("Welcome")).toBe("<p>Welcome</p>");
    expect(textToHtml("Line one\nLine two\n\nSecond paragraph")).toBe("<p>Line one<br>Line two</p><p>Second paragraph</p>");
    expect(textToHtml("a\r\nb\r\n\r\nc")).toBe("<p>a<br>b</p><p>c</p>");
  });

  it("escapes what HTML would read as markup", () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe("&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
    expect(textToHtml("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });

  it("saves no HTML for empty or blank text, and drops blank lines at the ends", () => {
    expect(textToHtml("")).toBeNull();
    expect(textToHtml("  \n\n ")).toBeNull();
    expect(textToHtml("\n\nHi  \n\n\n")).toBe("<p>Hi</p>");
  });

  it("reads stored HTML back as the text typed, entities decoded", () => {
    expect(htmlToText("<p>Line one<br>Line two</p><p>Second</p>")).toBe("Line one\nLine two\n\nSecond");
    expect(htmlToText("<p>Tom &amp; &quot;Jerry&quot; &#39;x&#39; &lt;3 &#x263A;</p>")).toBe(`Tom & "Jerry" 'x' <3 ☺`);
    expect(htmlToText("Heading")).toBe("Heading");
    expect(htmlToText("<p>Bold <strong>move</strong></p>")).toBe("Bold move");
    expect(htmlToText(null)).toBe("");
  });

  it("round-trips any text", () => {
    for (const text of ["a & b", "<i>not markup</i>", "one\ntwo\n\nthree", "x &amp; y", "Ünïcødé ☺ \"q\""]) {
      expect(htmlToText(textToHtml(text))).toBe(text);
    }
  });

  it("tells formatted HTML from plain paragraphs", () => {
    expect(isPlainHtml("<p>a<br>b</p><p>c</p>")).toBe(true);
    expect(isPlainHtml("Heading")).toBe(true);
    expect(isPlainHtml(null)).toBe(true);
    expect(isPlainHtml("<p>a <em>b</em></p>")).toBe(false);
  });
});
