/**
 * bench:grid-ui's view of the page: desktop contexts (1440×900, no throttling) signed in as
 * the bench's owner, and a probe that runs before the page's own scripts and times, on
 * every animation frame, what is on screen.
 *
 * The probe keeps, in page time (`performance.now()`, milliseconds since the navigation
 * started, the clock of `Event.timeStamp` and of resource timing):
 * - `firstRowAt`: the first frame whose grid shows a first data row (`aria-rowindex="2"`)
 *   with text in its `#` key cell: the frame that paints the first rows;
 * - `lastInput`: the last click, input or change event, taken in the capture phase before
 *   the page's handlers see it (the moment the person acted);
 * - `longTasks`: main-thread tasks over 50 ms (what held a frame up);
 * - `arm()`: starts watching for the first frame whose first row's key differs from the
 *   one shown now (`seen`).
 * Resource timing's buffer is enlarged so a run's requests all stay in it.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

export const DESKTOP = { width: 1440, height: 900 };

interface BenchProbe {
  firstRowAt: number | null;
  lastInput: { type: string; t: number } | null;
  seen: { t: number; key: string } | null;
  /** Main-thread tasks over 50 ms since the navigation. */
  longTasks: { start: number; duration: number }[];
  firstKey(): string;
  arm(): string;
}

declare global {
  interface Window { __bench?: BenchProbe }
}

/** A string, not a function: tsx would add helpers to a function's source that the page does not have. */
const PROBE = `(() => {
  performance.setResourceTimingBufferSize(100000);
  const KEY_CELL = '[role="grid"] [role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]';
  const firstKey = () => (document.querySelector(KEY_CELL)?.textContent ?? "").trim();
  const bench = window.__bench = { firstRowAt: null, lastInput: null, seen: null, longTasks: [], firstKey };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  for (const type of ["click", "input", "change"]) {
    addEventListener(type, (event) => { bench.lastInput = { type, t: event.timeStamp }; }, true);
  }
  const first = () => {
    if (firstKey()) bench.firstRowAt = performance.now();
    else requestAnimationFrame(first);
  };
  requestAnimationFrame(first);
  bench.arm = () => {
    const before = firstKey();
    bench.seen = null;
    const frame = () => {
      const key = firstKey();
      if (key && key !== before) bench.seen = { t: performance.now(), key };
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    return before;
  };
})();`;

/** `name=value; name2=value2` as Playwright cookies for `baseUrl`. */
function cookiesOf(header: string, baseUrl: string) {
  return header.split("; ").filter(Boolean).map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

/** A fresh context (empty cache, no connections) signed in with `cookie`, the probe installed. */
export async function signedInContext(browser: Browser, baseUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addCookies(cookiesOf(cookie, baseUrl));
  await context.addInitScript(PROBE);
  return context;
}

const probe = (page: Page) => page.evaluate(() => window.__bench!);

/** Milliseconds from navigation start to the frame that paints the first data row. */
export async function firstRowAt(page: Page, timeout = 30_000): Promise<number> {
  await page.waitForFunction(() => window.__bench?.firstRowAt != null, null, { polling: 50, timeout });
  return (await probe(page)).firstRowAt!;
}

export const firstKey = (page: Page) => page.evaluate(() => window.__bench!.firstKey());
export const longTasks = (page: Page) => page.evaluate(() => window.__bench!.longTasks);
export const arm = (page: Page) => page.evaluate(() => window.__bench!.arm());

/** After `arm()` and an action: when the action happened and when its new first row was painted. */
export async function actionTimes(page: Page, timeout = 15_000): Promise<{ input: number; painted: number; key: string }> {
  await page.waitForFunction(() => window.__bench?.seen != null, null, { polling: 20, timeout });
  const { lastInput, seen } = await probe(page);
  if (!lastInput) throw new Error("no input event was seen before the rows changed");
  return { input: lastInput.t, painted: seen!.t, key: seen!.key };
}

export interface RequestTiming { url: string; start: number; end: number }

/**
 * The grid's read of rows (a GET of the Data API with `limit=`; the count beside it is a HEAD
 * without one) that started last at or after `since`, from resource timing.
 */
export async function rowsRequest(page: Page, since: number): Promise<RequestTiming> {
  const entry = await page.evaluate((since) => {
    const reads = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.name.includes("/rest/v1/") && /[?&]limit=/.test(e.name) && e.startTime >= since);
    const last = reads.at(-1);
    return last ? { url: last.name, start: last.startTime, end: last.responseEnd } : null;
  }, since);
  if (!entry) throw new Error(`no read of rows started after ${since.toFixed(0)} ms`);
  return entry;
}

/** The same GET as the grid's (same URL, same headers) with `fetch` from the page: milliseconds to the parsed body. */
export function timeApi(page: Page, url: string): Promise<number> {
  return page.evaluate(async (url) => {
    const started = performance.now();
    const response = await fetch(url, { headers: { Accept: "application/json", "Accept-Profile": "form_data" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.json();
    return performance.now() - started;
  }, url);
}

export interface WaterfallEntry { path: string; start: number; end: number; kB: number }

/** The document and every resource of the load, in start order: where the first rows wait. */
export function waterfall(page: Page): Promise<WaterfallEntry[]> {
  return page.evaluate(() => {
    const entries = [
      ...(performance.getEntriesByType("navigation") as PerformanceResourceTiming[]),
      ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[]),
    ];
    return entries.map((e) => {
      const url = new URL(e.name);
      return { path: `${url.pathname}${url.search}`, start: e.startTime, end: e.responseEnd, kB: e.transferSize / 1024 };
    }).sort((a, b) => a.start - b.start);
  });
}
