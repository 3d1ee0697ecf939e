/**
 * The form's stylesheet (`preload.stylesheet`) turned into what the page sets on `<html>`:
 * `data-appearance`, `data-palette` and the `--fw-font` variable. respondent.css reads them,
 * so light, dark and every palette work before any script runs.
 */
import type { Appearance, FormStylesheet } from "@fieldwork/core";

/** Named accents offered to owners; anything else falls back to the default. */
export const PALETTES = ["blue", "violet", "green", "rose", "amber", "slate", "indigo", "teal", "orange"] as const;
export type PaletteName = (typeof PALETTES)[number];
export const DEFAULT_PALETTE: PaletteName = "blue";

export function paletteOf(name: string | null | undefined): PaletteName {
  const key = (name ?? "").trim().toLowerCase();
  return (PALETTES as readonly string[]).includes(key) ? (key as PaletteName) : DEFAULT_PALETTE;
}

const SANS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** Inter ships with the app (fonts/inter.css); its fallback has Inter's metrics. */
const INTER = `"Inter Variable", "Inter Fallback", ${SANS}`;
const STACKS: Record<string, string> = {
  inter: INTER,
  sans: SANS,
  "sans-serif": SANS,
  system: SANS,
  default: SANS,
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  monospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

/**
 * A CSS font-family value for the stylesheet's `font_family`: a generic name maps to a
 * system stack; any other name is tried first, quoted, in front of the sans stack.
 */
export function fontStackOf(fontFamily: string | null | undefined): string {
  const raw = (fontFamily ?? "").trim();
  const stack = STACKS[raw.toLowerCase()];
  if (stack) return stack;
  const safe = raw.replace(/[^\p{L}\p{N} _-]/gu, "").replace(/\s+/g, " ").trim();
  return safe ? `"${safe}", ${SANS}` : SANS;
}

/** Whether a font stack draws with the shipped Inter (its file is worth preloading). */
export const usesInter = (stack: string) => stack.startsWith('"Inter Variable"');

/** The `color-scheme` the browser uses for native controls and scrollbars. */
export function colorSchemeOf(appearance: Appearance): string {
  return appearance === "system" ? "light dark" : appearance;
}

export function appearanceOf(value: string | null | undefined): Appearance {
  return value === "dark" || value === "system" ? value : "light";
}

/** What goes on `<html>` for a stylesheet. */
export interface ThemeAttributes {
  appearance: Appearance;
  palette: PaletteName;
  font: string;
  color_scheme: string;
}

export function themeAttributesOf(stylesheet: Pick<FormStylesheet, "appearance" | "palette" | "font_family"> | null): ThemeAttributes {
  const appearance = appearanceOf(stylesheet?.appearance);
  return {
    appearance,
    palette: paletteOf(stylesheet?.palette),
    font: fontStackOf(stylesheet?.font_family),
    color_scheme: colorSchemeOf(appearance),
  };
}

/** Owner CSS placed in a `<style>` element: it must not be able to close that element. */
export function safeStyleText(css: string | null | undefined): string {
  return (css ?? "").replace(/<\/(style)/gi, "<\\/$1");
}

/**
 * Applies the theme to a live document: used when the form was mounted without a server
 * render (the server sets the same attributes in the HTML it sends).
 */
export function applyTheme(doc: Document, stylesheet: FormStylesheet): void {
  const theme = themeAttributesOf(stylesheet);
  const html = doc.documentElement;
  html.dataset.appearance = theme.appearance;
  html.dataset.palette = theme.palette;
  html.style.setProperty("--fw-font", theme.font);
  html.style.colorScheme = theme.color_scheme;
  const css = safeStyleText(stylesheet.custom_css);
  if (css && !doc.getElementById(CUSTOM_CSS_ID)) {
    const style = doc.createElement("style");
    style.id = CUSTOM_CSS_ID;
    style.textContent = css;
    doc.head.append(style);
  }
}

export const CUSTOM_CSS_ID = "fw-custom-css";
