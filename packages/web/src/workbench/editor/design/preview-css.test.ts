import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PALETTES } from "../../../respondent/theme";
import { scopedOwnerCss, scopedThemeCss } from "./preview-css";

const respondentCss = readFileSync(new URL("../../../respondent/respondent.css", import.meta.url), "utf8");

describe("the theme preview's CSS", () => {
  const css = scopedThemeCss(respondentCss);

  it("takes the public form's tokens and every palette and appearance, scoped to the preview", () => {
    expect(css).toMatch(/\.fw-theme-preview \{[^}]*--fw-card: light-dark\(/);
    for (const palette of PALETTES.filter((p) => p !== "blue")) expect(css).toContain(`.fw-theme-preview[data-palette="${palette}"]`);
    expect(css).toContain('.fw-theme-preview[data-appearance="dark"] { color-scheme: dark; }');
    expect(css).not.toMatch(/(^|\n)\s*(html|:root)\b/);
  });

  it("scopes owner CSS to the preview and maps html, body and :root onto it", () => {
    const { css: owner } = scopedOwnerCss("body { background: pink }\nh1, :root .x { color: red }");
    expect(owner).toBe("@scope (.fw-theme-preview) {\n:scope { background: pink }\nh1, :scope .x { color: red }\n}");
    expect(scopedOwnerCss(null)).toEqual({ css: "", problem: null });
  });

  it("leaves out CSS that could escape the scope", () => {
    expect(scopedOwnerCss("} body { display: none }").problem).toMatch(/unbalanced/);
    expect(scopedOwnerCss("h1 { color: red }}").problem).toMatch(/unbalanced/);
    expect(scopedOwnerCss("h1 { color: red").problem).toMatch(/unbalanced/);
    expect(scopedOwnerCss('h1::after { content: "}" }').problem).toBeNull();
    expect(scopedOwnerCss("/* } */ h1 { color: red }").problem).toBeNull();
  });
});
