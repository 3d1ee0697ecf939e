/** Tests of row-changes.ts (the live row feed the grid and Analytics share) and analytics.ts. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchAnalytics } from "./analytics";
import { parseRowChange, retryDelay, RETRY_DELAYS, rowChangesUrl, subscribeRowChanges, type RowFeedStatus } from "./row-changes";

/** EventSource as far as the feed uses it; the test plays the server. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(readonly url: string, readonly init?: EventSourceInit) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  // The server's side.
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(type: string, data: string) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data }));
  }
  /** A dropped connection the browser retries by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** An answer the browser gives up on (HTTP error, not an event stream). */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

const latest = () => FakeEventSource.all.at(-1)!;
const change = (form_id = "f1", op = "INSERT", count = 1) => JSON.stringify({ form_id, op, count });
const openSources = () => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED);

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the row change feed", () => {
  it("opens the form's feed on the same origin and hands over each change of its rows", () => {
    const seen: unknown[] = [];
    const stop = subscribeRowChanges("f/1", (c) => seen.push(c));
    expect(latest().url).toBe("/private/editor/forms/f%2F1/changes");
    expect(latest().url).toBe(rowChangesUrl("f/1"));
    expect(latest().init).toEqual({ withCredentials: false });
    latest().send("rows", change("f/1", "UPDATE", 3));
    latest().send("rows", "not json");
    latest().send("rows", change("another form"));
    latest().send("message", change("f/1"));
    expect(seen).toEqual([{ form_id: "f/1", op: "UPDATE", count: 3 }]);
    stop();
  });

  it("stopping closes the connection, and nothing arrives after", () => {
    const onChange = vi.fn();
    const stop = subscribeRowChanges("f1", onChange);
    const source = latest();
    stop();
    stop();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    source.send("rows", change());
    expect(onChange).not.toHaveBeenCalled();
  });

  it("subscribers of one form share a connection, closed after the last one stops", () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = subscribeRowChanges("f1", a);
    const stopB = subscribeRowChanges("f1", b);
    expect(FakeEventSource.all).toHaveLength(1);
    latest().send("rows", change());
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    stopA();
    expect(openSources()).toHaveLength(1);
    latest().send("rows", change());
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    stopB();
    expect(openSources()).toHaveLength(0);
    const stopC = subscribeRowChanges("f1", vi.fn());
    expect(FakeEventSource.all).toHaveLength(2);
    stopC();
  });

  it("tells its status: connecting, open, retrying while the browser reconnects, open again", () => {
    const statuses: RowFeedStatus[] = [];
    const stop = subscribeRowChanges("f1", vi.fn(), { onStatus: (s) => statuses.push(s) });
    latest().open();
    latest().drop();
    latest().open();
    expect(statuses).toEqual(["connecting", "open", "retrying", "open"]);
    expect(FakeEventSource.all).toHaveLength(1);
    const late: RowFeedStatus[] = [];
    const stopLate = subscribeRowChanges("f1", vi.fn(), { onStatus: (s) => late.push(s) });
    expect(late).toEqual(["open"]);
    stopLate();
    stop();
  });

  it("when the browser gives up, reconnects after a growing delay, and closing stops the retries", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    const onChange = vi.fn();
    const stop = subscribeRowChanges("f1", onChange);
    latest().fail();
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS.min);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().fail();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS.min);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS.min);
    expect(FakeEventSource.all).toHaveLength(3);
    latest().open();
    latest().send("rows", change());
    expect(onChange).toHaveBeenCalledTimes(1);
    latest().fail();
    stop();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS.max * 2);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(openSources()).toHaveLength(0);
  });

  it("retry delays double up to the cap, with jitter in the upper half", () => {
    expect(retryDelay(0, () => 1)).toBe(1_000);
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(3, () => 1)).toBe(8_000);
    expect(retryDelay(50, () => 1)).toBe(RETRY_DELAYS.max);
  });

  it("reads only well-formed changes", () => {
    expect(parseRowChange(change("f1", "DELETE", 2))).toEqual({ form_id: "f1", op: "DELETE", count: 2 });
    const burst = JSON.stringify({ form_id: "f1", op: "INSERT", count: 4, ops: { INSERT: 3, DELETE: 1 } });
    expect(parseRowChange(burst)).toEqual({ form_id: "f1", op: "INSERT", count: 4, ops: { INSERT: 3, DELETE: 1 } });
    expect(parseRowChange(JSON.stringify({ form_id: "f1", op: "TRUNCATE", count: 1 }))).toBeNull();
    expect(parseRowChange(JSON.stringify({ form_id: "f1", op: "INSERT" }))).toBeNull();
    expect(parseRowChange("[]")).toBeNull();
    expect(parseRowChange(undefined)).toBeNull();
  });
});

describe("the analytics call", () => {
  it("GETs the form's analytics for an interval with the abort signal and answers data of the envelope", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const data = { total: 0, interval: "hour", over_time: [], fields: [], computed_at: "2024-03-05T12:00:00Z" };
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ data, error: null }), { status: 200 });
    });
    const signal = new AbortController().signal;
    await expect(fetchAnalytics("f 1", "hour", signal)).resolves.toEqual(data);
    expect(calls[0]!.url).toBe("/private/editor/forms/f%201/analytics?interval=hour");
    expect(calls[0]!.init).toMatchObject({ method: "GET", signal, credentials: "same-origin" });
  });
});
