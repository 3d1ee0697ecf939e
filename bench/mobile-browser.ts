/**
 * Page loads for bench:respondent in headless Chromium under a mobile profile: 390×844,
 * 4× CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up — each in a fresh browser
 * context (empty cache, no open connections).
 *
 * The time to the first input is taken inside the page by a probe that runs before any of
 * the page's own scripts (an init script) and needs none of them: on every animation frame
 * it looks for the first input, textarea or select with a non-empty box inside the
 * viewport that is visible, and records `performance.now()` (milliseconds since the
 * navigation started). Frames are not run while a render-blocking stylesheet is pending,
 * so the first frame that finds one is the frame that paints it.
 */
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const MOBILE = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, width: 390, height: 844 };

declare global {
  interface Window { __benchFirstInput?: number }
}

/** A string, not a function: tsx would add helpers to a function's source that the page does not have. */
const FIRST_INPUT_PROBE = `(() => {
  const visible = () => {
    for (const el of document.querySelectorAll("input:not([type=hidden]), textarea, select")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight
        && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
    }
    return false;
  };
  const frame = () => {
    if (visible()) window.__benchFirstInput = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });

async function mobileContext(browser: Browser, throttled: boolean): Promise<{ context: BrowserContext; open(url: string): Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: MOBILE.width, height: MOBILE.height }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  await context.addInitScript(FIRST_INPUT_PROBE);
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: (MOBILE.downloadKbps * 1000) / 8,
      uploadThroughput: (MOBILE.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE.cpuSlowdown });
  }
  return {
    context,
    async open(url) {
      // Nothing of ours runs in the page until its load event, so the bench does not compete with it.
      await page.goto(url, { waitUntil: "load", timeout: 120_000 });
      await page.waitForFunction(() => window.__benchFirstInput !== undefined, null, { polling: 100, timeout: 60_000 });
    },
  };
}

/** Milliseconds from navigation start to the first visible input, under the mobile profile. */
export async function timeToFirstInput(browser: Browser, url: string): Promise<number> {
  const { context, open } = await mobileContext(browser, true);
  try {
    await open(url);
    return await context.pages()[0]!.evaluate(() => window.__benchFirstInput!);
  } finally {
    await context.close();
  }
}

export interface ScriptLoad { url: string; encoded: number; decoded: number; beforeLoad: boolean }
export interface PageBytes { html: { encoded: number; decoded: number }; css: number; scripts: ScriptLoad[] }

/**
 * What a first visit transfers (no throttling: bytes do not depend on it): the document, the
 * stylesheets and every script with its compressed (on the wire) and decoded size, split
 * by whether its fetch started before the load event. Waits `settleMs` after load for
 * scripts that load when the page is idle.
 */
export async function firstVisitBytes(browser: Browser, url: string, settleMs = 5000): Promise<PageBytes> {
  const { context, open } = await mobileContext(browser, false);
  try {
    await open(url);
    const page = context.pages()[0]!;
    await page.waitForTimeout(settleMs);
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        html: { encoded: nav.encodedBodySize, decoded: nav.decodedBodySize },
        css: resources.filter((r) => /\.css(\?|$)/.test(r.name)).reduce((sum, r) => sum + r.encodedBodySize, 0),
        scripts: resources.filter((r) => /\.m?js(\?|$)/.test(r.name)).map((r) => ({
          url: new URL(r.name).pathname, encoded: r.encodedBodySize, decoded: r.decodedBodySize, beforeLoad: r.startTime < nav.loadEventStart,
        })),
      };
    });
  } finally {
    await context.close();
  }
}

/** The response headers of one GET the way Chromium asks for it (Accept-Encoding included). */
export async function responseHeaders(browser: Browser, url: string): Promise<Record<string, string>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(url);
    return response ? await response.allHeaders() : {};
  } finally {
    await context.close();
  }
}
