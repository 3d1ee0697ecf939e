/**
 * ISO 3166-1 alpha-2 country codes, from the maintained `country-list` package: what a
 * country field's answer may be. The server passes `COUNTRY_CODES` to `parseFieldValue`
 * (ParseContext.countries); the public form's first load never imports this module (the
 * country picker, a lazy chunk, does).
 */
import countries from "country-list/data.json" with { type: "json" };

const ENGLISH = new Map(countries.map((c) => [c.code.toUpperCase(), c.name]));

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ENGLISH.keys());

/** The codes in a stable order (A–Z). */
export const COUNTRY_CODE_LIST: readonly string[] = [...COUNTRY_CODES].sort();

/**
 * A country's name in `lang` (the form's language) through `Intl.DisplayNames`, the
 * package's English name where the runtime has no name for it.
 */
export function countryName(code: string, lang: string, names?: Intl.DisplayNames): string {
  try {
    const named = (names ?? new Intl.DisplayNames([lang, "en"], { type: "region", fallback: "none" })).of(code);
    if (named) return named;
  } catch {
    // An unknown language tag or code: the English name below.
  }
  return ENGLISH.get(code) ?? code;
}

/** Every country as `{code, name}` in `lang`, sorted by name in that language. */
export function countryOptions(lang: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang, "en"], { type: "region", fallback: "none" });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator([lang, "en"]);
  return COUNTRY_CODE_LIST.map((code) => ({ code, name: countryName(code, lang, names) })).sort((a, b) => collator.compare(a.name, b.name));
}
