/**
 * The form builder's acceptance test, driven only through the pages: an owner builds a form
 * of two sections and six field types in the canvas and the field editor panel (a required
 * text with a pattern, an email, a grouped select, checkboxes, a date, a bounded number),
 * moves one by keyboard and one by drag, renames a field's column, deletes a block and
 * undoes it, limits the form to one response, themes it dark in another palette and
 * publishes. A visitor gets all of that on the public form and their answers land under the
 * fields' current column names; the next visitor is turned away.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

const canvas = (page: Page) => page.getByRole("list", { name: "Blocks of the form" });
/** The canvas's blocks as their accessible names, top to bottom. */
const blockNames = (page: Page) => canvas(page).locator("[data-block-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
const block = (page: Page, name: string): Locator => canvas(page).getByRole("group", { name, exact: true });
const saved = (page: Page) => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
const label = (panel: Locator, name: string) => panel.getByLabel(name, { exact: true });

async function insert(page: Page, what: string) {
  await page.getByRole("button", { name: "Insert", exact: true }).click();
  await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(what);
  await page.getByRole("option", { name: what, exact: true }).click();
  // A new section opens its panel ("New Section"); these sections stay untitled.
  if (what === "Section") await page.getByRole("complementary", { name: "New Section" }).getByRole("button", { name: "Cancel" }).click();
}

/** Inserts a field of `type`, names it `title` in the New Field panel, lets `more` fill the rest, saves. */
async function addField(page: Page, type: string, title: string, more?: (panel: Locator) => Promise<void>) {
  await insert(page, type);
  const panel = page.getByRole("complementary", { name: "New Field" });
  await label(panel, "Label").fill(title);
  await more?.(panel);
  await panel.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => panel.count()).toBe(0);
  await saved(page);
}

async function dragBelow(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 4, { steps: 12 });
  await page.waitForTimeout(150); // @dnd-kit settles its collision before the drop
  await page.mouse.up();
}

