import { describe, expect, it, vi } from "vitest";
import { afterLoadAndIdle, IDLE_TIMEOUT_MS, NO_IDLE_CALLBACK_DELAY_MS, type LoadTarget } from "./after-load";

/** A window that loads and idles when the test says so. */
function fakeWindow(readyState: DocumentReadyState, withIdle = true) {
  const onLoad = new Set<() => void>();
  const idle = new Map<number, () => void>();
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const target: LoadTarget = {
    document: { readyState },
    addEventListener: (_type, listener) => onLoad.add(listener),
    removeEventListener: (_type, listener) => onLoad.delete(listener),
    ...(withIdle ? {
      requestIdleCallback: (callback: () => void, options?: { timeout?: number }) => {
        expect(options?.timeout).toBe(IDLE_TIMEOUT_MS);
        idle.set(next, callback);
        return next++;
      },
      cancelIdleCallback: (handle: number) => idle.delete(handle),
    } : {}),
    setTimeout: (run: () => void, ms: number) => timers.set(next, { run, ms }) && next++,
    clearTimeout: (handle: unknown) => timers.delete(handle as number),
  };
  return {
    target,
    load: () => [...onLoad].forEach((listener) => listener()),
    idle: () => [...idle.values()].forEach((callback) => callback()),
    timers,
    pendingIdle: () => idle.size,
  };
}

describe("afterLoadAndIdle", () => {
  it("waits for the load event and then for an idle moment", () => {
    const page = fakeWindow("interactive");
    const task = vi.fn();
    afterLoadAndIdle(task, page.target);
    page.idle();
    expect(task).not.toHaveBeenCalled();
    page.load();
    expect(task).not.toHaveBeenCalled();
    page.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("only waits for idle when the page has loaded already", () => {
    const page = fakeWindow("complete");
    const task = vi.fn();
    afterLoadAndIdle(task, page.target);
    page.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("waits a fixed delay after load where there is no idle callback", () => {
    const page = fakeWindow("loading", false);
    afterLoadAndIdle(vi.fn(), page.target);
    expect(page.timers.size).toBe(0);
    page.load();
    expect([...page.timers.values()].map((t) => t.ms)).toEqual([NO_IDLE_CALLBACK_DELAY_MS]);
  });

  it("does nothing once cancelled, before or after the load event", () => {
    const before = fakeWindow("interactive");
    const task = vi.fn();
    afterLoadAndIdle(task, before.target)();
    before.load();
    before.idle();

    const after = fakeWindow("interactive");
    const cancel = afterLoadAndIdle(task, after.target);
    after.load();
    cancel();
    expect(after.pendingIdle()).toBe(0);
    expect(task).not.toHaveBeenCalled();
  });
});
