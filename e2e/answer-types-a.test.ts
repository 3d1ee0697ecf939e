/**
 * The answer types country, toggle-group, json and latlng in Chromium against the built
 * server (issue 22 item 1): a form with the four is completed with JavaScript (search box
 * over the country list, toggle buttons, the JSON editor's live complaint, the map that
 * gives way to the number inputs when its tiles cannot load, as on this offline machine) and
 * without (a select, radios and checkboxes, a textarea, two number inputs), and each stored
 * value is checked in the row.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe";
import { CHROMIUM_AVAILABLE } from "./harness";
import { useServerAndBrowser } from "./session";

const definition = {
  format: "fieldwork.form", version: 1, title: "Trip", settings: { published: true },
  fields: [
    { name: "home", type: "country", label: "Country", required: true },
    { name: "size", type: "toggle-group", label: "Size", required: true, options: [{ value: "S" }, { value: "M" }, { value: "L" }] },
    { name: "toppings", type: "toggle-group", label: "Toppings", multiple: true, options: [{ value: "cheese", label: "Cheese" }, { value: "olives", label: "Olives" }] },
    { name: "extra_data", type: "json", label: "Extra data" },
    { name: "spot", type: "latlng", label: "Meeting point" },
  ],
  blocks: ["home", "size", "toppings", "extra_data", "spot"].map((field) => ({ type: "field", field })),
};

describe.skipIf(!CHROMIUM_AVAILABLE)("answer types country, toggle-group, json, latlng in Chromium", () => {
  const env = useServerAndBrowser();
  let formId = "";
  beforeAll(() => {
    const file = join(env.server.dataDir, "answer-types-a.json");
    writeFileSync(file, JSON.stringify(definition));
    formId = (JSON.parse(env.server.cli(["forms", "import", file])) as { id: string }).id;
  });
  const rows = () =>
    env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const toggle = (page: Page, name: string, value: string) => page.locator(`label:has(> input[name=${name}][value=${value}])`).click();

  it("with JavaScript: search picks a country, toggles choose, the JSON editor complains, the map gives way to the inputs; the row holds each typed value", async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|Minified React error/i.test(message.text())) errors.push(message.text());
    });
    const before = rows().length;
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();

    const search = page.getByRole("searchbox", { name: "Search countries" });
    await search.fill("zzzz");
    await expect.poll(() => page.getByText("No country found.").isVisible()).toBe(true);
    await search.fill("germ");
    await expect.poll(() => page.locator("#fw-home").inputValue()).toBe("DE");
    expect(await page.getByText("No country found.").count()).toBe(0);

    await toggle(page, "size", "M");
    await toggle(page, "toppings", "cheese");
    await toggle(page, "toppings", "olives");
    expect(await page.locator("input[name=size]:checked").evaluate((i: HTMLInputElement) => i.value)).toBe("M");

    const json = page.getByLabel("Extra data");
    await json.fill('{"seats": 2,');
    await expect.poll(() => page.getByTestId("json-error").isVisible()).toBe(true);
    expect(await page.getByTestId("json-error").innerText()).toContain("Enter valid JSON.");
    await json.fill('{"seats": 2, "window": true}');
    await expect.poll(() => page.getByTestId("json-error").count()).toBe(0);

    // No tiles on this machine: the map leaves, the number inputs stay.
    await expect.poll(() => page.getByTestId("latlng-map").count(), { timeout: 15_000 }).toBe(0);
    await page.getByLabel("Latitude").fill("52.52");
    await page.getByLabel("Longitude").fill("13.405");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows()).toHaveLength(before + 1);
    expect(rows().at(-1)).toMatchObject({
      home: "DE", size: "M", toppings: ["cheese", "olives"], extra_data: { seats: 2, window: true }, spot: { lat: 52.52, lng: 13.405 },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("without JavaScript: a select, radios and checkboxes, a textarea and two number inputs post a valid answer", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const before = rows().length;
    await page.goto(`${env.server.url}/d/e/${formId}`);
    expect(await page.getByRole("searchbox").count()).toBe(0);
    const country = page.locator("#fw-home");
    expect(await country.evaluate((s) => s.tagName)).toBe("SELECT");
    expect(await country.locator("option").count()).toBeGreaterThan(240);
    await country.selectOption("KR");
    await toggle(page, "size", "L");
    await toggle(page, "toppings", "olives");
    await page.getByLabel("Extra data").fill("[1, 2, 3]");
    await page.getByLabel("Latitude").fill("-33.8688");
    await page.getByLabel("Longitude").fill("151.2093");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows()).toHaveLength(before + 1);
    expect(rows().at(-1)).toMatchObject({ home: "KR", size: "L", toppings: ["olives"], extra_data: [1, 2, 3], spot: { lat: -33.8688, lng: 151.2093 } });
    await context.close();
  });

  it("without JavaScript: a refused location comes back with its message and both numbers kept", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.evaluate(() => { document.querySelector("form")!.noValidate = true; });
    await page.locator("#fw-home").selectOption("FR");
    await toggle(page, "size", "S");
    await page.getByLabel("Extra data").fill("{nope");
    await page.getByLabel("Latitude").fill("95");
    await page.getByLabel("Longitude").fill("10");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByTestId("field-error-summary").isVisible()).toBe(true);
    expect(await page.locator("#fw-extra_data-error").innerText()).toBe("Enter valid JSON.");
    expect(await page.locator("#fw-spot-error").innerText()).toBe("Enter a latitude from -90 to 90 and a longitude from -180 to 180.");
    expect(await page.getByLabel("Latitude").inputValue()).toBe("95");
    expect(await page.getByLabel("Longitude").inputValue()).toBe("10");
    expect(await page.locator("#fw-home").inputValue()).toBe("FR");
    await context.close();
  });
});
