import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PALETTES } from "../../../respondent/theme";
import { scopedThemeCss } from "./preview-css";

const respondentCss = readFileSync(new URL("../../../respondent/respondent.css", import.meta.url), "utf8");

describe("the theme preview's CSS", () => {
  const css = scopedThemeCss(respondentCss);

  it("takes the public form's tokens and every palette and appearance, scoped to the preview", () => {
    expect(css).toMatch(/\.fw-theme-preview \{[^}]*--fw-card: light-dark\(/);
    for (const palette of PALETTES.filter((p) => p !== "blue")) expect(css).toContain(`.fw-theme-preview[data-palette="${palette}"]`);
    expect(css).toContain('.fw-theme-preview[data-appearance="dark"] { color-scheme: dark; }');
    expect(css).not.toMatch(/(^|\n)\s*(html|:root)\b/);
  });
});
