import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRefresher } from "./refresher";

/** A run whose requests finish when the test says. */
function controlledRun() {
  const requests: { signal: AbortSignal; finish: () => void }[] = [];
  const run = vi.fn((signal: AbortSignal) => new Promise<void>((resolve) => requests.push({ signal, finish: resolve })));
  let inFlight = 0;
  let most = 0;
  const tracked = (signal: AbortSignal) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    return run(signal).finally(() => { inFlight -= 1; });
  };
  return { run: tracked, calls: run, requests, most: () => most };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("refreshing on row changes", () => {
  it("a burst of changes costs one request, 500 ms after the last", async () => {
    const r = controlledRun();
    const refresher = createRefresher(r.run);
    for (let i = 0; i < 5; i++) {
      refresher.soon();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(r.calls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(r.calls).toHaveBeenCalledTimes(1);
  });

  it("a steady stream of changes still reads every 2 seconds", async () => {
    const r = controlledRun();
    const refresher = createRefresher(r.run);
    for (let i = 0; i < 21; i++) {
      refresher.soon();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(r.calls).toHaveBeenCalledTimes(1);
  });

  it("never has two requests in flight: changes during one are read once after it", async () => {
    const r = controlledRun();
    const refresher = createRefresher(r.run);
    refresher.soon();
    await vi.advanceTimersByTimeAsync(500);
    expect(r.calls).toHaveBeenCalledTimes(1);
    refresher.soon();
    refresher.soon();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(r.calls).toHaveBeenCalledTimes(1);
    r.requests[0]!.finish();
    await vi.advanceTimersByTimeAsync(500);
    expect(r.calls).toHaveBeenCalledTimes(2);
    r.requests[1]!.finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(r.calls).toHaveBeenCalledTimes(2);
    expect(r.most()).toBe(1);
  });

  it("now() reads at once and abandons the request in flight", async () => {
    const r = controlledRun();
    const refresher = createRefresher(r.run);
    refresher.now();
    refresher.soon();
    refresher.now();
    expect(r.calls).toHaveBeenCalledTimes(2);
    expect(r.requests[0]!.signal.aborted).toBe(true);
    expect(r.requests[1]!.signal.aborted).toBe(false);
    // The change asked for before the second read is answered by it.
    r.requests[1]!.finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(r.calls).toHaveBeenCalledTimes(2);
  });

  it("a failed request does not stop later reads", async () => {
    const run = vi.fn(() => Promise.reject(new Error("down")));
    const refresher = createRefresher(run);
    refresher.now();
    await vi.advanceTimersByTimeAsync(0);
    refresher.soon();
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("after dispose nothing runs and the request in flight is aborted", async () => {
    const r = controlledRun();
    const refresher = createRefresher(r.run);
    refresher.now();
    refresher.soon();
    refresher.dispose();
    r.requests[0]!.finish();
    refresher.soon();
    refresher.now();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(r.calls).toHaveBeenCalledTimes(1);
    expect(r.requests[0]!.signal.aborted).toBe(true);
  });
});
