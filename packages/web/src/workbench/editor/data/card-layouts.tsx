/** @jsxRuntime automatic */
/**
 * The Gallery, List and Chart layouts of the same rows: cards with the first fields, a
 * compact list, and a bar chart of one column's values on this page (Analytics counts the
 * whole table). A reference answer shows the referenced row's label, as in the grid, once
 * it is read (use-reference-labels.ts); its key until then, or when no row has it.
 */
import { useContext, useState } from "react";
import { maskText, type DataColumn } from "@fieldwork/core";
import type { Row } from "../../api/data-api";
import { cn } from "../../../ui/cn";
import { compactControlClass } from "../../../ui/input";
import { displayValue, type DisplayOptions } from "./cell-value";
import { keyLabel } from "./grid-columns";
import { ReferenceLabelsContext, type LabelOf } from "./use-reference-labels";

interface LayoutProps {
  columns: DataColumn[];
  rows: Row[];
  display: DisplayOptions;
  onOpen: (row: Row) => void;
  /** The row's handle (its id, or a connected table's key). */
  rowKey?: (row: Row) => string;
}

const shownColumns = (columns: DataColumn[], n: number) => columns.filter((c) => !c.key && !c.system).slice(0, n);

/** What a card shows of one value: a reference's label when it is known, else the grid's text. */
export function shownText(column: DataColumn, value: unknown, display: DisplayOptions, labelOf: LabelOf): string {
  const found = labelOf(column, value);
  if (found && found.label !== null) return display.masked ? maskText(found.label) : found.label;
  return displayValue(column, value, display);
}

export function GalleryLayout({ columns, rows, display, onOpen, rowKey = (row) => String(row.id) }: LayoutProps) {
  const fields = shownColumns(columns, 4);
  const labelOf = useContext(ReferenceLabelsContext);
  return (
    <ul className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <button type="button" onClick={() => onOpen(row)} className="focus-ring grid w-full cursor-pointer gap-2 rounded-lg border border-line bg-card p-3 text-left hover:border-line-strong">
            <span className="text-xs text-muted tabular-nums">{keyLabel(row)}</span>
            {fields.map((c) => (
              <span key={c.name} className="grid min-w-0">
                <span className="text-xs text-faint">{c.label}</span>
                <span className="truncate text-sm text-fg">{shownText(c, row[c.name], display, labelOf) || "—"}</span>
              </span>
            ))}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ListLayout({ columns, rows, display, onOpen, rowKey = (row) => String(row.id) }: LayoutProps) {
  const fields = shownColumns(columns, 3);
  const labelOf = useContext(ReferenceLabelsContext);
  return (
    <ul className="divide-y divide-line">
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <button type="button" onClick={() => onOpen(row)} className="focus-ring flex w-full cursor-pointer items-center gap-4 px-4 py-2.5 text-left hover:bg-subtle">
            <span className="w-14 shrink-0 text-xs text-muted tabular-nums">{keyLabel(row)}</span>
            {fields.map((c, i) => (
              <span key={c.name} className={cn("min-w-0 flex-1 truncate text-sm", i === 0 ? "font-medium text-fg" : "text-muted")}>{shownText(c, row[c.name], display, labelOf) || "—"}</span>
            ))}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Values of `column` on the page with how often each occurs, most frequent first. */
export function valueCounts(rows: Row[], column: DataColumn, display: DisplayOptions, labelOf: LabelOf = () => undefined): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const raw = row[column.name];
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      const text = shownText(column, v, display, labelOf) || "(empty)";
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

export function ChartLayout({ columns, rows, display }: LayoutProps) {
  const candidates = columns.filter((c) => !c.key && c.format !== "jsonb");
  const [name, setName] = useState(() => (candidates.find((c) => c.field?.options.length) ?? candidates.find((c) => !c.system) ?? candidates[0])?.name ?? "");
  const column = candidates.find((c) => c.name === name);
  const labelOf = useContext(ReferenceLabelsContext);
  const counts = column ? valueCounts(rows, column, display, labelOf).slice(0, 20) : [];
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <div className="grid gap-4 p-4">
      <label className="flex items-center gap-2 text-sm text-muted">
        Values of
        <select value={name} onChange={(e) => setName(e.target.value)} className={compactControlClass}>
          {candidates.map((c) => <option key={c.name} value={c.name}>{c.label}</option>)}
        </select>
        <span>on this page</span>
      </label>
      <ul className="grid max-w-3xl gap-1.5" aria-label={column ? `Counts of ${column.label}` : undefined}>
        {counts.map(({ value, count }) => (
          <li key={value} className="grid grid-cols-[minmax(6rem,12rem)_1fr_3rem] items-center gap-3 text-sm">
            <span className="truncate text-fg" title={value}>{value}</span>
            <span className="h-5 rounded bg-subtle"><span className="block h-full rounded bg-accent" style={{ width: `${(count / max) * 100}%` }} /></span>
            <span className="text-right text-muted tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
