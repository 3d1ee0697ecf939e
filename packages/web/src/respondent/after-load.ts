/**
 * Work the first visit can do without: it waits for the page's load event (everything the
 * page itself needs has arrived) and then for the browser to be idle, so it never shares
 * the line or the main thread with the form becoming usable.
 */

/** The parts of `window` this needs (a test passes its own). */
export interface LoadTarget {
  document: { readyState: DocumentReadyState };
  addEventListener(type: "load", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "load", listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options?: { timeout?: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Longest wait for an idle moment after the load event. */
export const IDLE_TIMEOUT_MS = 3000;
/** A browser without `requestIdleCallback` waits this long after the load event instead. */
export const NO_IDLE_CALLBACK_DELAY_MS = 1000;

/** Runs `task` once, after the load event and when idle; gives a function that cancels it. */
export function afterLoadAndIdle(task: () => void, target: LoadTarget = window): () => void {
  let cancelled = false;
  let idle: number | null = null;
  let timer: unknown = null;
  const whenIdle = () => {
    if (cancelled) return;
    if (target.requestIdleCallback) idle = target.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else timer = target.setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  };
  if (target.document.readyState === "complete") whenIdle();
  else target.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    target.removeEventListener("load", whenIdle);
    if (idle !== null) target.cancelIdleCallback?.(idle);
    if (timer !== null) target.clearTimeout(timer);
  };
}
