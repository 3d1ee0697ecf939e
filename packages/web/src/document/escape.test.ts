import { describe, expect, it } from "vitest";
import { escapeHtml, jsonForScript } from "./escape";

describe("escapeHtml", () => {
  it("escapes markup and quotes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("jsonForScript", () => {
  it("cannot close the script element, and parses back to the same value", () => {
    const value = { title: "</script><script>alert(1)</script>", html: "<!-- x -->" };
    const text = jsonForScript(value);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(value);
  });
});
