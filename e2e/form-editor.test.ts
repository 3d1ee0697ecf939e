/**
 * The form editor's Build canvas against the real server, driven only through the page:
 * insert sections and fields, move one by keyboard and one by drag, delete one and undo,
 * publish, and answer the public form, whose row lands in the form's table.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("the form editor in Chromium", () => {
  const env = useServerAndBrowser();

  const canvas = (page: Page) => page.getByRole("list", { name: "Blocks of the form" });
  /** The canvas's blocks as their accessible names, top to bottom. */
  const blockNames = (page: Page) => canvas(page).locator("[data-block-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  const block = (page: Page, name: string): Locator => canvas(page).getByRole("group", { name, exact: true });
  const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");

  async function insert(page: Page, what: string) {
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(what);
    await page.getByRole("option", { name: what, exact: true }).click();
    // A new section opens its panel ("New Section"); these sections stay untitled.
    if (what === "Section") await page.getByRole("complementary", { name: "New Section" }).getByRole("button", { name: "Cancel" }).click();
  }

  async function dragBelow(page: Page, from: Locator, to: Locator) {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height - 4, { steps: 12 });
    await page.waitForTimeout(150);
    await page.mouse.up();
  }

  it("builds a form of two sections in the canvas, reorders, deletes and undoes, publishes, and its answers land as a row", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Bea Builder", slug: "build" }, "Event signup");
    // The canvas, from the sidebar: empty at first.
    await expect.poll(() => page.getByText("This form has no questions yet").isVisible()).toBe(true);

    // Two sections with fields, each added after the focused block; a new field opens the
    // field editor panel ("New Field"), whose label names the field.
    const panel = page.getByRole("complementary", { name: "New Field" });
    await insert(page, "Section");
    await insert(page, "Text");
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByLabel("Label").fill("Full name");
    expect(await panel.getByLabel("Name", { exact: true }).inputValue()).toBe("full_name");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await insert(page, "Email");
    await panel.getByRole("button", { name: "Cancel" }).click();
    await insert(page, "Section");
    await insert(page, "Number");
    await panel.getByLabel("Label").fill("Seats");
    await panel.getByLabel("Name", { exact: true }).fill("Seats");
    await expect.poll(() => panel.getByText("Field name should be lowercase with underscores, starting with a letter.").isVisible()).toBe(true);
    expect(await panel.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await panel.getByLabel("Name", { exact: true }).fill("seats");
    await panel.getByLabel("Max").fill("10");
    await panel.getByRole("spinbutton", { name: "Seats" }).fill("12");
    await panel.getByRole("button", { name: "Test" }).click();
    await expect.poll(() => panel.getByRole("status").filter({ hasText: /10/ }).isVisible()).toBe(true);
    await panel.getByRole("spinbutton", { name: "Seats" }).fill("2");
    await panel.getByRole("button", { name: "Test" }).click();
    await expect.poll(() => panel.getByText("Test: Input is valid").isVisible()).toBe(true);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await saved(page);
    expect(await blockNames(page)).toEqual(["Section", "Text field: Full name", "Email field: Email", "Section", "Number field: Seats"]);

    // Keyboard: Alt+ArrowUp moves the focused Email field above Text.
    await block(page, "Email field: Email").click();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Text field: Full name", "Section", "Number field: Seats"]);
    await saved(page);

    // Drag: Text below Number, into the second section.
    await dragBelow(page, block(page, "Text field: Full name"), block(page, "Number field: Seats"));
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);
    await saved(page);

    // Delete the Number block with the key, then Ctrl+Z puts it back where it was.
    await block(page, "Number field: Seats").click();
    await page.keyboard.press("Delete");
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Text field: Full name"]);
    await saved(page);
    await page.keyboard.press("Control+z");
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);
    await saved(page);

    // After a reload the server's document reads the same.
    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);

    // Publish, then answer the public form: section one has Email, section two Number then Text.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const formId = publicHref.split("/").pop()!;
    const visitor = await env.browser.newPage();
    await visitor.goto(`${env.server.url}${publicHref}`);
    await expect.poll(() => visitor.getByRole("button", { name: "Next" }).isVisible()).toBe(true);
    expect(await visitor.getByLabel("Seats").isVisible()).toBe(false);
    await visitor.getByLabel("Email").fill("bea@example.com");
    await visitor.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => visitor.getByLabel("Seats").isVisible()).toBe(true);
    const labels = await visitor.locator("form label").evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent).map((el) => el.textContent?.trim()));
    expect(labels.filter((l) => l?.startsWith("Seats") || l?.startsWith("Full name"))).toEqual(["Seats", "Full name"]);
    await visitor.getByLabel("Seats").fill("4");
    await visitor.getByLabel("Full name").fill("Front row");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);

    const rows = env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "bea@example.com", seats: 4, full_name: "Front row" });

    // Deleting a block whose field holds answers asks first, by key and by the block's toolbar; Cancel keeps it.
    const ask = page.getByRole("alertdialog");
    await block(page, "Email field: Email").click();
    await page.keyboard.press("Delete");
    await expect.poll(() => ask.textContent()).toContain("1 response has an answer in this field.");
    expect(await ask.textContent()).toContain("Remove “Email” from the form?");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);
    await block(page, "Number field: Seats").click();
    await page.getByRole("toolbar", { name: "Block actions" }).getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => ask.textContent()).toContain("1 response has an answer in this field.");
    await ask.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Text field: Full name"]);
    await saved(page);
    await block(page, "Email field: Email").click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);
    await saved(page);

    // With an answer in it, the text field cannot become a number: the panel says why.
    await block(page, "Text field: Full name").click();
    await page.getByRole("button", { name: "Edit field" }).click();
    const edit = page.getByRole("complementary", { name: "Edit Field" });
    await edit.getByLabel("Type").selectOption("number");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => edit.getByRole("alert").textContent()).toMatch(/cannot be converted.*rows 1/);

    // Deleting the field from the panel says what would be lost, then Ctrl+Z brings it back.
    await edit.getByRole("button", { name: "Delete field" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect.poll(() => confirm.textContent()).toContain("1 response has an answer in this field; it will be deleted.");
    expect(await confirm.textContent()).toContain("Delete “Full name”?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats"]);
    await saved(page);
    await block(page, "Number field: Seats").click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => blockNames(page)).toEqual(["Section", "Email field: Email", "Section", "Number field: Seats", "Text field: Full name"]);
    await saved(page);

    expect(errors).toEqual([]);
    await visitor.close();
    await page.close();
  });
});
