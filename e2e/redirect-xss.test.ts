/**
 * Finding A of issue 7 in a real browser: a form whose stored `redirect_uri` is a
 * `javascript:` URL (saved before URLs were checked; the import refuses it now) never runs
 * that script after a submit, with JavaScript or without, and the pages carry a
 * Content-Security-Policy that the app itself never trips.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser } from "./browser";
import { CHROMIUM_AVAILABLE, startServer, type RunningServer } from "./harness";
import { createScratchDatabase } from "../packages/server/src/test/backends";

const PAYLOAD = "javascript:document.title='pwned';window.__pwned=1;fetch('/private/editor/me')";

describe.skipIf(!CHROMIUM_AVAILABLE)("a stored javascript: redirect in Chromium", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let formId: string;
  let thanksSite: Server;
  let thanksUrl: string;
  const dir = mkdtempSync(join(tmpdir(), "fieldwork-xss-"));

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // An owner's own thank-you page, on another origin.
    thanksSite = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<title>Thanks site</title><h1>Thanks from us</h1>"));
    await new Promise<void>((resolve) => thanksSite.listen(0, "127.0.0.1", resolve));
    thanksUrl = `http://127.0.0.1:${(thanksSite.address() as AddressInfo).port}/thanks`;
    [server, browser] = await Promise.all([startServer({ databaseUrl: scratch.url }), openBrowser()]);
    const file = join(dir, "form.json");
    const form = { title: "Redirect", fields: [{ name: "name", type: "text", label: "Name" }], blocks: [{ type: "field", field: "name" }] };
    writeFileSync(file, JSON.stringify({ ...form, ending: { redirect_uri: PAYLOAD } }));
    expect(() => server.cli(["forms", "import", file])).toThrow(/URL_NOT_ALLOWED/);
    writeFileSync(file, JSON.stringify(form));
    formId = (JSON.parse(server.cli(["forms", "import", file])) as { id: string }).id;
    // The row as an older release would have saved it.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query("update form_document set redirect_after_response_uri = $1 where form_id = $2", [PAYLOAD, formId]);
    await client.query("update form set revision = revision + 1 where id = $1", [formId]);
    await client.end();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
    thanksSite?.close();
  });

  /** A page that records every CSP violation and every dialog a script might open. */
  async function watchedPage(javaScriptEnabled: boolean): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("dialog", (dialog) => {
      violations.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    return { page, violations };
  }

  it("submits with JavaScript and lands on the completion page; the script never runs", async () => {
    const { page, violations } = await watchedPage(true);
    await page.goto(`${server.url}/d/e/${formId}`);
    await page.getByLabel("Name").fill("Ada");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete\?response=1$/);
    await expect.poll(() => page.getByText("Thank you").first().isVisible()).toBe(true);
    expect(await page.title()).not.toBe("pwned");
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(violations).toEqual([]);
  });

  it("submits without JavaScript and lands on the completion page too", async () => {
    const { page } = await watchedPage(false);
    await page.goto(`${server.url}/d/e/${formId}`);
    await page.getByLabel("Name").fill("Grace");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete\?response=2$/);
    expect(await page.title()).not.toBe("pwned");
  });

  it("still follows an owner's http(s) redirect to another origin, with and without JavaScript", async () => {
    const file = join(dir, "external.json");
    writeFileSync(file, JSON.stringify({
      title: "External", fields: [{ name: "name", type: "text", label: "Name" }], blocks: [{ type: "field", field: "name" }],
      ending: { redirect_uri: thanksUrl },
    }));
    const external = (JSON.parse(server.cli(["forms", "import", file])) as { id: string }).id;
    for (const javaScriptEnabled of [true, false]) {
      const { page, violations } = await watchedPage(javaScriptEnabled);
      await page.goto(`${server.url}/d/e/${external}`);
      await page.getByLabel("Name").fill("Ada");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.waitForURL(thanksUrl);
      expect(await page.title()).toBe("Thanks site");
      expect(violations).toEqual([]);
    }
  });

  it("refuses a script the app did not write: the CSP blocks an injected inline script", async () => {
    const { page, violations } = await watchedPage(true);
    await page.goto(`${server.url}/d/e/${formId}`);
    await expect.poll(() => page.getByLabel("Name").isVisible()).toBe(true);
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = 1";
      document.body.append(script);
      return (window as { __injected?: number }).__injected;
    });
    expect(ran).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  it("runs the workbench's own pages under the same policy without a violation", async () => {
    const { page, violations } = await watchedPage(true);
    await page.goto(`${server.url}/sign-in`);
    await expect.poll(() => page.getByLabel("Email").isVisible()).toBe(true);
    await page.goto(`${server.url}/sign-up`);
    await expect.poll(() => page.getByLabel("Name").isVisible()).toBe(true);
    expect(violations).toEqual([]);
  });
});
