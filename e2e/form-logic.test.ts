/**
 * Form logic in Chromium, built the way an owner builds it: a Checkboxes field "Pets", a
 * required "Pet name" shown only when Pets is "Option 1" (set with the field panel's
 * condition builder), "Nights", and a computed "Cost" (#/nights * 80). On the public form,
 * choosing the option shows the required field and unchoosing hides it; a submit with it
 * hidden succeeds and stores no pet name, one with it shown needs it; the computed cost
 * shows live and is what the server stores.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

type Row = Record<string, unknown>;

describe.skipIf(!CHROMIUM_AVAILABLE)("form logic in Chromium", () => {
  const env = useServerAndBrowser();
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
  const rows = (formId: string): Row[] =>
    env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);

  async function addField(page: Page, type: string, label: string, fill?: (panel: ReturnType<Page["getByRole"]>) => Promise<void>) {
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(type);
    await page.getByRole("option", { name: type, exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    await panel.getByRole("textbox", { name: "Label", exact: true }).fill(label);
    if (fill) await fill(panel);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await saved(page);
  }

  it("shows a required field only while an option is chosen, and stores what the page showed", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Lou Logic", slug: "logic" }, "Pet hotel");
    await addField(page, "Checkboxes", "Pets");
    await addField(page, "Text", "Pet name", async (panel) => {
      await panel.getByLabel("Required", { exact: true }).check();
      await panel.getByLabel("Show this field").selectOption("when");
      await panel.getByLabel("Field", { exact: true }).selectOption({ label: "Pets" });
      await panel.getByLabel("Comparison").selectOption({ label: "is" });
      await panel.getByLabel("Value", { exact: true }).selectOption({ label: "Option 1" });
    });
    await addField(page, "Number", "Nights");
    await addField(page, "Number", "Cost", async (panel) => {
      await panel.getByLabel("Computed value").fill("#/nights *");
      await expect.poll(() => panel.getByText("Expected a value but found the end at position 10").isVisible()).toBe(true);
      expect(await panel.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await panel.getByLabel("Computed value").fill("#/nights * 80");
    });
    await expect.poll(() => page.getByText("Conditional").count()).toBe(1);
    await shootBothSchemes(page, "condition-builder");

    // The Theme's preview is the first screen a visitor gets: the field logic hides is not in it.
    await page.getByRole("link", { name: "Theme" }).click();
    await page.waitForURL(/\/design$/);
    const preview = page.getByRole("figure", { name: "Preview of the public form" }).locator("iframe").contentFrame();
    await expect.poll(() => preview.getByText("Nights").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await preview.getByText("Pet name").isVisible()).toBe(false);
    await page.getByRole("link", { name: "Main" }).click();
    await page.waitForURL(/\/form\/edit$/);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const formId = publicHref.split("/").pop()!;

    // The builder wrote the hiding expression: hidden unless Pets holds the first option.
    const doc = await callPrivate<{ blocks: { v_hidden: unknown }[]; fields: { name: string; v_value: unknown; options: { value: string; label: string }[] }[] }>(page, "GET", `/forms/${formId}`);
    const first = doc.fields.find((f) => f.name === "pets")!.options.find((o) => o.label === "Option 1")!.value;
    expect(doc.blocks.map((b) => b.v_hidden).filter((v) => typeof v === "string")).toEqual([`#/pets != ${JSON.stringify(first)}`]);
    expect(doc.fields.find((f) => f.name === "cost")!.v_value).toBe("#/nights * 80");

    const context = await env.browser.newContext();
    const visitor = await context.newPage();
    visitor.on("pageerror", (error) => errors.push(String(error)));
    await visitor.goto(`${env.server.url}${publicHref}`);
    await visitor.locator("form[data-fw-ready]").waitFor();
    const petName = visitor.getByLabel("Pet name");
    const option = visitor.getByRole("checkbox", { name: "Option 1" });
    expect(await petName.isVisible()).toBe(false);

    // Choosing shows it, required; unchoosing hides it again.
    await option.check();
    await expect.poll(() => petName.isVisible()).toBe(true);
    await shootBothSchemes(visitor, "public-form-logic", { fullPage: true });
    expect(await petName.evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    await petName.fill("Rex");
    await option.uncheck();
    await expect.poll(() => petName.isVisible()).toBe(false);

    // The computed cost follows the nights, read-only.
    await visitor.getByLabel("Nights").fill("3");
    const cost = visitor.getByLabel("Cost");
    await expect.poll(() => cost.inputValue()).toBe("240");
    expect(await cost.getAttribute("readonly")).not.toBeNull();

    // Hidden: the submit goes through and the pet name typed before is not stored.
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ pet_name: null, nights: 3, cost: 240 });

    // Shown: the browser asks for it; with it the submit stores it.
    await visitor.goto(`${env.server.url}${publicHref}`);
    await visitor.locator("form[data-fw-ready]").waitFor();
    await option.check();
    await visitor.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => petName.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(visitor.url()).not.toMatch(/\/complete/);
    await petName.fill("Rex");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ pets: [first], pet_name: "Rex", nights: null, cost: null });
    expect(rows(formId)).toHaveLength(2);

    expect(errors).toEqual([]);
    await context.close();
    await page.close();
  });
});
