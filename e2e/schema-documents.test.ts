/**
 * A schema document in Chromium (issue 24 items 1–2): an owner creates a database from New
 * document, lands on New table, makes a products table with a few columns and an orders
 * table whose column references products, adds rows in the grid, filters them, reads the
 * Definition & API page, and deletes a table by typing its name; axe finds nothing serious
 * on the new pages.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { newFormInBrowser, shootBothSchemes, useServerAndBrowser } from "./session";

const serious = async (page: Page) => (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

describe.skipIf(!CHROMIUM_AVAILABLE)("schema documents in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("makes tables with a reference, adds and filters rows in the grid, and deletes a table by its name", async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const slug = `sd-${Date.now().toString(36)}`;
    await newFormInBrowser(page, env.server, { name: "Sam Schema", email: `${slug}@example.com` }, slug, "Scratch form");

    await page.goto(`${env.server.url}/${slug}/site`);
    await page.getByRole("button", { name: "New document" }).first().click();
    await page.getByLabel("Type").selectOption("v0_schema");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Shop");
    await page.getByRole("button", { name: "Create database" }).click();
    await page.waitForURL(/\/data\/table\/~new$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole("heading", { name: "New table" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await serious(page)).toEqual([]);

    // products: name (required, unique) and price.
    await page.getByLabel("Table name").fill("products");
    await page.getByLabel("Column 1 name").fill("name");
    await page.getByRole("checkbox", { name: "Required" }).first().check();
    await page.getByRole("button", { name: "Add column" }).click();
    await page.getByLabel("Column 2 name").fill("price");
    await page.getByLabel("Column 2 type").selectOption("numeric");
    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/data\/table\/products$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole("button", { name: "Add record" }).isVisible(), { timeout: 15_000 }).toBe(true);

    // orders: a uuid referencing products.id.
    await page.getByRole("link", { name: "New table" }).click();
    await page.waitForURL(/\/data\/table\/~new$/);
    await page.getByLabel("Table name").fill("orders");
    await page.getByLabel("Column 1 name").fill("item");
    await page.getByLabel("Column 1 type").selectOption("uuid");
    await page.getByLabel("Column 1 references").selectOption("products.id");
    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/data\/table\/orders$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole("link", { name: "orders" }).isVisible(), { timeout: 10_000 }).toBe(true);

    // Rows in the products grid, through the record panel.
    await page.getByRole("link", { name: "products" }).click();
    await page.waitForURL(/\/data\/table\/products$/);
    for (const [name, price] of [["Apple", "1.5"], ["Pear", "2.25"], ["Plum", "3"]] as const) {
      await page.getByRole("button", { name: "Add record" }).click();
      await page.getByRole("textbox", { name: "name" }).fill(name);
      await page.getByRole("textbox", { name: "price" }).fill(price);
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByRole("grid").getByText(name, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      if (await page.getByRole("button", { name: "Close" }).first().isVisible()) await page.keyboard.press("Escape");
    }
    await expect.poll(() => page.getByTestId("row-count").textContent(), { timeout: 15_000 }).toMatch(/\b3\b/);

    // A filter: price > 2.
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.getByLabel("Column").selectOption({ label: "price" });
    await page.getByLabel("Operator").selectOption("gt");
    await page.getByLabel("Value").fill("2");
    await expect.poll(() => page.getByTestId("row-count").textContent(), { timeout: 15_000 }).toBe("2 rows");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("grid").getByText("Apple", { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole("grid").getByText("Pear", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("grid").getByText("Plum", { exact: true }).count()).toBe(1);
    expect(await serious(page)).toEqual([]);
    await shootBothSchemes(page, "schema-table-grid");

    // A type change that some values would not take is refused, naming the rows; the column stays.
    await page.getByRole("button", { name: "Change column" }).click();
    const change = page.getByRole("dialog", { name: "Change column" });
    await change.getByLabel("Column", { exact: true }).selectOption("price");
    await change.getByLabel("Changed column type").selectOption("integer");
    await change.getByRole("button", { name: "Save column" }).click();
    await expect.poll(() => change.getByRole("alert").textContent(), { timeout: 10_000 }).toMatch(/cannot be converted from numeric to integer/);
    expect(await serious(page)).toEqual([]);
    await change.getByRole("button", { name: "Cancel" }).click();

    // Definition & API.
    await page.getByRole("link", { name: "Definition & API" }).click();
    await page.waitForURL(/\/data\/table\/products\/definition$/);
    await expect.poll(() => page.getByRole("region", { name: "OpenAPI" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole("region", { name: "curl" }).innerText()).toContain("/rest/v1/products");
    expect(await page.getByRole("region", { name: "JavaScript (postgrest-js)" }).innerText()).toContain('db.from("products")');
    expect(await page.getByRole("region", { name: "OpenAPI" }).innerText()).toContain('"price"');
    expect(await serious(page)).toEqual([]);
    await shootBothSchemes(page, "schema-table-api", { fullPage: true });

    // Delete orders by typing its name (the button waits for the exact name).
    await page.getByRole("link", { name: "orders" }).click();
    await page.waitForURL(/\/data\/table\/orders$/);
    await page.getByRole("button", { name: "Delete table" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Type orders to confirm").fill("Orders");
    expect(await dialog.getByRole("button", { name: "Delete table" }).isDisabled()).toBe(true);
    expect(await serious(page)).toEqual([]);
    await dialog.getByLabel("Type orders to confirm").fill("orders");
    await dialog.getByRole("button", { name: "Delete table" }).click();
    await page.waitForURL(/\/data\/table\/products$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole("link", { name: "orders" }).count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);
});
