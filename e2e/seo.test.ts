/**
 * Share previews and search engines (issue 22 item 7), against the built server in
 * Chromium: Lighthouse's SEO category scores the demo form 1.00 (meta description,
 * crawlable, a valid robots.txt, canonical, link text…), and the share card its page names
 * loads as a 1200×630 image.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lighthouseSeo } from "../bench/lighthouse";
import { CHROMIUM_AVAILABLE, startServer, type RunningServer } from "./harness";

describe.skipIf(!CHROMIUM_AVAILABLE)("share previews and SEO of the public form", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("Lighthouse scores the demo form's SEO 1.00", async () => {
    const seo = await lighthouseSeo(server.demoFormUrl);
    expect(seo.failed).toEqual([]);
    expect(seo.score).toBe(100);
  }, 180_000);

  it("the page names a share card that is a PNG, and robots.txt lets crawlers reach both", async () => {
    const html = await (await fetch(server.demoFormUrl)).text();
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(image).toMatch(/\/og\.png\?v=[0-9a-f]{8}$/);
    const card = await fetch(image!.replace(/&amp;/g, "&"));
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await card.arrayBuffer());
    // PNG signature, then the IHDR chunk's width and height.
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain("Allow: /d/e/\n");
  });
});
