/**
 * The shared widgets of spec 1 §2.3 where the product uses them, in Chromium: the Share
 * page's copy button confirms for 2 s and then reads Copy again; the data grid's search box
 * is a 36 px icon that widens to 200 px over 0.15 s when clicked, stays open when left with a
 * query, collapses when left empty, and Escape leaves it and collapses it (keeping the query).
 */
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";

const width = async (box: Locator) => Math.round((await box.boundingBox())?.width ?? -1);

describe.skipIf(!CHROMIUM_AVAILABLE)("the shared widgets in the product", () => {
  const env = useServerAndBrowser();

  it("the copy button confirms for 2 s; the grid's search box widens, collapses and obeys Escape", async () => {
    const context = await env.browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signUpInBrowser(page, env.server, { name: "Wid Gets", email: `widgets-${Date.now().toString(36)}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: "widget-org", display_name: "Widget Co" });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "site" });
    await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Widget form",
      fields: [{ name: "full_name", type: "text", label: "Full name" }],
      blocks: [{ type: "section", children: [{ type: "field", field: "full_name" }] }],
    });
    const documents = await callPrivate<{ id: string; title: string; form_id: string }[]>(page, "GET", `/projects/${project.id}/documents`);
    const doc = documents.find((d) => d.title === "Widget form")!;

    // Copy: "Copied" for 2 s (timed inside the page from the first frame that says it), then "Copy".
    await page.goto(`${env.server.url}/widget-org/site/${doc.id}/connect/share`);
    const copy = page.getByRole("button", { name: "Copy form link" });
    await copy.waitFor();
    const timing = page.evaluate(() => new Promise<{ shown: number; reverted: number }>((resolve) => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("form link"))!;
      let shown = 0;
      new MutationObserver(() => {
        const text = button.textContent ?? "";
        if (!shown && text.startsWith("Copied")) shown = performance.now();
        else if (shown && !text.startsWith("Copied")) resolve({ shown, reverted: performance.now() });
      }).observe(button, { subtree: true, childList: true, characterData: true });
    }));
    await copy.click();
    await expect.poll(() => page.getByRole("button", { name: "Copied form link" }).isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "Copied to clipboard" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${env.server.url}/d/e/${doc.form_id}`);
    const { shown, reverted } = await timing;
    expect(reverted - shown).toBeGreaterThanOrEqual(1_950);
    expect(reverted - shown).toBeLessThan(3_000); // a loaded machine's late timer, never a second confirmation
    expect(await copy.textContent()).toMatch(/^Copy\b/);

    // The grid's search box.
    await page.goto(`${env.server.url}/widget-org/site/${doc.id}/data/responses`);
    const search = page.getByRole("searchbox", { name: /Search all rows|Find in this page/ });
    await search.waitFor({ timeout: 20_000 });
    const box = search.locator("xpath=..");
    expect(await width(box)).toBe(36);
    expect(await box.evaluate((el) => [getComputedStyle(el).transitionProperty, getComputedStyle(el).transitionDuration])).toEqual(["width", "0.15s"]);
    await search.click();
    await expect.poll(() => width(box)).toBe(200);
    expect(await search.getAttribute("placeholder")).toMatch(/Search all rows|Find in this page/);

    // Left with a query: stays open. Left empty: back to the icon.
    await search.fill("ada");
    await search.press("Tab");
    await page.waitForTimeout(300);
    expect(await width(box)).toBe(200);
    await search.fill("");
    await search.press("Tab");
    await expect.poll(() => width(box)).toBe(36);

    // Escape: leaves the box and collapses it, keeping what was typed.
    await search.click();
    await expect.poll(() => width(box)).toBe(200);
    await search.pressSequentially("hop");
    await search.press("Escape");
    await expect.poll(() => width(box)).toBe(36);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await search.inputValue()).toBe("hop");
    // Tab finds it again and it opens.
    await search.focus();
    await expect.poll(() => width(box)).toBe(200);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
