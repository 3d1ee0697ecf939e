/** @jsxRuntime automatic */
/**
 * Whether the numbers follow new responses: a dot (green and pulsing while the live feed
 * is open, amber while it reconnects) and how long ago the numbers were read.
 */
import { useEffect, useState } from "react";
import type { RowFeedStatus } from "../../../api/row-changes";
import { formatFullTime, formatRelativeTime } from "../../../format-time";
import { cn } from "../../../../ui/cn";

/** The time now, again every `every` ms (relative times stay true without new data). */
function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

const FEED_TEXT: Record<RowFeedStatus, string> = {
  connecting: "Connecting…",
  open: "Live",
  retrying: "Reconnecting…",
};

const FEED_HINT: Record<RowFeedStatus, string> = {
  connecting: "Connecting to the live feed of responses.",
  open: "New responses update these numbers as they arrive.",
  retrying: "The live feed is down; these numbers update again once it is back.",
};

export function LiveStatus({ feed, received_at, loading }: { feed: RowFeedStatus; received_at: number | null; loading: boolean }) {
  const now = useNow(15_000);
  const at = received_at === null ? null : new Date(received_at).toISOString();
  const updated = at === null ? (loading ? "Loading…" : "") : `Updated ${formatRelativeTime(at, new Date(now))}`;
  return (
    <p className="flex min-w-0 items-center gap-2 text-xs text-muted" title={[FEED_HINT[feed], at ? `Read at ${formatFullTime(at)}.` : ""].join(" ").trim()}>
      <span aria-hidden="true" className="relative flex size-2 shrink-0">
        {feed === "open" ? <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-50" /> : null}
        <span className={cn("relative inline-flex size-2 rounded-full", feed === "open" ? "bg-success" : feed === "retrying" ? "bg-warning" : "bg-faint")} />
      </span>
      <span className="truncate">
        <span className={feed === "open" ? "font-medium text-fg" : undefined}>{FEED_TEXT[feed]}</span>
        {updated ? <> · {updated}</> : null}
      </span>
    </p>
  );
}
