/**
 * A form answered once per customer, in Chromium: the visitor answers, comes back, and is
 * sent to `alreadyresponded` (with who was recognised) as soon as the page knows their
 * fingerprint, before filling anything in (spec 2 §2, §7).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PARAM } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("a per-customer limit in Chromium", () => {
  const env = useServerAndBrowser();

  it("sends a returning visitor to alreadyresponded on load, with fingerprint and customer", async () => {
    const file = join(env.server.dataDir, "once.json");
    writeFileSync(file, JSON.stringify({
      format: "fieldwork.form", version: 1, title: "Once each",
      settings: { published: true, max_form_responses_by_customer: 1 },
      fields: [{ name: "name", type: "text", label: "Your name", required: true }],
      blocks: [{ type: "section", children: [{ type: "field", field: "name" }] }],
    }));
    const { id } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${id}`);
    // The fingerprint arrives after the load event; the answer must carry it to be counted.
    const visitor = page.locator('input[name="__fw_fingerprintjs_visitorid"]');
    await expect.poll(() => visitor.inputValue(), { timeout: 15_000 }).not.toBe("");
    const fingerprint = await visitor.inputValue();
    await page.getByLabel("Your name").fill("Ada");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);

    await page.goto(`${env.server.url}/d/e/${id}`);
    await page.waitForURL(/\/alreadyresponded\?/, { timeout: 15_000 });
    const query = new URL(page.url()).searchParams;
    expect(query.get("fingerprint")).toBe(fingerprint);
    expect(query.get("customer_id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(query.get("session_id")).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  it("keeps a visitor whose link supplies a required hidden field on the form after the fingerprint check", async () => {
    const file = join(env.server.dataDir, "once-with-ref.json");
    writeFileSync(file, JSON.stringify({
      format: "fieldwork.form", version: 1, title: "Once each, by link",
      settings: { published: true, max_form_responses_by_customer: 1 },
      fields: [
        { name: "name", type: "text", label: "Your name", required: true },
        { name: "ref", type: "hidden", required: true },
      ],
      blocks: [{ type: "section", children: [{ type: "field", field: "name" }, { type: "field", field: "ref" }] }],
    }));
    const { id } = JSON.parse(env.server.cli(["forms", "import", file])) as { id: string };
    const context = await env.browser.newContext();
    const page = await context.newPage();
    // The load again with the fingerprint (use-customer-check.ts) must carry the link's parameters.
    const recheck = page.waitForResponse((r) => r.url().includes(`/v1/${id}?`) && r.url().includes(PARAM.visitor_id), { timeout: 15_000 });
    await page.goto(`${env.server.url}/d/e/${id}?ref=newsletter-7`);
    const checked = await recheck;
    expect(new URL(checked.url()).searchParams.get("ref")).toBe("newsletter-7");
    expect(((await checked.json()) as { error: unknown }).error).toBeNull();
    await page.getByLabel("Your name").fill("Ada");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(page.url()).not.toContain("badrequest");
    await context.close();
  });
});
