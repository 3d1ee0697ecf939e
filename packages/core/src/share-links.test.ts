import { describe, expect, it } from "vitest";
import { iframeSnippet, prefillLink, scriptSnippet } from "./share-links";

const HOST = "https://forms.example.com/";

describe("share links", () => {
  it("builds the prefill link with filled parameters only, encoded", () => {
    expect(prefillLink(HOST, "f1")).toBe("https://forms.example.com/d/e/f1");
    expect(prefillLink(HOST, "f1", { ref: "a b&c", empty: "", utm: "é" }))
      .toBe("https://forms.example.com/d/e/f1?ref=a+b%26c&utm=%C3%A9");
  });

  it("writes snippets whose attributes cannot be broken out of", () => {
    const script = scriptSnippet(HOST, "f1", { ref: '"><script>alert(1)</script>' });
    expect(script).toContain('<script src="https://forms.example.com/embed.js" async></script>');
    expect(script).not.toContain("<script>alert");
    expect(script).toMatch(/^<div data-fieldwork-form="f1" data-fieldwork-params="ref=[^"<>]+"><\/div>/);
    const frame = iframeSnippet(HOST, "f1", 'Sign "up" <now>', { ref: "x" });
    expect(frame).toContain('src="https://forms.example.com/d/e/f1?ref=x"');
    expect(frame).toContain('title="Sign &quot;up&quot; &lt;now&gt;"');
    expect(frame).toContain('data-fieldwork-form="f1"');
    expect(scriptSnippet(HOST, "f1")).not.toContain("data-fieldwork-params");
  });
});
