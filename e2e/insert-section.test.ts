/**
 * Insert → Section in Chromium, driven only through the page: in a form of two sections,
 * with a block of the first section focused, the new section lands right after the first
 * section (before the second), and stays there after a reload (spec 2 §4 "New"). Then the
 * insert menu's Signature and Canvas (issue 22): each inserted from the menu, kept after a
 * reload, its type chosen in the field panel's type picker.
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

  it("inserts a Signature and a Canvas field from the menu; both stay after a reload, and the type picker offers both", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Sam Signature", slug: "insert-signature" }, "Sign and sketch");
    await insert(page, "Signature", "New Field", "Your signature");
    await insert(page, "Canvas", "New Field", "Your sketch");
    const expected = ["Signature field: Your signature", "Canvas field: Your sketch"];
    expect(await blockNames(page)).toEqual(expected);
    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(expected);

    await canvas(page).getByRole("group", { name: "Signature field: Your signature", exact: true }).dblclick();
    const panel = page.getByRole("complementary", { name: "Edit Field" });
    const type = panel.getByRole("combobox", { name: "Type", exact: true });
    await expect.poll(() => type.inputValue()).toBe("signature");
    const offered = await type.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining(["signature", "canvas", "richtext"]));
    // The signature pad is drawn in the panel's preview, as visitors get it; a signature has no placeholder.
    expect(await panel.getByRole("textbox", { name: "Placeholder", exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
