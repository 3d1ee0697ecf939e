/**
 * One Chromium per e2e worker process, shared by the files the worker runs in turn (the e2e
 * project keeps its processes from file to file: vitest.config.ts). A file gets a handle on it
 * (`openBrowser`) that behaves as a browser of its own: its pages and contexts are new
 * browser contexts (no cookie, cache or storage of another file's), and closing the handle
 * closes them and leaves Chromium running for the next file. Chromium dies with the process
 * (playwright-core's pipe).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { CHROMIUM } from "./harness";

let shared: Promise<Browser> | undefined;

function sharedChromium(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  return shared.catch((error: unknown) => {
    shared = undefined; // the next file tries again
    throw error;
  });
}

export interface BrowserHandleOptions {
  /** Extra headers on every request of the handle's pages (a visitor's own address, X-Forwarded-For). */
  headers?: Record<string, string>;
  /** Called with each new context before the test uses it (console listeners, init scripts). */
  onContext?: (context: BrowserContext) => Promise<void>;
}

/**
 * A handle on the worker's Chromium for one file: `newContext` and `newPage` as on a Browser
 * (a page from `newPage` has a context of its own, closed with the page), `close` closes what
 * the handle opened. Everything else reads through to the shared browser.
 */
export async function openBrowser(options: BrowserHandleOptions = {}): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const newContext = async (contextOptions: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const headers = options.headers ? { ...options.headers, ...contextOptions.extraHTTPHeaders } : contextOptions.extraHTTPHeaders;
    const context = await browser.newContext({ ...contextOptions, ...(headers ? { extraHTTPHeaders: headers } : {}) });
    opened.add(context);
    context.once("close", () => opened.delete(context));
    await options.onContext?.(context);
    return context;
  };
  const newPage = async (contextOptions?: BrowserContextOptions): Promise<Page> => {
    const context = await newContext(contextOptions);
    const page = await context.newPage();
    page.once("close", () => void context.close().catch(() => {}));
    return page;
  };
  const close = async (): Promise<void> => {
    await Promise.all([...opened].map((context) => context.close().catch(() => {})));
  };
  const own = { newContext, newPage, close, contexts: () => [...opened] } as Record<PropertyKey, unknown>;
  return new Proxy(browser, {
    get(target, property) {
      if (property in own) return own[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
