/** @jsxRuntime automatic */
/**
 * One field's card: label, type and how many rows answered it; a choice field adds a bar
 * per option, a numeric one its min / median / avg / max and a small histogram.
 */
import { useId, useState } from "react";
import type { FieldSummary, NumericSummary } from "@fieldwork/core";
import { Badge } from "../../../../ui/badge";
import { Card } from "../../../../ui/card";
import { cn } from "../../../../ui/cn";
import { completion, fieldTitle, formatNumber, histogramBars, numericFigures, optionRows, summaryKind, typeLabel, type OptionRow } from "./field-summary";
import { formatCount } from "./scale";

/** Options shown before "Show all" (a list of countries should not make a card a page long). */
const FIRST_OPTIONS = 8;

/** A thin bar of `width` percent on a track. */
export function ShareBar({ width, tone = "strong" }: { width: number; tone?: "strong" | "soft" }) {
  return (
    <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-selected">
      <div className={cn("h-full rounded-full transition-[width] duration-500", tone === "strong" ? "bg-accent" : "bg-accent/60")} style={{ width: `${width}%` }} />
    </div>
  );
}

function OptionList({ rows }: { rows: OptionRow[] }) {
  const [all, setAll] = useState(false);
  const shown = all || rows.length <= FIRST_OPTIONS + 2 ? rows : rows.slice(0, FIRST_OPTIONS);
  if (rows.length === 0) return <p className="text-xs text-muted">This field has no options.</p>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {shown.map((row) => (
          <li key={row.key} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className={cn("min-w-0 truncate", row.other ? "text-muted italic" : "text-fg")} title={row.label}>{row.label}</span>
              <span className="shrink-0 text-xs text-muted tabular-nums">
                {formatCount(row.count)} · <span className="font-medium text-fg">{row.percent}</span>
              </span>
            </div>
            <ShareBar width={row.width} tone={row.other ? "soft" : "strong"} />
          </li>
        ))}
      </ul>
      {shown.length < rows.length || all ? (
        <button type="button" className="focus-ring justify-self-start rounded text-xs font-medium text-accent hover:underline" onClick={() => setAll(!all)}>
          {all ? "Show fewer" : `Show all ${rows.length} options`}
        </button>
      ) : null}
    </div>
  );
}

function NumericBody({ numeric }: { numeric: NumericSummary }) {
  const bars = histogramBars(numeric);
  const first = numeric.buckets[0];
  const last = numeric.buckets.at(-1);
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-4 gap-2">
        {numericFigures(numeric).map((f) => (
          <div key={f.label} className="grid min-w-0 gap-0.5 rounded-md bg-subtle px-2 py-1.5">
            <dt className="text-xs text-muted">{f.label}</dt>
            <dd className="truncate text-sm font-medium text-fg tabular-nums" title={f.value}>{f.value}</dd>
          </div>
        ))}
      </dl>
      {bars.length > 0 ? (
        <figure className="grid gap-1">
          <svg role="img" aria-label={`Answers by range: ${bars.map((b) => `${b.range}: ${b.count}`).join(", ")}.`}
            viewBox={`0 0 ${bars.length} 100`} preserveAspectRatio="none" className="h-16 w-full">
            <line x1={0} x2={bars.length} y1={100} y2={100} vectorEffect="non-scaling-stroke" className="stroke-line-strong" />
            {bars.map((b, i) => (
              <g key={i} className="group">
                <title>{`${b.range}: ${formatCount(b.count)} ${b.count === 1 ? "answer" : "answers"}`}</title>
                <rect x={i} y={0} width={1} height={100} className="fill-transparent group-hover:fill-subtle" />
                <rect x={i + 0.06} y={100 - b.height} width={0.88} height={b.height} className="fill-accent/60 group-hover:fill-accent" />
              </g>
            ))}
          </svg>
          <figcaption aria-hidden="true" className="flex justify-between text-xs text-faint tabular-nums">
            <span>{first ? formatNumber(first.from) : ""}</span>
            <span>{last ? formatNumber(last.to) : ""}</span>
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}

export function FieldCard({ summary, total }: { summary: FieldSummary; total: number }) {
  const id = useId();
  const kind = summaryKind(summary);
  const title = fieldTitle(summary);
  const done = completion(summary, total);
  return (
    <Card aria-labelledby={id} className="flex min-w-0 flex-col">
      <header className="flex items-start gap-3 px-4 pt-4">
        <div className="min-w-0 flex-1">
          <h3 id={id} className="truncate text-sm font-medium text-fg" title={title}>{title}</h3>
          {title !== summary.name ? <p className="truncate font-mono text-xs text-faint">{summary.name}</p> : null}
        </div>
        <Badge className="shrink-0">{typeLabel(summary.type)}</Badge>
      </header>
      <div className="grid gap-1.5 px-4 pt-3 pb-4">
        <div className="flex items-baseline justify-between gap-3 text-xs">
          <span className="text-muted">{done.text}</span>
          <span className="font-medium text-fg tabular-nums">{done.percent}</span>
        </div>
        <ShareBar width={done.width} />
      </div>
      {kind === "choice" ? <div className="border-t border-line px-4 py-4"><OptionList rows={optionRows(summary)} /></div> : null}
      {kind === "numeric" && summary.numeric ? <div className="border-t border-line px-4 py-4"><NumericBody numeric={summary.numeric} /></div> : null}
    </Card>
  );
}
