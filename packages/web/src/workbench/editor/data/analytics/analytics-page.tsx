/** @jsxRuntime automatic */
/**
 * A form's realtime analytics (spec 3 §2 `data/analytics`): the total, responses over time
 * per hour or day, and a card per field (completion, options, numbers). The numbers follow
 * new responses through the live row feed (use-live-analytics.ts) without a reload. While
 * the first answer loads the page shows its own layout in grey; a failure offers Retry; a
 * form without responses says how to get some.
 */
import { useMemo } from "react";
import { CircleAlert, Inbox } from "lucide-react";
import type { FormAnalytics } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { Card, CardHeader } from "../../../../ui/card";
import { EmptyState } from "../../../../ui/empty-state";
import { viewOf, type AnalyticsState } from "./analytics-state";
import { AnalyticsSkeleton, InlineSkeleton } from "./analytics-skeleton";
import { FieldCard } from "./field-card";
import { IntervalSwitch } from "./interval-switch";
import { LiveStatus } from "./live-status";
import { OverTimeChart } from "./over-time-chart";
import { responsesText } from "./scale";
import { fillBuckets, MAX_BUCKETS } from "./time-buckets";
import { useLiveAnalytics } from "./use-live-analytics";

const CHART_TITLE = "Responses over time";

function Header({ title, state, total, onInterval }: { title: string; state: AnalyticsState; total: number | null; onInterval: (i: AnalyticsState["interval"]) => void }) {
  return (
    <div className="sticky top-0 z-20 -mx-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line bg-page/95 px-4 py-2 backdrop-blur">
      <div className="min-w-0 flex-1 basis-48">
        <h1 className="truncate text-base font-semibold text-fg">Analytics</h1>
        <p className="flex min-w-0 items-center gap-1 text-xs text-muted">
          {total !== null ? <span className="shrink-0 font-medium text-fg tabular-nums">{responsesText(total)}</span>
            : state.loading ? <InlineSkeleton className="h-3 w-20" /> : null}
          {title ? <span className="truncate">{total !== null || state.loading ? "· " : ""}{title}</span> : null}
        </p>
      </div>
      <div className="ml-auto flex min-w-0 items-center gap-4">
        <LiveStatus feed={state.feed} received_at={state.received_at} loading={state.loading} />
        <IntervalSwitch value={state.interval} onChange={onInterval} />
      </div>
    </div>
  );
}

function ChartCard({ data, stale }: { data: FormAnalytics; stale: boolean }) {
  // A new answer re-renders the page; the filled series changes only with the data.
  const series = useMemo(() => fillBuckets(data.over_time, data.interval, Date.parse(data.computed_at) || Date.now()), [data]);
  const shown = series.buckets.reduce((sum, b) => sum + b.count, 0);
  const per = data.interval === "hour" ? "Per hour, in your time zone" : "Per day (UTC)";
  const span = data.interval === "hour" ? `${Math.round(MAX_BUCKETS.hour / 24)} days` : `${Math.round(MAX_BUCKETS.day / 366)} years`;
  return (
    <Card>
      <CardHeader title={CHART_TITLE} description={`${per} · ${responsesText(shown)} shown`} />
      <div className="grid gap-2 px-4 pt-4 pb-3">
        <OverTimeChart series={series} busy={stale} />
        {series.clipped ? (
          <p className="text-xs text-muted">
            Showing the last {span}.{data.interval === "hour" ? " Switch to Day for the whole history." : ""}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function Fields({ data }: { data: FormAnalytics }) {
  return (
    <section aria-labelledby="analytics-fields" className="grid gap-3">
      <h2 id="analytics-fields" className="text-sm font-medium text-fg">Fields</h2>
      {data.fields.length === 0 ? (
        <p className="text-sm text-muted">This form has no fields yet.</p>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2">
          {data.fields.map((f) => <FieldCard key={f.field_id} summary={f} total={data.total} />)}
        </div>
      )}
    </section>
  );
}

function RefreshFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
      <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-warning" />
      <p className="min-w-0 flex-1 text-fg">These numbers could not be refreshed: {message}</p>
      <Button size="sm" variant="ghost" onClick={onRetry}>Retry</Button>
    </div>
  );
}

function AnalyticsBody({ form_id, title }: { form_id: string; title: string }) {
  const { state, chooseInterval, retry } = useLiveAnalytics(form_id);
  const view = viewOf(state);
  const total = view.kind === "ready" || view.kind === "empty" ? view.data.total : null;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 pt-4 pb-24">
      <Header title={title} state={state} total={total} onInterval={chooseInterval} />
      {view.kind !== "failed" && state.error !== null && !state.loading ? <RefreshFailed message={state.error} onRetry={retry} /> : null}
      {view.kind === "loading" ? <AnalyticsSkeleton chartTitle={CHART_TITLE} /> : null}
      {view.kind === "failed" ? (
        <Card>
          <EmptyState icon={CircleAlert} title="Analytics could not be loaded" action={<Button size="sm" onClick={retry}>Retry</Button>}>
            {view.message}
          </EmptyState>
        </Card>
      ) : null}
      {view.kind === "empty" ? (
        <Card>
          <EmptyState icon={Inbox} title="No responses yet">
            Share {title ? <>“{title}”</> : "the form"} to start collecting answers: publish it, then send its link (Connect › Share).
            New responses show up here as they arrive.
          </EmptyState>
        </Card>
      ) : null}
      {view.kind === "ready" ? (
        <>
          <ChartCard data={view.data} stale={view.stale} />
          <Fields data={view.data} />
        </>
      ) : null}
    </div>
  );
}

/** The `data/analytics` page of a form. */
export function AnalyticsPage({ form_id, title }: { form_id: string; title: string }) {
  // Another form starts from its own skeleton, not from this one's numbers.
  return <AnalyticsBody key={form_id} form_id={form_id} title={title} />;
}
