import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

type Row = Record<string, unknown>;

describe.skipIf(!CHROMIUM_AVAILABLE)("the public form in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  const rows = (): Row[] => {
    const formId = env.server.demoFormUrl.split("/").pop()!;
    return env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);
  };

  async function fillFirstSection(page: Page, name: string) {
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Phone").fill("555-123-4567");
    await page.getByLabel("Team size").fill("12");
    await page.getByLabel("Your role").selectOption("designer");
  }

  async function fillSecondSection(page: Page) {
    await page.getByLabel("Team", { exact: true }).check();
    await page.getByLabel("Payments").check();
    await page.getByLabel("Anything else?").fill("Lovely form");
    await page.getByLabel("I agree to the terms").check();
  }

  it("goes Next and Back, fails validation once, submits, and the row lands in the form's table", async () => {
    const page = await env.browser.newPage();
    const before = rows().length;
    await page.goto(`${env.server.demoFormUrl}?source=e2e`);
    const next = page.getByRole("button", { name: "Next" });
    await expect.poll(() => next.isVisible()).toBe(true);
    expect(await page.getByLabel("Anything else?").isVisible()).toBe(false);

    await next.click();
    await expect.poll(() => page.locator("#fw-full_name-error").textContent()).toBe("This field is required.");
    expect(await page.getByLabel("Full name").isVisible()).toBe(true);

    await fillFirstSection(page, "Ada Browser");
    await next.click();
    await expect.poll(() => page.getByLabel("Anything else?").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").isVisible()).toBe(false);

    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => page.getByLabel("Full name").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Ada Browser");
    await next.click();

    await fillSecondSection(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    await expect.poll(() => page.getByText("Thank you!").isVisible()).toBe(true);
    const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("fieldwork/")));
    expect(stored).toEqual([]);

    const all = rows();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({
      full_name: "Ada Browser", email: "ada@example.com", role: "designer", plan: "team", team_size: 12,
      features: ["payments"], accept_terms: true, source: "e2e", comments: "Lovely form",
    });
    expect(all.at(-1)!.session_id).toEqual(expect.any(String));
    expect(all.at(-1)!.utc_offset).toEqual(expect.any(Number));
    await page.close();
  });

  it("keeps typed answers through a reload of the tab", async () => {
    const page = await env.browser.newPage();
    await page.goto(env.server.demoFormUrl);
    await expect.poll(() => page.getByRole("button", { name: "Next" }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).length)).toBe(1);
    await fillFirstSection(page, "Ada Reloaded");
    await page.waitForTimeout(700); // past the 300 ms sync debounce
    await page.reload();
    await expect.poll(() => page.getByLabel("Full name").inputValue()).toBe("Ada Reloaded");
    expect(await page.getByLabel("Email").inputValue()).toBe("ada@example.com");
    expect(await page.getByLabel("Your role").inputValue()).toBe("designer");
    expect(await page.getByLabel("Team size").inputValue()).toBe("12");
    await page.close();
  });

  it("submits with JavaScript disabled as a plain HTML form", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const before = rows().length;
    await page.goto(env.server.demoFormUrl);
    expect(await page.getByLabel("Full name").isVisible()).toBe(true);
    expect(await page.getByLabel("Anything else?").isVisible()).toBe(true);
    await fillFirstSection(page, "Ada NoScript");
    await fillSecondSection(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(await page.getByText("Thank you!").isVisible()).toBe(true);
    const all = rows();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({ full_name: "Ada NoScript", plan: "team", session_id: null });
    await context.close();
  });
});
