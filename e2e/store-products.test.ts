/**
 * The store's products against the real server, driven only through the page: the owner
 * sets up a store with a currency (connect/store/get-started), creates a product with an
 * option and two values on connect/store/products, links a value to an option of the form's
 * radio field, sets its stock to 0 there, and the public form shows that option "Sold out"
 * and disabled. Both new pages pass axe.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("store products in Chromium", () => {
  const env = useServerAndBrowser();
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  it("sets up a store, creates a product, links a value to a form option, and the public form shows it sold out at 0", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Sol Store", slug: "store" }, "Festival passes");
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Radio");
    await page.getByRole("option", { name: "Radio", exact: true }).click();
    const fresh = page.getByRole("complementary", { name: "New Field" });
    await fresh.getByRole("textbox", { name: "Label", exact: true }).fill("Pass");
    await fresh.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => fresh.count()).toBe(0);
    await saved(page);

    // Products without a store lead to get-started.
    await page.getByRole("link", { name: "Products" }).click();
    await page.waitForURL(/\/connect\/store\/products$/);
    await page.getByRole("link", { name: "Set up a store" }).click();
    await page.waitForURL(/\/connect\/store\/get-started$/);
    await page.getByLabel("Store name").fill("Gate");
    const currency = page.getByLabel("Currency");
    await currency.fill("e");
    await expect.poll(() => page.getByText("A 3-letter ISO 4217 code, such as USD.").isVisible()).toBe(true);
    await currency.fill("eur");
    expect({ where: "get-started", violations: await axeViolations(page) }).toEqual({ where: "get-started", violations: [] });
    await shootBothSchemes(page, "store-get-started");
    await page.getByRole("button", { name: "Create store" }).click();
    await page.waitForURL(/\/connect\/store\/products$/);
    await expect.poll(() => page.getByText("Gate · prices in EUR").isVisible()).toBe(true);

    // A product with one option and two values; a bad price is named before anything is sent.
    await page.getByRole("button", { name: "New product" }).click();
    const editor = page.getByRole("form", { name: "New product" });
    await editor.getByLabel("Product name").fill("Weekend pass");
    await editor.getByLabel("Price (EUR)").fill("-5");
    await editor.getByRole("button", { name: "Add option" }).click();
    await editor.getByLabel("Option 1 name").fill("Day");
    await editor.getByLabel("Name of option 1 value 1").fill("Saturday");
    await editor.getByLabel("Starting stock of option 1 value 1").fill("3");
    await editor.getByRole("button", { name: "Add value" }).click();
    await editor.getByLabel("Name of option 1 value 2").fill("Sunday");
    await editor.getByLabel("Price of option 1 value 2").fill("35.50");
    await editor.getByLabel("SKU of option 1 value 2").fill("PASS-SUN");
    await editor.getByRole("button", { name: "Save product" }).click();
    await expect.poll(() => editor.getByRole("alert").textContent()).toContain("amount in EUR");
    await editor.getByLabel("Price (EUR)").fill("40");
    await editor.getByRole("button", { name: "Save product" }).click();
    const product = page.getByRole("region", { name: "Weekend pass" });
    await expect.poll(() => product.textContent()).toMatch(/EUR 40\.00.*Low stock/s);
    const values = product.getByRole("table", { name: "Values of Weekend pass" });
    await expect.poll(() => values.textContent()).toMatch(/Day Saturday\s*EUR 40\.00.*Day Sunday\s*EUR 35\.50\s*PASS-SUN/s);

    // Saturday is sold as the form's first option; its stock goes to 0 (a negative is 0, spec 3 §5).
    await product.getByRole("combobox", { name: "Form option for Day Saturday" }).selectOption({ label: "Pass: Option 1" });
    await expect.poll(() => product.getByRole("combobox", { name: "Form option for Day Saturday" }).inputValue()).not.toBe("");
    const available = product.getByRole("spinbutton", { name: "Available of Day Saturday" });
    expect(await available.inputValue()).toBe("3");
    await available.fill("-2");
    await available.press("Enter");
    await expect.poll(() => values.getByRole("row", { name: /Day Saturday/ }).textContent()).toContain("Sold out");
    expect(await available.inputValue()).toBe("0");
    // Editing keeps the values (and the link): Sunday's price changes, Saturday still sells as Option 1.
    await product.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("form", { name: "Edit Weekend pass" });
    await edit.getByLabel("Price of option 1 value 2").fill("36");
    expect({ where: "product editor", violations: await axeViolations(page) }).toEqual({ where: "product editor", violations: [] });
    await edit.getByRole("button", { name: "Save product" }).click();
    await expect.poll(() => values.textContent()).toMatch(/Day Saturday\s*EUR 40\.00.*Sold out.*Day Sunday\s*EUR 36\.00/s);
    expect(await product.getByRole("combobox", { name: "Form option for Day Saturday" }).inputValue()).not.toBe("");
    expect({ where: "products", violations: await axeViolations(page) }).toEqual({ where: "products", violations: [] });
    await shootBothSchemes(page, "store-products", { fullPage: true });

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const context = await env.browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    const soldOut = visitor.getByRole("radio", { name: "Option 1 Sold out" });
    await expect.poll(() => soldOut.isDisabled()).toBe(true);
    expect(await visitor.getByRole("radio", { name: "Option 2", exact: true }).isEnabled()).toBe(true);
    await shootBothSchemes(visitor, "public-form-product-sold-out", { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
    await page.close();
  });
});