/** A page in its own browser context: a visitor with no cookies or session of their own. */
async function freshVisitor(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

/** The `data-field` names of the public form's visible fields, top to bottom. */
const visibleFields = (page: Page) => page.locator("form [data-field]").evaluateAll((els) =>
  els.filter((el) => (el as HTMLElement).offsetParent).map((el) => el.getAttribute("data-field")));

describe.skipIf(!CHROMIUM_AVAILABLE)("the form builder's acceptance in Chromium", () => {
  const env = useServerAndBrowser();

  it("builds, reorders, renames, deletes and undoes, limits, themes and publishes; the public form follows and takes one answer", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Ada Acceptance", slug: "accept" }, "Conference signup");
    await expect.poll(() => page.getByText("This form has no questions yet").isVisible()).toBe(true);

    // Section one: a required code with a pattern, an email and a select of three sizes in a group.
    await insert(page, "Section");
    await addField(page, "Text", "Product code", async (panel) => {
      expect(await label(panel, "Name").inputValue()).toBe("product_code");
      await label(panel, "Required").check();
      await label(panel, "Pattern").fill("[A-Z]{3}-[0-9]{3}");
    });
    await addField(page, "Email", "Contact email");
    await addField(page, "Select", "Size", async (panel) => {
      await panel.getByRole("radio", { name: /advanced/i }).click();
      await panel.getByRole("button", { name: "Add Group" }).click();
      await label(panel, "Label of group 1").fill("Sizes");
      await panel.getByRole("button", { name: "Add Option" }).click();
      const sizes = [["s", "Small"], ["m", "Medium"], ["l", "Large"]] as const;
      for (const [i, [value, text]] of sizes.entries()) {
        await label(panel, `Value of option ${i + 1}`).fill(value);
        await label(panel, `Label of option ${i + 1}`).fill(text);
        await label(panel, `Group of option ${i + 1}`).selectOption({ label: "Sizes" });
      }
    });

    // Section two: checkboxes with two options, a date and a number from 1 to 4.
    await insert(page, "Section");
    await addField(page, "Checkboxes", "Extras", async (panel) => {
      await panel.getByRole("radio", { name: /simple/i }).click(); // the value follows the label
      const options = panel.getByRole("list", { name: "Options" });
      await label(options, "Option 1").fill("Breakfast");
      await label(options, "Option 2").fill("Parking");
    });
    await addField(page, "Date", "Arrival");
    await addField(page, "Number", "Guests", async (panel) => {
      await label(panel, "Min").fill("1");
      await label(panel, "Max").fill("4");
    });
    const built = ["Section", "Text field: Product code", "Email field: Contact email", "Select field: Size",
      "Section", "Checkboxes field: Extras", "Date field: Arrival", "Number field: Guests"];
    expect(await blockNames(page)).toEqual(built);

    // Keyboard: Alt+ArrowUp moves Email above Text. Drag: Date below Number.
    await block(page, "Email field: Contact email").click();
    await page.keyboard.press("Alt+ArrowUp");
    const moved = ["Section", "Email field: Contact email", "Text field: Product code", "Select field: Size",
      "Section", "Checkboxes field: Extras", "Number field: Guests", "Date field: Arrival"];
    await expect.poll(() => blockNames(page)).toEqual([...moved.slice(0, 6), built[6], built[7]]);
    await saved(page);
    await dragBelow(page, block(page, "Date field: Arrival"), block(page, "Number field: Guests"));
    await expect.poll(() => blockNames(page)).toEqual(moved);
    await saved(page);

    // Rename the email's column from the Edit Field panel.
    await block(page, "Email field: Contact email").click();
    await page.getByRole("button", { name: "Edit field" }).click();
    const edit = page.getByRole("complementary", { name: "Edit Field" });
    expect(await label(edit, "Name").inputValue()).toBe("contact_email");
    await label(edit, "Name").fill("reply_to");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await saved(page);

    // Delete the checkboxes with the key, then Ctrl+Z puts them back where they were.
    await block(page, "Checkboxes field: Extras").click();
    await page.keyboard.press("Delete");
    await expect.poll(() => blockNames(page)).toEqual(moved.filter((n) => n !== "Checkboxes field: Extras"));
    await saved(page);
    await page.keyboard.press("Control+z");
    await expect.poll(() => blockNames(page)).toEqual(moved);
    await saved(page);

    // Form settings: at most one response in total.
    await page.getByRole("link", { name: "Form settings" }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole("switch", { name: "Limit total responses" }).check();
    const total = page.getByLabel("Limit total responses: number of responses");
    await total.fill("1");
    await total.press("Enter");
    await saved(page);

    // Theme: dark, in the green palette.
    await page.getByRole("link", { name: "Theme" }).click();
    await page.waitForURL(/\/design$/);
    await page.getByRole("radio", { name: "Dark" }).check();
    await page.getByRole("radio", { name: "Green" }).check();
    const previewHtml = page.getByRole("figure", { name: "Preview of the public form" }).locator("iframe").contentFrame().locator("html");
    await expect.poll(() => previewHtml.getAttribute("data-palette")).toBe("green");
    await saved(page);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const formId = publicHref.split("/").pop()!;

    // The visitor's form: dark green, section one in the moved order, each field as built.
    const first = await freshVisitor(env.browser, `${env.server.url}${publicHref}`);
    const visitor = first.page;
    expect(await visitor.locator("html").getAttribute("data-appearance")).toBe("dark");
    expect(await visitor.locator("html").getAttribute("data-palette")).toBe("green");
    expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    await expect.poll(() => visitor.getByRole("button", { name: "Next" }).isVisible()).toBe(true);
    expect(await visibleFields(visitor)).toEqual(["reply_to", "product_code", "size"]);
    const code = visitor.getByLabel("Product code");
    expect(await code.evaluate((el: HTMLInputElement) => [el.required, el.pattern])).toEqual([true, "[A-Z]{3}-[0-9]{3}"]);
    expect(await visitor.getByLabel("Size").evaluate((el: HTMLSelectElement) => [...el.querySelectorAll("optgroup")].map((g) => ({
      group: g.label, options: [...g.querySelectorAll("option")].map((o) => `${o.value}:${o.textContent}`),
    })))).toEqual([{ group: "Sizes", options: ["s:Small", "m:Medium", "l:Large"] }]);

    // A code that does not match the pattern keeps the visitor on section one.
    await visitor.getByLabel("Contact email").fill("ada@example.com");
    await code.fill("abc-123");
    await visitor.getByLabel("Size").selectOption("m");
    await visitor.getByRole("button", { name: "Next" }).click();
    expect(await code.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    await expect.poll(() => visitor.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("product_code");
    expect(await visibleFields(visitor)).toEqual(["reply_to", "product_code", "size"]);
    await code.fill("ABC-123");
    await visitor.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => visibleFields(visitor)).toEqual(["extras", "guests", "arrival"]);
    expect(await visitor.getByLabel("Guests").evaluate((el: HTMLInputElement) => [el.min, el.max])).toEqual(["1", "4"]);
    await visitor.getByLabel("Parking").check();
    await visitor.getByLabel("Guests").fill("2");
    await visitor.getByLabel("Arrival").fill("2030-05-01");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);

    // The row holds the answers under the columns' current names.
    const rows = env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reply_to: "ada@example.com", product_code: "ABC-123", size: "m", extras: ["Parking"], guests: 2, arrival: "2030-05-01",
    });
    expect(rows[0]).not.toHaveProperty("contact_email");

    // The total limit is reached: the next visitor gets the closed page.
    const second = await freshVisitor(env.browser, `${env.server.url}${publicHref}`);
    await expect.poll(() => second.page.url()).toMatch(/\/formclosed/);
    await expect.poll(() => second.page.getByRole("heading", { name: "This form is closed" }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await first.close();
    await second.close();
    await page.close();
  }, 180_000);
});
