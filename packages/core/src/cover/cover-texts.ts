/**
 * Every visitor-facing word of the cover templates (spec 3 §9 "Template texts"), from the
 * respondent catalogue (`cover.*` keys of i18n/, server-only: the cover is rendered on the
 * server and its script gets the words it needs from the page). The banner's exact wording is
 * not given by the spec.
 */
import type { ScheduleState } from "../schedule";
import { formatMessage } from "../i18n/format";
import { messagesFor } from "../i18n/catalogues";
import type { CountdownUnits } from "./countdown";

export interface CoverTexts {
  /** Template 003's call to action. */
  start_now: string;
  /** Template 005's call to action. */
  register: string;
  /** The disabled Register button after closing (or force-closed). */
  closed: string;
  /** The disabled Register button before opening: "Opens {time}". */
  opens_at: (time: string) => string;
  footer: Record<ScheduleState, string>;
  banner: Record<ScheduleState, string>;
  units: CountdownUnits;
  /** Label of the carousel region and of each slide ("Image 2 of 5"). */
  gallery: string;
  slide: (index: number, count: number) => string;
}

/** The texts in a form's language (`lang` of its theme; English for anything unknown). */
export function coverTexts(lang: string): CoverTexts {
  const m = messagesFor(lang);
  return {
    start_now: m["cover.start_now"],
    register: m["cover.register"],
    closed: m["cover.closed"],
    opens_at: (time) => formatMessage(m["cover.opens_at"], { time }),
    footer: { before_open: m["cover.footer.before_open"], after_open_before_close: m["cover.footer.open"], after_close: m["cover.footer.after_close"] },
    banner: { before_open: m["cover.banner.before_open"], after_open_before_close: m["cover.banner.open"], after_close: m["cover.banner.after_close"] },
    units: { d: m["cover.unit.d"], h: m["cover.unit.h"], m: m["cover.unit.m"], s: m["cover.unit.s"] },
    gallery: m["cover.gallery"],
    slide: (index, count) => formatMessage(m["cover.slide"], { index, count }),
  };
}
