/**
 * A visitor's first load of the public form in Chromium: what the browser fetches, in what
 * encoding, and in which order. Orders only, no timings (speed is bench:respondent's job).
 */
import { describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("the public form's first visit", () => {
  const env = useServerAndBrowser();

  it("gets the page compressed with its CSS inside, React's scripts compressed, and fingerprintjs only after the load event", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const encodings = new Map<string, string | undefined>();
    page.on("response", async (response) => {
      encodings.set(new URL(response.url()).pathname, (await response.allHeaders())["content-encoding"]);
    });
    await page.goto(env.server.demoFormUrl, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.includes("/fp.esm"))), { timeout: 15_000 }).toBe(true);

    // The scripts and module preloads the server's page names (Vite adds more preloads for lazy
    // chunks at run time): what the first load takes before the load event.
    const html = await (await page.request.get(env.server.demoFormUrl)).text();
    const linked = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => new URL(m[1]!, env.server.url).pathname);
    const { loadStart, fetched } = await page.evaluate(() => ({
      loadStart: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      fetched: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
        path: new URL(r.name).pathname, start: r.startTime, encoded: r.encodedBodySize, decoded: r.decodedBodySize,
      })),
    }));
    const pagePath = new URL(env.server.demoFormUrl).pathname;
    expect(encodings.get(pagePath)).toBe("br");
    expect(fetched.some((r) => r.path.endsWith(".css"))).toBe(false);

    const scripts = fetched.filter((r) => r.path.endsWith(".js"));
    const fingerprint = scripts.find((r) => r.path.includes("/fp.esm"))!;
    // Lazy chunks (fingerprintjs, the field messages) may come after the load event; the page's own may not.
    const first = scripts.filter((r) => linked.includes(r.path));
    expect(fingerprint.start).toBeGreaterThan(loadStart);
    expect(first.length).toBeGreaterThanOrEqual(2);
    for (const script of first) {
      expect(script.start).toBeLessThan(loadStart);
      expect(encodings.get(script.path)).toBe("br");
      // Brotli halves any script worth compressing; a few hundred bytes (an entry that only imports) cannot halve.
      if (script.decoded > 1024) expect(script.encoded).toBeLessThan(script.decoded / 2);
    }
    const sum = (key: "encoded" | "decoded") => first.reduce((total, script) => total + script[key], 0);
    expect(sum("encoded")).toBeLessThan(sum("decoded") / 2);
    await context.close();
  });
});
