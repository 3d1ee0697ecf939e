/** @jsxRuntime automatic */
/**
 * Whether a connected table's rows follow its database: the server checks the table every
 * few seconds (docs/databases.md "Live rows") and the grid reads its page again when it
 * changed. A dot, green while the feed is open, amber while it reconnects.
 */
import { useState } from "react";
import type { RowFeedStatus } from "../../api/row-changes";
import { cn } from "../../../ui/cn";

const TEXT: Record<RowFeedStatus, string> = { connecting: "Connecting…", open: "Live", retrying: "Reconnecting…" };
const HINT: Record<RowFeedStatus, string> = {
  connecting: "Connecting to the table's change feed.",
  open: "The server checks this table for changes every few seconds; new and changed rows show without a reload.",
  retrying: "The change feed is down; Refresh reads the rows, and they follow the table again once it is back.",
};

export function useFeedStatus(): [RowFeedStatus, (status: RowFeedStatus) => void] {
  return useState<RowFeedStatus>("connecting");
}

export function LiveBadge({ feed }: { feed: RowFeedStatus }) {
  return (
    <span role="status" aria-label={`Live rows: ${TEXT[feed]}`} title={HINT[feed]} data-live={feed} className="flex items-center gap-1.5 text-xs text-muted">
      <span aria-hidden="true" className={cn("inline-flex size-2 rounded-full", feed === "open" ? "bg-success" : feed === "retrying" ? "bg-warning" : "bg-faint")} />
      <span className={feed === "open" ? "font-medium text-fg" : undefined}>{TEXT[feed]}</span>
    </span>
  );
}
