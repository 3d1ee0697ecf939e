/**
 * Inventory against the real server, driven only through the page: tracking a field asks
 * for a store first and takes the owner to connect/store; there a store is created and
 * linked; back in the field panel tracking turns on (and stays on), one option is set to 0
 * and another to 2; the public form then shows the first "Sold out" and disabled and the
 * second "Only 2 left".
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("inventory in Chromium", () => {
  const env = useServerAndBrowser();
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
  const openTicketPanel = async (page: Page) => {
    await page.getByRole("list", { name: "Blocks of the form" }).getByRole("group", { name: "Radio field: Ticket", exact: true }).click();
    await page.getByRole("button", { name: "Edit field" }).click();
    return page.getByRole("complementary", { name: "Edit Field" });
  };

  it("links a store, tracks a field, and the public form shows 'Sold out' and 'Only 2 left'", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Ivy Inventory", slug: "inventory" }, "Concert tickets");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Radio");
    await page.getByRole("option", { name: "Radio", exact: true }).click();
    const fresh = page.getByRole("complementary", { name: "New Field" });
    await fresh.getByRole("textbox", { name: "Label", exact: true }).fill("Ticket");
    await fresh.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => fresh.count()).toBe(0);
    await saved(page);

    // No store yet: the switch asks to connect one, and takes the owner to connect/store.
    let panel = await openTicketPanel(page);
    await panel.getByRole("switch", { name: "Track inventory" }).click();
    const ask = page.getByRole("alertdialog");
    await expect.poll(() => ask.textContent()).toContain("Connect a store first");
    await ask.getByRole("button", { name: "Connect a store" }).click();
    await page.waitForURL(/\/connect\/store$/);
    await page.getByLabel("New store name").fill("Box office");
    await page.getByRole("button", { name: "Create and link" }).click();
    await expect.poll(() => page.locator("[data-store-name]").textContent()).toBe("Box office");

    // Back in the panel, tracking turns on and stays on; levels save when left.
    await page.getByRole("link", { name: "Main" }).click();
    await page.waitForURL(/\/form\/edit$/);
    panel = await openTicketPanel(page);
    const track = panel.getByRole("switch", { name: "Track inventory" });
    await track.click();
    await expect.poll(() => track.isChecked()).toBe(true);
    expect(await track.isDisabled()).toBe(true);
    expect(await panel.getByText("Inventory tracking cannot be turned off once on.").isVisible()).toBe(true);
    const first = panel.getByRole("spinbutton", { name: "Available of Option 1" });
    const second = panel.getByRole("spinbutton", { name: "Available of Option 2" });
    expect(await first.inputValue()).toBe("10");
    await first.fill("-4");
    await first.press("Enter");
    await expect.poll(() => panel.getByRole("spinbutton", { name: "On hand of Option 1" }).inputValue()).toBe("0");
    expect(await first.inputValue()).toBe("0");
    await second.fill("2");
    await second.press("Enter");
    await expect.poll(() => panel.getByRole("spinbutton", { name: "On hand of Option 2" }).inputValue()).toBe("2");
    await panel.getByRole("button", { name: "History of Option 2" }).click();
    await expect.poll(() => panel.getByRole("region", { name: "Commits of Option 2" }).textContent()).toMatch(/Adjusted\s*-8.*Tracking started\s*\+10/s);
    expect({ where: "field panel", violations: await axeViolations(page) }).toEqual({ where: "field panel", violations: [] });
    await shootBothSchemes(page, "inventory-field-panel");
    await panel.getByRole("button", { name: "Cancel" }).click();
    // Tracking moved the form's revision; the editor's next write is sent again on the new one and saves.
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Email");
    await page.getByRole("option", { name: "Email", exact: true }).click();
    await page.getByRole("complementary", { name: "New Field" }).getByRole("button", { name: "Cancel" }).click();
    await saved(page);

    // The store page lists the tracked items.
    await page.getByRole("link", { name: "Store" }).click();
    await page.waitForURL(/\/connect\/store$/);
    await expect.poll(() => page.getByRole("table", { name: "Ticket" }).textContent()).toMatch(/Option 1.*Option 2/s);
    expect(await page.getByRole("button", { name: "Unlink" }).isDisabled()).toBe(true);
    expect({ where: "store page", violations: await axeViolations(page) }).toEqual({ where: "store page", violations: [] });
    await shootBothSchemes(page, "store-page");

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const context = await env.browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    const soldOut = visitor.getByRole("radio", { name: "Option 1 Sold out" });
    await expect.poll(() => soldOut.isDisabled()).toBe(true);
    const few = visitor.getByRole("radio", { name: "Option 2 Only 2 left" });
    expect(await few.isEnabled()).toBe(true);
    expect({ where: "public form", violations: await axeViolations(visitor) }).toEqual({ where: "public form", violations: [] });
    await shootBothSchemes(visitor, "public-form-stock", { fullPage: true });
    await few.check();
    expect(errors).toEqual([]);
    await context.close();
    await page.close();
  });
});
