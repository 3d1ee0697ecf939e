/**
 * The live row feed of one form (`GET /private/editor/forms/{form_id}/changes`, Server-Sent
 * Events named `rows`, each a `RowChange` of core/data/data-api.ts): whatever wrote to the
 * form's table (a submit, the Data API, SQL by hand), its views learn and read again.
 *
 *   const stop = subscribeRowChanges(form_id, (change) => grid.reload(), { onStatus: setLive });
 *   // …
 *   stop();
 *
 * Subscribers of one form share one connection (a browser opens at most six per origin over
 * HTTP/1.1), opened by the first and closed after the last stops. The browser reconnects by
 * itself after a dropped connection; when it gives up (an HTTP error, an answer that is not
 * an event stream) the feed opens a new one after 1, 2, 4… up to 30 seconds. Changes made
 * while the feed was down are not replayed: a view should read again when the status turns
 * "open" after a drop.
 */
import { ROW_CHANGE_EVENT, ROW_CHANGE_OPS, type RowChange } from "@fieldwork/core";
import { isRecord, seg } from "./http";

/**
 * "connecting" before the first answer, "open" while events can arrive, "retrying" while the
 * connection is down (the browser's own retry or ours).
 */
export type RowFeedStatus = "connecting" | "open" | "retrying";

export interface RowFeedOptions {
  /** Told the feed's status at once and on every change of it, until the subscriber stops. */
  onStatus?: (status: RowFeedStatus) => void;
  /** The stream to read when it is not a form's (a schema table's: `/schema/{id}/tables/{id}/changes`, whose changes carry the table's id). */
  url?: string;
}

/** Delays of the feed's own reconnects, in ms: doubled from `min` up to `max`, with jitter. */
export const RETRY_DELAYS = { min: 1_000, max: 30_000 } as const;

export const rowChangesUrl = (form_id: string) => `/private/editor/forms/${seg(form_id)}/changes`;

/** The RowChange of an event's data, or null for anything else (a malformed event is skipped). */
export function parseRowChange(data: unknown): RowChange | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.form_id !== "string" || typeof value.count !== "number") return null;
  const op = (ROW_CHANGE_OPS as readonly unknown[]).includes(value.op) ? (value.op as RowChange["op"]) : null;
  // Other keys the server adds (a burst's counts per kind) pass through as they came.
  return op ? ({ ...value, form_id: value.form_id, op, count: value.count } as RowChange) : null;
}

/** Delay before reconnect number `attempt` (0-based): between half and all of min·2^attempt, at most max. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_DELAYS.max, RETRY_DELAYS.min * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

interface Subscriber {
  onChange: (change: RowChange) => void;
  onStatus?: (status: RowFeedStatus) => void;
}

interface Feed {
  subscribers: Set<Subscriber>;
  status: RowFeedStatus;
  close: () => void;
}

const feeds = new Map<string, Feed>();

function openFeed(form_id: string, url = rowChangesUrl(form_id)): Feed {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  const feed: Feed = { subscribers: new Set(), status: "connecting", close };

  function setStatus(status: RowFeedStatus) {
    if (feed.status === status) return;
    feed.status = status;
    for (const s of [...feed.subscribers]) s.onStatus?.(status);
  }

  function onRows(event: Event) {
    const change = parseRowChange((event as MessageEvent).data);
    if (!change || change.form_id !== form_id) return;
    for (const s of [...feed.subscribers]) s.onChange(change);
  }

  function connect() {
    timer = null;
    const es = new EventSource(url, { withCredentials: false });
    source = es;
    es.addEventListener(ROW_CHANGE_EVENT, onRows);
    es.onopen = () => {
      attempt = 0;
      setStatus("open");
    };
    es.onerror = () => {
      if (source !== es) return;
      setStatus("retrying");
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up; we retry.
      if (es.readyState !== EventSource.CLOSED) return;
      es.close();
      source = null;
      timer = setTimeout(connect, retryDelay(attempt++));
    };
  }

  function close() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (source) {
      source.onopen = null;
      source.onerror = null;
      source.removeEventListener(ROW_CHANGE_EVENT, onRows);
      source.close();
    }
    source = null;
  }

  connect();
  return feed;
}

/**
 * Calls `onChange` for every change of the form's rows until the returned function is
 * called (calling it again does nothing). `options.onStatus` hears the connection's state.
 */
export function subscribeRowChanges(form_id: string, onChange: (change: RowChange) => void, options: RowFeedOptions = {}): () => void {
  const feed = feeds.get(form_id) ?? openFeed(form_id, options.url);
  feeds.set(form_id, feed);
  const subscriber: Subscriber = { onChange, onStatus: options.onStatus };
  feed.subscribers.add(subscriber);
  options.onStatus?.(feed.status);
  return () => {
    if (!feed.subscribers.delete(subscriber) || feed.subscribers.size > 0) return;
    feed.close();
    if (feeds.get(form_id) === feed) feeds.delete(form_id);
  };
}
