/** @jsxRuntime automatic */
/**
 * "Responses over time" in hand-written SVG: bars (an area once there are too many buckets
 * for bars), round counts on the left, round times below, a tooltip per bucket (<title>).
 * Screen readers get a one-sentence summary and a hidden table of the buckets with answers.
 * The plot stretches to its box (preserveAspectRatio="none"); labels are HTML, so text never
 * stretches. Colours are the theme's (fill-accent, stroke-line), light and dark alike.
 */
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { cn } from "../../../../ui/cn";
import { barHeight, formatCount, niceScale, responsesText } from "./scale";
import { bucketLabel, describeSeries, tickIndexes, tickLabel, type Series } from "./time-buckets";

/** Up to this many buckets draw as bars; beyond, as an area. */
const MOST_BARS = 120;
/** Gap on each side of a bar, in buckets. */
const BAR_GAP = 0.12;

export const PLOT_HEIGHT = "h-48 sm:h-56";

const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });

/** Room for one time label ("Nov 23", "11 PM") with space around it, px. */
const LABEL_ROOM = 72;

/** How many time labels fit the element's width (6 until it is measured). */
function useLabelCount() {
  const ref = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(6);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setCount(Math.max(2, Math.min(8, Math.floor(entry.contentRect.width / LABEL_ROOM))));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, count };
}

/** Position of a time label: centred on its bucket, kept inside the plot at the ends. */
function labelStyle(index: number, count: number): { style: CSSProperties; className: string } {
  const at = (index + 0.5) / count;
  const className = at < 0.06 ? "" : at > 0.94 ? "-translate-x-full" : "-translate-x-1/2";
  return { style: { left: `${at * 100}%` }, className };
}

export function OverTimeChart({ series, busy = false }: { series: Series; busy?: boolean }) {
  const { buckets, interval } = series;
  const n = Math.max(1, buckets.length);
  const { top, ticks } = niceScale(Math.max(0, ...buckets.map((b) => b.count)));
  const y = (count: number) => 100 - (count / top) * 100;
  const unit = interval === "hour" ? "hour" : "day";
  const tooltip = (at: number, count: number) => `${bucketLabel(at, interval)}: ${responsesText(count)}`;
  const answered = buckets.filter((b) => b.count > 0);
  const labels = useLabelCount();
  const points = buckets.map((b, i) => `${i + 0.5},${y(b.count)}`).join(" L");

  return (
    <figure className={cn("grid gap-2 transition-opacity", busy && "opacity-60")} aria-busy={busy || undefined}>
      <div className="flex gap-2">
        <div aria-hidden="true" className={cn("relative w-8 shrink-0 text-right text-xs text-faint tabular-nums", PLOT_HEIGHT)}>
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(t / top) * 100}%` }}>{compact.format(t)}</span>
          ))}
        </div>
        <div className={cn("relative min-w-0 flex-1", PLOT_HEIGHT)}>
          <svg role="img" aria-label={describeSeries(series)} viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible">
            {ticks.map((t) => (
              <line key={t} x1={0} x2={n} y1={y(t)} y2={y(t)} vectorEffect="non-scaling-stroke"
                className={t === 0 ? "stroke-line-strong" : "stroke-line"} strokeDasharray={t === 0 ? undefined : "3 3"} />
            ))}
            {buckets.length <= MOST_BARS ? buckets.map((b, i) => {
              const h = barHeight(b.count, top);
              return (
                <g key={b.at} className="group">
                  <title>{tooltip(b.at, b.count)}</title>
                  <rect x={i} y={0} width={1} height={100} className="fill-transparent group-hover:fill-subtle" />
                  <rect x={i + BAR_GAP} y={100 - h} width={1 - 2 * BAR_GAP} height={h} className="fill-accent/75 transition-colors group-hover:fill-accent" />
                </g>
              );
            }) : (
              <>
                <path d={`M0.5,100 L${points} L${buckets.length - 0.5},100 Z`} className="fill-accent/20" />
                <path d={`M${points}`} fill="none" strokeWidth={1.5} strokeLinejoin="round" vectorEffect="non-scaling-stroke" className="stroke-accent" />
                {buckets.map((b, i) => (
                  <rect key={b.at} x={i} y={0} width={1} height={100} className="fill-transparent hover:fill-accent/15">
                    <title>{tooltip(b.at, b.count)}</title>
                  </rect>
                ))}
              </>
            )}
          </svg>
        </div>
      </div>
      <div ref={labels.ref} aria-hidden="true" className="relative ml-10 h-4 text-xs text-faint">
        {tickIndexes(buckets, interval, labels.count).map((i) => {
          const place = labelStyle(i, n);
          return <span key={buckets[i]!.at} style={place.style} className={cn("absolute top-0 whitespace-nowrap", place.className)}>{tickLabel(buckets[i]!.at, interval)}</span>;
        })}
      </div>
      {/* A table ignores the height sr-only gives it; its wrapper does not. */}
      <div className="sr-only">
        <table>
          <caption>Responses per {unit}{answered.length < buckets.length ? ` (${unit}s without responses are left out)` : ""}</caption>
          <thead><tr><th scope="col">{interval === "hour" ? "Hour" : "Day"}</th><th scope="col">Responses</th></tr></thead>
          <tbody>
            {answered.map((b) => <tr key={b.at}><th scope="row">{bucketLabel(b.at, interval)}</th><td>{formatCount(b.count)}</td></tr>)}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
