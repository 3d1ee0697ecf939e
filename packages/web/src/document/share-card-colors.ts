/**
 * The theme's colours as hex values, for the share card the server draws as an image (no CSS
 * there). respondent.css stays the source: share-card-colors.test.ts reads it and fails when
 * a value here differs.
 */
import type { Appearance } from "@fieldwork/core";
import { paletteOf, type PaletteName } from "../respondent/theme";

export const PALETTE_ACCENTS: Record<PaletteName, { light: { accent: string; accent_fg: string }; dark: { accent: string; accent_fg: string } }> = {
  blue: { light: { accent: "#2563eb", accent_fg: "#ffffff" }, dark: { accent: "#60a5fa", accent_fg: "#0b1533" } },
  violet: { light: { accent: "#7c3aed", accent_fg: "#ffffff" }, dark: { accent: "#a78bfa", accent_fg: "#1e0b3d" } },
  indigo: { light: { accent: "#4f46e5", accent_fg: "#ffffff" }, dark: { accent: "#818cf8", accent_fg: "#111233" } },
  green: { light: { accent: "#15803d", accent_fg: "#ffffff" }, dark: { accent: "#4ade80", accent_fg: "#052e16" } },
  teal: { light: { accent: "#0f766e", accent_fg: "#ffffff" }, dark: { accent: "#2dd4bf", accent_fg: "#042f2e" } },
  rose: { light: { accent: "#e11d48", accent_fg: "#ffffff" }, dark: { accent: "#fb7185", accent_fg: "#2a0611" } },
  orange: { light: { accent: "#c2410c", accent_fg: "#ffffff" }, dark: { accent: "#fb923c", accent_fg: "#1c0a00" } },
  amber: { light: { accent: "#b45309", accent_fg: "#ffffff" }, dark: { accent: "#fbbf24", accent_fg: "#1c1917" } },
  slate: { light: { accent: "#334155", accent_fg: "#ffffff" }, dark: { accent: "#cbd5e1", accent_fg: "#0f172a" } },
};

/** `--fw-page`, `--fw-card`, `--fw-fg`, `--fw-muted` and `--fw-line` of respondent.css. */
export const SURFACES = {
  light: { page: "#f5f5f7", card: "#ffffff", fg: "#18181b", muted: "#67676f", line: "#e4e4e7" },
  dark: { page: "#0c0c0f", card: "#16161a", fg: "#f4f4f5", muted: "#a1a1aa", line: "#2a2a30" },
} as const;

export interface CardColors {
  page: string; card: string; fg: string; muted: string; line: string; accent: string; accent_fg: string;
}

/** The card's colours for a form's palette and appearance ("system" draws light: most previews are). */
export function cardColorsOf(palette: string | null | undefined, appearance: Appearance): CardColors {
  const scheme = appearance === "dark" ? "dark" : "light";
  return { ...SURFACES[scheme], ...PALETTE_ACCENTS[paletteOf(palette)][scheme] };
}
