/**
 * When the analytics page reads again. A burst of row changes (an import, a busy form)
 * costs one request: `soon()` waits for `delay` ms of quiet, at most `maxWait` ms after the
 * first ask. Never more than one request is in flight: asks during one are kept and served
 * after it ends. `now()` reads at once and abandons the request in flight (the question
 * changed: another interval, Retry).
 *
 *   const refresher = createRefresher((signal) => load(signal));
 *   refresher.now();                       // first read
 *   feed.onChange = () => refresher.soon();
 *   refresher.dispose();                   // on unmount: aborts, forgets timers
 */
export interface Refresher {
  soon(): void;
  now(): void;
  dispose(): void;
}

export interface RefresherTiming {
  /** Quiet needed before a read, ms. */
  delay: number;
  /** Longest a read is put off by a stream of asks, ms. */
  maxWait: number;
}

export const REFRESH_TIMING: RefresherTiming = { delay: 500, maxWait: 2_000 };

export function createRefresher(run: (signal: AbortSignal) => Promise<unknown>, timing: RefresherTiming = REFRESH_TIMING): Refresher {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAsk: number | null = null;
  let current: AbortController | null = null;
  let pending = false;
  let disposed = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  function start() {
    clearTimer();
    firstAsk = null;
    pending = false;
    const controller = new AbortController();
    current = controller;
    void run(controller.signal).catch(() => undefined).finally(() => {
      if (current !== controller) return;
      current = null;
      if (pending && !disposed) soon();
    });
  }

  function fire() {
    timer = null;
    if (disposed) return;
    if (current) pending = true;
    else start();
  }

  function soon() {
    if (disposed) return;
    if (current) {
      pending = true;
      return;
    }
    const at = Date.now();
    firstAsk ??= at;
    clearTimer();
    timer = setTimeout(fire, Math.max(0, Math.min(timing.delay, firstAsk + timing.maxWait - at)));
  }

  return {
    soon,
    now() {
      if (disposed) return;
      current?.abort();
      current = null;
      start();
    },
    dispose() {
      disposed = true;
      clearTimer();
      current?.abort();
      current = null;
    },
  };
}
