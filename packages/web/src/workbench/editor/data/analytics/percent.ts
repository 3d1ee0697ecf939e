/**
 * Shares as whole percents. Shares of one whole (the options of a single choice) are
 * rounded by largest remainder so they add up to 100; a share that rounds to 0 or 100 but
 * is not says so ("<1%", ">99%").
 */

/** Whole percents of `parts` of `whole`. When the parts add up to the whole, so do the percents. */
export function wholePercents(parts: readonly number[], whole: number): number[] {
  if (!(whole > 0)) return parts.map(() => 0);
  const exact = parts.map((p) => (Math.max(0, p) / whole) * 100);
  const rounded = exact.map(Math.round);
  const sum = parts.reduce((a, b) => a + Math.max(0, b), 0);
  if (sum !== whole) return rounded;
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  // Largest remainders first; ties go to the larger part, then to the earlier one.
  const order = exact.map((e, i) => i).sort((a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!) || parts[b]! - parts[a]! || a - b);
  for (const i of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/** A rounded percent as text, honest at the ends: a part above 0 never reads "0%". */
export function percentText(rounded: number, part: number, whole: number): string {
  if (part > 0 && rounded <= 0) return "<1%";
  if (part < whole && rounded >= 100) return ">99%";
  return `${rounded}%`;
}

/** `part` of `whole` as text ("84%"); "0%" of nothing. */
export function percentOf(part: number, whole: number): string {
  if (!(whole > 0)) return "0%";
  return percentText(Math.round((part / whole) * 100), part, whole);
}
