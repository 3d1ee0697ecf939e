/** The share card's colours are respondent.css's: a palette changed there and not here fails. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PALETTES } from "../respondent/theme";
import { cardColorsOf, PALETTE_ACCENTS, SURFACES } from "./share-card-colors";

const css = readFileSync(new URL("../respondent/respondent.css", import.meta.url), "utf8");

function rule(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return {};
  const block = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/(--fw-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

function lightDark(name: string): [string, string] {
  const match = new RegExp(`${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, "i").exec(css);
  if (!match) throw new Error(`${name} is not a light-dark() pair`);
  return [match[1]!.toLowerCase(), match[2]!.toLowerCase()];
}

describe("share card colours", () => {
  const root = rule(":root");

  it.each([...PALETTES])("%s matches respondent.css", (palette) => {
    const own = { ...root, ...rule(`html[data-palette="${palette}"]`) };
    expect(PALETTE_ACCENTS[palette]).toEqual({
      light: { accent: own["--fw-accent-l"], accent_fg: own["--fw-accent-fg-l"] },
      dark: { accent: own["--fw-accent-d"], accent_fg: own["--fw-accent-fg-d"] },
    });
  });

  it("surfaces match respondent.css in light and dark", () => {
    for (const [key, name] of [["page", "--fw-page"], ["card", "--fw-card"], ["fg", "--fw-fg"], ["muted", "--fw-muted"], ["line", "--fw-line"]] as const) {
      const [light, dark] = lightDark(name);
      expect([SURFACES.light[key], SURFACES.dark[key]]).toEqual([light, dark]);
    }
  });

  it("an unknown palette draws the default, a dark form draws dark", () => {
    expect(cardColorsOf("<script>", "light").accent).toBe("#2563eb");
    expect(cardColorsOf("green", "dark")).toMatchObject({ page: "#0c0c0f", accent: "#4ade80" });
  });
});
