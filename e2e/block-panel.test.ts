/**
 * The block side panel against the real server, through the page only: a section titled in
 * "New Section", a heading with a title and a two-line description (undone and redone), an
 * image whose javascript: source is refused before its https one is saved, the panel opened
 * again by double-click and by Enter; then the public form shows the titles and the image.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { UNSAFE_URL_MESSAGE } from "@fieldwork/core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, shootBothSchemes, useServerAndBrowser } from "./session";

/** Set SCREENSHOT_DIR to keep a picture of each panel, light and dark. */
const SHOTS = process.env.SCREENSHOT_DIR;

describe.skipIf(!CHROMIUM_AVAILABLE)("the block panel in Chromium", () => {
  const env = useServerAndBrowser();

  const canvas = (page: Page) => page.getByRole("list", { name: "Blocks of the form" });
  const blockNames = (page: Page) => canvas(page).locator("[data-block-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  const block = (page: Page, name: string): Locator => canvas(page).getByRole("group", { name, exact: true });
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
  const panel = (page: Page, name: string) => page.getByRole("complementary", { name });

  async function insert(page: Page, what: string) {
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(what);
    await page.getByRole("option", { name: what, exact: true }).click();
  }

  it("titles a section, writes a heading, refuses an unsafe image source, and the public form shows them", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Pia Panel", slug: "panel" }, "Open day");

    // A new section opens "New Section"; its title, with an ampersand, is saved escaped.
    await insert(page, "Section");
    const section = panel(page, "New Section");
    await expect.poll(() => section.isVisible()).toBe(true);
    // A section offers "Contains payment" (spec 1 §4.1), off until the owner turns it on.
    expect(await section.getByRole("switch", { name: /Contains payment/ }).isChecked()).toBe(false);
    await section.getByLabel("Title").fill("Your visit & stay");
    await expect.poll(() => section.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Your visit & stay" }).isVisible()).toBe(true);
    await section.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => section.count()).toBe(0);
    await saved(page);

    // A heading: title and a two-line description; Ctrl+Z undoes the edit, Shift+Ctrl+Z redoes it.
    await insert(page, "Heading");
    const heading = panel(page, "New Heading");
    expect(await heading.getByLabel("Title").inputValue()).toBe("Heading");
    await heading.getByLabel("Title").fill("Welcome");
    await heading.getByLabel("Description").fill("Doors open at 10.\nBring <your> ticket.");
    await shootBothSchemes(page, "block-panel-heading");
    await heading.getByLabel("Title").press("Enter");
    await expect.poll(() => heading.count()).toBe(0);
    await saved(page);
    expect(await blockNames(page)).toEqual(["Section: Your visit & stay", "Heading: Welcome"]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => blockNames(page)).toEqual(["Section: Your visit & stay", "Heading: Heading"]);
    await page.keyboard.press("Shift+Control+z");
    await expect.poll(() => blockNames(page)).toEqual(["Section: Your visit & stay", "Heading: Welcome"]);
    await saved(page);

    // An image: a javascript: source is refused in the panel, an https one is saved.
    await insert(page, "Image block");
    const image = panel(page, "New Image");
    await image.getByLabel("Image address").fill("javascript:alert(1)");
    await expect.poll(() => image.getByText(UNSAFE_URL_MESSAGE).isVisible()).toBe(true);
    expect(await image.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await shootBothSchemes(page, "block-panel-image-refused");
    await image.getByLabel("Image address").fill("https://example.com/site-map.png");
    await image.getByLabel("Caption").fill("Site map");
    await expect.poll(() => image.getByRole("region", { name: "Preview" }).locator("img").getAttribute("src")).toBe("https://example.com/site-map.png");
    await shootBothSchemes(page, "block-panel-image");
    await image.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => image.count()).toBe(0);
    await saved(page);

    // Opened again: a double-click on the section, Enter on the focused heading, the toolbar's Edit.
    await block(page, "Section: Your visit & stay").dblclick();
    const editSection = panel(page, "Edit Section");
    expect(await editSection.getByLabel("Title").inputValue()).toBe("Your visit & stay");
    await page.keyboard.press("Escape");
    await expect.poll(() => editSection.count()).toBe(0);
    await block(page, "Heading: Welcome").click();
    await page.keyboard.press("Enter");
    expect(await panel(page, "Edit Heading").getByLabel("Description").inputValue()).toBe("Doors open at 10.\nBring <your> ticket.");
    await panel(page, "Edit Heading").getByRole("button", { name: "Cancel" }).click();
    await block(page, "Image: Site map").click();
    await page.getByRole("toolbar", { name: "Block actions" }).getByRole("button", { name: "Edit" }).click();
    expect(await panel(page, "Edit Image").getByLabel("Image address").inputValue()).toBe("https://example.com/site-map.png");
    await panel(page, "Edit Image").getByRole("button", { name: "Close" }).click();

    // After a reload the server's document holds the same; then publish and look as a visitor.
    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(["Section: Your visit & stay", "Heading: Welcome", "Image: Site map"]);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const visitor = await env.browser.newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    await expect.poll(() => visitor.getByRole("heading", { name: "Your visit & stay" }).isVisible()).toBe(true);
    expect(await visitor.getByRole("heading", { name: "Welcome" }).isVisible()).toBe(true);
    expect(await visitor.getByText("Bring <your> ticket.").isVisible()).toBe(true);
    expect(await visitor.locator("figure img").getAttribute("src")).toBe("https://example.com/site-map.png");
    expect(await visitor.locator("figcaption").textContent()).toBe("Site map");
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/block-panel-public.png`, fullPage: true });

    expect(errors).toEqual([]);
    await visitor.close();
    await page.close();
  });
});
