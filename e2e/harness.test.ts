import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe";
import { openBrowser } from "./browser";
import { CHROMIUM_AVAILABLE, sharedServer } from "./harness";

describe("the e2e project's global setup", () => {
  it("hands the workers a migrated PGlite DATA_DIR for startServer to copy", () => {
    const { dataDir } = inject("e2eDataDirTemplate");
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, "secret_key"))).toBe(false);
  });
});

describe.skipIf(!CHROMIUM_AVAILABLE)("what a worker's files share", () => {
  const seen: IncomingHttpHeaders[] = [];
  const site = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { "content-type": "text/html", "set-cookie": "visit=1; Path=/" }).end(`<p>${request.headers.cookie ?? "no cookie"}</p>`);
  });
  afterAll(() => new Promise((resolve) => site.close(resolve)));

  it("one server per process, recorded for the teardown, that no file may stop", async () => {
    const [first, again] = await Promise.all([sharedServer(), sharedServer()]);
    expect(again).toBe(first);
    expect((await fetch(`${first.url}/healthz`)).ok).toBe(true);
    const record = JSON.parse(readFileSync(join(inject("e2eServerRecords").dir, `${first.pid}.json`), "utf8")) as unknown;
    expect(record).toEqual({ pid: first.pid, dataDir: first.dataDir });
    await expect(first.stop()).rejects.toThrow(/stops when the run ends/);
  });

  it("a file's browser handle: its own cookies and headers, and closing it leaves Chromium to the next file", async () => {
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const one = await openBrowser({ headers: { "x-forwarded-for": "10.9.0.1" } });
    const page = await one.newPage();
    await page.goto(url);
    await page.reload();
    expect(await page.textContent("p")).toBe("visit=1");
    expect(seen.at(-1)!["x-forwarded-for"]).toBe("10.9.0.1");

    const two = await openBrowser();
    const other = await (await two.newContext()).newPage();
    await other.goto(url);
    expect(await other.textContent("p")).toBe("no cookie");
    expect(seen.at(-1)!["x-forwarded-for"]).toBeUndefined();
    expect(two.contexts()).toHaveLength(1);

    await one.close();
    expect(page.isClosed()).toBe(true);
    expect(one.contexts()).toHaveLength(0);
    expect(one.isConnected()).toBe(true);
    await other.reload();
    expect(await other.textContent("p")).toBe("visit=1");
    await two.close();
  });
});

describe.skipIf(!CHROMIUM_AVAILABLE)("axeViolations", () => {
  it("reports a violation that is still there when it looks again", async () => {
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      await page.setContent(`<!doctype html><html lang="en"><title>Axe</title><main><h1>Checked</h1><p style="color:#c8c8c8;background:#fff">Faint for good</p></main></html>`);
      expect((await axeViolations(page)).map((v) => ({ id: v.id, targets: v.targets }))).toEqual([{ id: "color-contrast", targets: ["p"] }]);
      await page.setContent(`<!doctype html><html lang="en"><title>Axe</title><main><h1>Checked</h1><p style="color:#111;background:#fff">Dark enough</p></main></html>`);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
