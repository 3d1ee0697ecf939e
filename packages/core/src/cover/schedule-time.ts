/**
 * Times of a campaign as its visitors read them: in the campaign's scheduling timezone
 * (`scheduling_tz`), UTC when it has none or an unknown one.
 */

function zoneOf(tz: string | null): string {
  if (!tz) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

const localeOf = (lang: string) => {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang]).length ? lang : "en";
  } catch {
    return "en";
  }
};

/** The calendar badge of the schedule banner: short month and day ("Mar", "3"). */
export function calendarBadge(at: Date, tz: string | null, lang = "en"): { month: string; day: string } {
  const timeZone = zoneOf(tz), locale = localeOf(lang);
  return {
    month: new Intl.DateTimeFormat(locale, { timeZone, month: "short" }).format(at),
    day: new Intl.DateTimeFormat(locale, { timeZone, day: "numeric" }).format(at),
  };
}

/**
 * A moment of the schedule in full, "Mar 3, 2026, 6:00 PM GMT+9" (the banner), or short,
 * "Mar 3, 6:00 PM" (the disabled Register button, beside the banner that names the zone).
 */
export function scheduleTimeText(at: Date, tz: string | null, lang = "en", length: "full" | "short" = "full"): string {
  const full = length === "full";
  return new Intl.DateTimeFormat(localeOf(lang), {
    timeZone: zoneOf(tz), month: "short", day: "numeric", hour: "numeric", minute: "2-digit",
    ...(full ? { year: "numeric", timeZoneName: "short" } : {}),
  }).format(at);
}
