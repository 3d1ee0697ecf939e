/**
 * The languages of the respondent runtime (spec 3 "Template languages"): a form's `lang`
 * (its theme) picks one; anything else falls back to English.
 */
export const LANGUAGES = ["en", "ko", "es", "de", "ja", "fr", "pt", "it", "ru", "zh", "ar", "hi", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language by its own name, as the theme page offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English", ko: "한국어", es: "Español", de: "Deutsch", ja: "日本語", fr: "Français", pt: "Português",
  it: "Italiano", ru: "Русский", zh: "中文", ar: "العربية", hi: "हिन्दी", nl: "Nederlands",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a stored `lang` reads as: `pt-BR` is `pt`, `zh_Hans` is `zh`, anything unknown is `en`. */
export function languageOf(lang: string | null | undefined): Language {
  const primary = (lang ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** Arabic is written right to left; the page then mirrors its layout. */
export function textDirection(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}
