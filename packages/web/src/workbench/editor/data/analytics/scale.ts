/** The count axis of the charts: from 0 to a round top, ticks on round counts. */

export interface Scale {
  /** The count at the top of the plot (≥ the largest count, ≥ 1). */
  top: number;
  /** Counts of the grid lines, 0 first, `top` last. */
  ticks: number[];
}

/**
 * A scale for counts up to `max` with at most `intervals` steps between ticks; steps are
 * whole counts of 1, 2 or 5 times a power of ten ("0, 2, 4, 6, 8" for 7).
 */
export function niceScale(max: number, intervals = 4): Scale {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const raw = max / Math.max(1, intervals);
  const power = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / power;
  const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  const step = Math.max(1, nice * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += step) ticks.push(t);
  return { top, ticks };
}

/** Height of a bar in percent of the plot; a count above zero is never drawn flat. */
export function barHeight(count: number, top: number, least = 1.5): number {
  if (!(count > 0) || !(top > 0)) return 0;
  return Math.max(least, Math.min(100, (count / top) * 100));
}

/** A count as people read it: "1,234". */
export const formatCount = (count: number, locale?: string) => new Intl.NumberFormat(locale).format(count);

/** "1 response", "1,234 responses". */
export const responsesText = (count: number, locale?: string) => `${formatCount(count, locale)} ${count === 1 ? "response" : "responses"}`;
