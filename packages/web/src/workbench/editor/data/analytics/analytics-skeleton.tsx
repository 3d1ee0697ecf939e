/** @jsxRuntime automatic */
/**
 * The page's body while the first answer loads, drawn in the boxes the real body uses (the
 * chart card's plot height, the field grid), so nothing moves when the numbers arrive.
 */
import { Card, CardHeader } from "../../../../ui/card";
import { cn } from "../../../../ui/cn";
import { Skeleton } from "../../../../ui/skeleton";
import { PLOT_HEIGHT } from "./over-time-chart";

/** Bar heights of the placeholder chart (percent), so it reads as a chart. */
const BARS = [30, 45, 25, 60, 50, 70, 40, 55, 80, 65, 45, 35, 50, 75, 60, 40];

/** A skeleton that may sit inside text (a <p>). */
export function InlineSkeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("inline-block animate-pulse rounded-md bg-selected/70 align-middle", className)} />;
}

export function ChartSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-2">
      <div className="flex gap-2">
        <div className={cn("w-8 shrink-0", PLOT_HEIGHT)} />
        <div className={cn("flex min-w-0 flex-1 items-end gap-1 border-b border-line", PLOT_HEIGHT)}>
          {BARS.map((h, i) => <div key={i} className="flex-1 animate-pulse rounded-t-sm bg-selected/70" style={{ height: `${h}%` }} />)}
        </div>
      </div>
      <div className="ml-10 h-4" />
    </div>
  );
}

function FieldCardSkeleton({ rows }: { rows: number }) {
  return (
    <Card aria-hidden="true" className="flex flex-col">
      <div className="flex items-start gap-3 px-4 pt-4">
        <div className="grid flex-1 gap-1.5 py-0.5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <div className="grid gap-1.5 px-4 pt-3 pb-4">
        <div className="flex justify-between"><Skeleton className="h-4 w-28" /><Skeleton className="h-4 w-8" /></div>
        <Skeleton className="h-1.5 w-full rounded-full" />
      </div>
      {rows > 0 ? (
        <div className="grid gap-3 border-t border-line px-4 py-4">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="grid gap-1.5">
              <div className="flex justify-between"><Skeleton className="h-5 w-24" /><Skeleton className="h-4 w-12" /></div>
              <Skeleton className="h-1.5 w-full rounded-full" />
            </div>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

/** The chart card and four field cards. */
export function AnalyticsSkeleton({ chartTitle }: { chartTitle: string }) {
  return (
    <>
      <Card>
        <CardHeader title={chartTitle} description={<InlineSkeleton className="h-3 w-40" />} />
        <div className="px-4 pt-4 pb-3"><ChartSkeleton /></div>
      </Card>
      <section className="grid gap-3" aria-busy="true">
        <h2 className="text-sm font-medium text-fg">Fields</h2>
        <div className="grid items-start gap-4 md:grid-cols-2">
          <FieldCardSkeleton rows={3} />
          <FieldCardSkeleton rows={3} />
          <FieldCardSkeleton rows={0} />
          <FieldCardSkeleton rows={0} />
        </div>
      </section>
    </>
  );
}
