/**
 * Insert → Section in Chromium, driven only through the page: in a form of two sections,
 * with a block of the first section focused, the new section lands right after the first
 * section (before the second), and stays there after a reload (spec 2 §4 "New").
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("Insert → Section in Chromium", () => {
  const env = useServerAndBrowser();

  const canvas = (page: Page) => page.getByRole("list", { name: "Blocks of the form" });
  const blockNames = (page: Page) => canvas(page).locator("[data-block-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  async function insert(page: Page, what: string, panelName: string, name: string) {
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(what);
    await page.getByRole("option", { name: what, exact: true }).click();
    const panel = page.getByRole("complementary", { name: panelName });
    await panel.getByRole("textbox", { name: what === "Section" ? "Title" : "Label", exact: true }).fill(name);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await saved(page);
  }

  it("puts the new section right after the focused block's section, before the next one, also after a reload", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Ines Insert", slug: "insert-section" }, "Two parts");
    await insert(page, "Section", "New Section", "First");
    await insert(page, "Text", "New Field", "Alpha");
    await insert(page, "Section", "New Section", "Second");
    await insert(page, "Text", "New Field", "Beta");
    const before = ["Section: First", "Text field: Alpha", "Section: Second", "Text field: Beta"];
    expect(await blockNames(page)).toEqual(before);

    // A form loaded as it was saved; focus the first section's field with a click, then insert a section.
    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(before);
    await canvas(page).getByRole("group", { name: "Text field: Alpha", exact: true }).click();
    await expect.poll(() => canvas(page).locator("[aria-current=true]").getAttribute("aria-label")).toBe("Text field: Alpha");
    await insert(page, "Section", "New Section", "Middle");
    const after = ["Section: First", "Text field: Alpha", "Section: Middle", "Section: Second", "Text field: Beta"];
    expect(await blockNames(page)).toEqual(after);

    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(after);
    expect(errors).toEqual([]);
    await page.close();
  });
});
