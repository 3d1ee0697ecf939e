/**
 * What a field's card shows, from the server's FieldSummary: the option rows of a choice
 * field, the figures and histogram of a numeric one, or only how many rows answered it.
 */
import { fieldTypeLabel, isFieldType, type FieldSummary, type NumericSummary } from "@fieldwork/core";
import { percentOf, percentText, wholePercents } from "./percent";
import { formatCount } from "./scale";

export type SummaryKind = "choice" | "numeric" | "plain";

/** Which card body a summary gets: the server sends options or numbers when they apply. */
export function summaryKind(summary: FieldSummary): SummaryKind {
  if (summary.options) return "choice";
  if (summary.numeric) return "numeric";
  return "plain";
}

/** The heading of a card: the field's label, else its name. */
export const fieldTitle = (summary: FieldSummary) => summary.label?.trim() || summary.name;

/** The type as the field editor names it ("Date and time"); an unknown type as it came. */
export const typeLabel = (type: string) => (isFieldType(type) ? fieldTypeLabel(type) : type);

/** "42 of 50 answered", its percent and the bar's width (a count read a moment after the total never passes it). */
export function completion(summary: FieldSummary, total: number, locale?: string): { text: string; percent: string; width: number } {
  const answered = Math.max(0, Math.min(summary.answered, total));
  const width = total > 0 ? (answered / total) * 100 : 0;
  return { text: `${formatCount(answered, locale)} of ${formatCount(total, locale)} answered`, percent: percentOf(answered, total), width };
}

export interface OptionRow {
  key: string;
  /** The option's label; "Other: value" for a stored value that is no longer an option. */
  label: string;
  other: boolean;
  count: number;
  /** Share of the rows that answered the field. */
  percent: string;
  /** Bar width, percent of the track. */
  width: number;
}

/**
 * The options in the field's order, then values that are not options (most frequent first).
 * Percents are of the rows that answered; when every row holds one option (radio, select)
 * they add up to 100; with several per row (checkboxes) each stands alone.
 */
export function optionRows(summary: FieldSummary): OptionRow[] {
  const options = summary.options ?? [];
  const known = options.filter((o) => o.label !== null);
  const others = options.filter((o) => o.label === null).sort((a, b) => b.count - a.count);
  const ordered = [...known, ...others];
  const whole = summary.answered;
  const percents = wholePercents(ordered.map((o) => o.count), whole);
  return ordered.map((o, i) => ({
    key: `${o.label === null ? "other" : "option"}:${o.value}`,
    label: o.label === null ? `Other: ${o.value}` : o.label.trim() || o.value,
    other: o.label === null,
    count: o.count,
    percent: percentText(percents[i]!, o.count, whole),
    width: whole > 0 ? Math.min(100, (o.count / whole) * 100) : 0,
  }));
}

/** A number with at most two decimals ("4.33", "1,200"). */
export const formatNumber = (n: number, locale?: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);

/** Figures of a numeric field: at most two decimals, "–" when nothing was answered. */
export function numericFigures(numeric: NumericSummary, locale?: string): { label: string; value: string }[] {
  const show = (n: number | null) => (n === null || !Number.isFinite(n) ? "–" : formatNumber(n, locale));
  return [
    { label: "Min", value: show(numeric.min) },
    { label: "Median", value: show(numeric.median) },
    { label: "Avg", value: show(numeric.avg) },
    { label: "Max", value: show(numeric.max) },
  ];
}

export interface HistogramBar {
  /** "10–20". */
  range: string;
  count: number;
  /** Percent of the tallest bucket. */
  height: number;
}

/** The buckets of a numeric field as bars scaled to the tallest. */
export function histogramBars(numeric: NumericSummary, locale?: string): HistogramBar[] {
  const format = (n: number) => formatNumber(n, locale);
  const tallest = Math.max(0, ...numeric.buckets.map((b) => b.count));
  return numeric.buckets.map((b) => ({
    range: b.from === b.to ? format(b.from) : `${format(b.from)}–${format(b.to)}`,
    count: b.count,
    height: tallest > 0 ? (b.count / tallest) * 100 : 0,
  }));
}
