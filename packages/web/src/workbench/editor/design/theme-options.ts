/**
 * The choices of the Theme page as data: languages, fonts (names respondent/theme.ts maps to
 * stacks), section styles, and the theme patch each control writes.
 */
import { LANGUAGE_NAMES, LANGUAGES, type EditorDocument } from "@fieldwork/core";
import { PALETTES, paletteOf } from "../../../respondent/theme";

export type Theme = EditorDocument["theme"];

/**
 * The thirteen languages the public form speaks (core's i18n), as "Korean · 한국어 (ko)"; a
 * stored tag not among them (an older form's) is offered too, marked as shown in English.
 */
export function languageChoices(current: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  const english = (tag: string) => {
    try {
      return names.of(tag) ?? tag;
    } catch {
      return tag; // an invalid stored tag shows as it is
    }
  };
  const choices = LANGUAGES.map((tag) => ({
    value: tag, label: tag === "en" ? "English (en)" : `${english(tag)} · ${LANGUAGE_NAMES[tag]} (${tag})`,
  }));
  const known = (LANGUAGES as readonly string[]).includes(current);
  return current && !known ? [{ value: current, label: `${english(current)} (${current}, buttons in English)` }, ...choices] : choices;
}

export const FONTS = [
  { value: "inter", label: "Inter" },
  { value: "system", label: "System sans-serif" },
  { value: "serif", label: "Serif" },
  { value: "mono", label: "Monospace" },
] as const;

export function fontChoices(current: string): { value: string; label: string }[] {
  return FONTS.some((f) => f.value === current) ? [...FONTS] : [{ value: current, label: current }, ...FONTS];
}

export const APPEARANCES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
] as const;

/** `section`: how sections are drawn; `null` is the card. */
export const SECTION_STYLES = [
  { value: "", label: "Card" },
  { value: "plain", label: "Plain" },
] as const;

export const PALETTE_CHOICES = PALETTES.map((name) => ({ value: name, label: name.charAt(0).toUpperCase() + name.slice(1) }));

/** The palette a theme shows (an unknown or empty one falls back like the public page). */
export const shownPalette = (theme: Pick<Theme, "palette">) => paletteOf(theme.palette);

/** `background`: a colour behind the page, or none. */
export function backgroundColorOf(background: Theme["background"]): string | null {
  if (background && typeof background === "object" && !Array.isArray(background)) {
    const color = (background as Record<string, unknown>).color;
    if (typeof color === "string" && /^#[0-9a-f]{6}$/i.test(color)) return color;
  }
  return null;
}

export const backgroundOf = (color: string | null): Theme["background"] => (color ? { type: "color", color } : null);
