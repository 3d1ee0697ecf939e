/**
 * axe-core on the pages people see: the public form (light and dark), the account pages and
 * the workbench with real content. Any violation fails, with what and where.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE, launchChromium, startServer, type RunningServer } from "./harness";

const AXE = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

interface Violation { id: string; impact: string; help: string; targets: string[] }

async function violations(page: Page): Promise<Violation[]> {
  await page.waitForLoadState("networkidle");
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.addScriptTag({ content: AXE });
  return page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  })))`);
}

describe.skipIf(!CHROMIUM_AVAILABLE)("accessibility (axe-core)", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(["light", "dark"] as const)("finds nothing on the public form and the sign-in page in %s", async (colorScheme) => {
    const page = await browser.newPage({ colorScheme });
    await page.goto(server.demoFormUrl);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/sign-in`);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it("finds nothing in the workbench: home, organization, project, editor, account and a dialog", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/sign-up`);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(`axe-${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${server.url}/`);
    const document_id = await page.evaluate(`(async () => {
      const call = async (method, path, csrf, body) => {
        const response = await fetch("/private/editor" + path, {
          method, headers: { "Content-Type": "application/json", ...(csrf ? { "x-fieldwork-csrf": csrf } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await response.json()).data;
      };
      const { csrf_token } = await call("GET", "/me");
      const org = await call("POST", "/organizations", csrf_token, { name: "axe-org", display_name: "Axe Research" });
      const project = await call("POST", "/organizations/" + org.id + "/projects", csrf_token, { name: "website" });
      const form = await call("POST", "/projects/" + project.id + "/documents", csrf_token, { doctype: "v0_form", title: "Signup" });
      await call("POST", "/projects/" + project.id + "/documents", csrf_token, { doctype: "v0_schema", title: "CRM" });
      await call("POST", "/projects/" + project.id + "/api-keys", csrf_token, { name: "Nightly export", role: "viewer" });
      await call("POST", "/organizations/" + org.id + "/invitations", csrf_token, { role: "editor", label: "Bo" });
      return form.id;
    })()`);
    for (const path of ["/", "/axe-org", "/axe-org/website", `/axe-org/website/${document_id}`, "/account"]) {
      await page.goto(`${server.url}${path}`);
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    }
    await page.goto(`${server.url}/axe-org`);
    await page.getByRole("button", { name: "Invite member" }).click();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
