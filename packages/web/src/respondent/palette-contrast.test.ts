/**
 * Every palette of respondent.css, light and dark, keeps WCAG AA contrast (4.5:1) for the
 * button text on the accent and for the accent as text (links, selected options) on the card.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PALETTES } from "./theme";

const css = readFileSync(new URL("./respondent.css", import.meta.url), "utf8");

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `--name: #hex` declarations of one rule (`:root {…}` or a palette's). */
function declarations(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/(--fw-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

/** `--fw-x: light-dark(#l, #d)` of :root. */
function lightDark(name: string): [string, string] {
  const match = new RegExp(`${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, "i").exec(css);
  if (!match) throw new Error(`${name} is not a light-dark() pair of hex colours`);
  return [match[1]!, match[2]!];
}

describe("respondent palettes", () => {
  const root = declarations(":root");
  const [cardLight, cardDark] = lightDark("--fw-card");
  const [pageLight, pageDark] = lightDark("--fw-page");

  it.each([...PALETTES])("%s reads at 4.5:1 or better in light and dark", (palette) => {
    const tokens = { ...root, ...(palette === "blue" ? {} : declarations(`html[data-palette="${palette}"]`)) };
    const ratios = {
      light_button: contrast(tokens["--fw-accent-l"]!, tokens["--fw-accent-fg-l"]!),
      light_text: contrast(tokens["--fw-accent-l"]!, cardLight),
      dark_button: contrast(tokens["--fw-accent-d"]!, tokens["--fw-accent-fg-d"]!),
      dark_text: contrast(tokens["--fw-accent-d"]!, cardDark),
    };
    for (const [use, ratio] of Object.entries(ratios)) expect({ use, ok: ratio >= 4.5, ratio: Math.round(ratio * 100) / 100 }).toMatchObject({ use, ok: true });
  });

  it("keeps muted text readable on the page and the card", () => {
    const [mutedLight, mutedDark] = lightDark("--fw-muted");
    for (const [fg, bg] of [[mutedLight, cardLight], [mutedLight, pageLight], [mutedDark, cardDark], [mutedDark, pageDark]] as const) {
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps error text readable on its own tint (the refusal alert), the card and the page", () => {
    const [dangerLight, dangerDark] = lightDark("--fw-danger");
    const softLight = /--fw-danger-soft:\s*light-dark\((#[0-9a-f]{6}),/i.exec(css)![1]!;
    // Dark: the danger colour at 10% over the card, as rgb(… / 0.1) draws it.
    const softDark = blend(dangerDark, cardDark, 0.1);
    for (const [fg, bg] of [[dangerLight, softLight], [dangerLight, cardLight], [dangerLight, pageLight], [dangerDark, softDark], [dangerDark, cardDark], [dangerDark, pageDark]] as const) {
      expect({ fg, bg, ratio: Math.round(contrast(fg, bg) * 100) / 100 }).toMatchObject({ ratio: expect.toSatisfy((r: number) => r >= 4.5) });
    }
  });
});

/** `fg` at opacity `alpha` over `bg`, as a hex colour. */
function blend(fg: string, bg: string, alpha: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5].map((i) => Math.round(alpha * channel(fg, i) + (1 - alpha) * channel(bg, i)).toString(16).padStart(2, "0")).join("")}`;
}
