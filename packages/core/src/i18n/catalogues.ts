/**
 * All thirteen catalogues, for the server: it renders pages in the form's language and
 * inlines that one language's browser part into the page (`browserMessages`), so the public
 * form's JavaScript carries no catalogue at all.
 */
import { AR } from "./ar";
import { DE } from "./de";
import { EN, type MessageKey, type Messages } from "./en";
import { ES } from "./es";
import { FR } from "./fr";
import { HI } from "./hi";
import { IT } from "./it";
import { JA } from "./ja";
import { KO } from "./ko";
import { languageOf, type Language } from "./languages";
import { NL } from "./nl";
import { PT } from "./pt";
import { RU } from "./ru";
import { ZH } from "./zh";

export const CATALOGUES: Readonly<Record<Language, Messages>> = {
  en: EN, ko: KO, es: ES, de: DE, ja: JA, fr: FR, pt: PT, it: IT, ru: RU, zh: ZH, ar: AR, hi: HI, nl: NL,
};

/** The catalogue of a form's `lang` (English for anything unknown). */
export function messagesFor(lang: string | null | undefined): Messages {
  return CATALOGUES[languageOf(lang)];
}

/** The part of a catalogue the browser reads: everything but the server-rendered status and cover pages. */
export type BrowserMessageKey = Exclude<MessageKey, `status.${string}` | `cover.${string}`>;
export type BrowserMessages = Readonly<Record<BrowserMessageKey, string>>;

const cache = new Map<Language, BrowserMessages>();

/** The browser's part of one language, made once per language (the preload carries it). */
export function browserMessages(lang: string | null | undefined): BrowserMessages {
  const language = languageOf(lang);
  let part = cache.get(language);
  if (!part) {
    part = Object.fromEntries(Object.entries(CATALOGUES[language]).filter(([key]) => !key.startsWith("status.") && !key.startsWith("cover."))) as BrowserMessages;
    cache.set(language, part);
  }
  return part;
}
