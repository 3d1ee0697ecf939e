/**
 * Where the editor's side panel sits: from 1280 px wide it is a column beside the canvas
 * (the canvas shifts left, the header's Publish and the canvas bar's Insert stay visible and
 * clickable, nothing is under the panel); on a phone it is a sheet over the page.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

// Set SCREENSHOT_DIR to keep a picture of the open panel at each width, light and dark.

type Box = { x: number; y: number; width: number; height: number };

/** Whether the element at the centre of `locator` is the locator's own (nothing covers it). */
const onTop = (locator: Locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && el.contains(hit);
});

describe.skipIf(!CHROMIUM_AVAILABLE)("the editor's side panel layout in Chromium", () => {
  const env = useServerAndBrowser();

  async function openFieldPanel(page: Page) {
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    return panel;
  }

  it("puts the panel beside the canvas at 1440 px and over the page at 390 px", async () => {
    const { page } = await openNewFormCanvas(env, { name: "Lia Layout", slug: "layout" }, "Layout check", { width: 1440, height: 900 });

    const insert = page.getByRole("button", { name: "Insert", exact: true });
    const publish = page.getByRole("button", { name: "Publish" });
    const closedInsert = (await insert.boundingBox())!;
    const panel = await openFieldPanel(page);
    const box = (await panel.boundingBox())! as Box;
    const list = (await page.getByRole("list", { name: "Blocks of the form" }).boundingBox())! as Box;
    const bar = (await insert.boundingBox())! as Box;
    // Beside, not over: the panel starts under the 48 px header and right of the canvas.
    expect(box.y).toBe(48);
    expect(box.x + box.width).toBe(1440);
    expect(list.x + list.width).toBeLessThanOrEqual(box.x);
    expect(bar.x + bar.width).toBeLessThanOrEqual(box.x);
    expect(bar.y).toBe(closedInsert.y); // the canvas moved sideways only
    expect(await onTop(insert)).toBe(true);
    expect(await onTop(publish)).toBe(true);
    expect(await onTop(page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }))).toBe(true);
    await shootBothSchemes(page, "side-panel-1440");
    await panel.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => panel.count()).toBe(0);

    // On a phone the panel is a sheet over the whole page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("list", { name: "Blocks of the form" }).locator("[data-block-id]").first().dblclick();
    const sheet = page.getByRole("complementary", { name: "Edit Field" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    const sheetBox = (await sheet.boundingBox())! as Box;
    expect(sheetBox).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await shootBothSchemes(page, "side-panel-390");
    await page.close();
  });
});
