/**
 * Every visitor-facing word of the cover templates, in one place (spec 3 §9 "Template
 * texts"), so the respondent catalogue can take them over when languages land. The banner's
 * exact wording is not given by the spec.
 */
import type { ScheduleState } from "../schedule";
import { COUNTDOWN_UNITS_EN, type CountdownUnits } from "./countdown";

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

export const COVER_TEXTS_EN: CoverTexts = {
  start_now: "Start Now",
  register: "Register",
  closed: "Closed",
  opens_at: (time) => `Opens ${time}`,
  footer: { before_open: "Open in", after_open_before_close: "Closing in", after_close: "Registration is closed" },
  banner: { before_open: "Registration opens", after_open_before_close: "Registration closes", after_close: "Registration closed" },
  units: COUNTDOWN_UNITS_EN,
  gallery: "Event images",
  slide: (index, count) => `Image ${index} of ${count}`,
};

/** The texts for a form's language (English until the respondent catalogue lands). */
export function coverTexts(_lang: string): CoverTexts {
  return COVER_TEXTS_EN;
}
