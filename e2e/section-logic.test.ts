/**
 * A section shown only for some answers, in Chromium: three sections, the second ("Your
 * pet") hidden unless the visitor says they have a pet. Next steps over it while hidden and
 * visits it once shown, the counter counts the shown sections ("1 / 2" against "1 / 3"), and
 * both submits go through, the server storing null for the skipped section's field even
 * when it was filled before the section hid. The owner sets such a condition on a section
 * with the block panel's "Show this block" builder, as on any block.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, openNewFormCanvas, useServerAndBrowser } from "./session";

type Row = Record<string, unknown>;

describe.skipIf(!CHROMIUM_AVAILABLE)("a section logic hides, in Chromium", () => {
  const env = useServerAndBrowser();
  const rows = (formId: string): Row[] =>
    env.server.cli(["responses", "list", formId]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);

  function importForm(): string {
    const file = join(env.server.dataDir, "pets.json");
    writeFileSync(file, JSON.stringify({
      format: "fieldwork.form", version: 1, title: "Pet friendly stay",
      fields: [
        { name: "guest", type: "text", label: "Your name", required: true },
        { name: "has_pet", type: "radio", label: "Do you bring a pet?", required: true, options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }] },
        { name: "pet_name", type: "text", label: "Pet name", required: true },
        { name: "notes", type: "text", label: "Anything else?" },
      ],
      blocks: [
        { type: "section", title_html: "About you", children: [{ type: "field", field: "guest" }, { type: "field", field: "has_pet" }] },
        { type: "section", title_html: "Your pet", v_hidden: '#/has_pet != "yes"', children: [{ type: "field", field: "pet_name" }] },
        { type: "section", title_html: "Last thing", children: [{ type: "field", field: "notes" }] },
      ],
    }));
    return (JSON.parse(env.server.cli(["forms", "import", file])) as { id: string }).id;
  }

  const counter = (page: Page) => page.locator('[aria-live="polite"]').textContent();
  const shownHeading = async (page: Page) => {
    for (const name of ["About you", "Your pet", "Last thing"]) if (await page.getByRole("heading", { name }).isVisible()) return name;
    return null;
  };

  it("skips the section while hidden, visits it once shown, and stores null for a skipped section", async () => {
    const formId = importForm();
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const next = page.getByRole("button", { name: "Next" });
    const back = page.getByRole("button", { name: "Back" });
    const submit = page.getByRole("button", { name: "Submit" });

    // No pet: two sections to walk, Next goes straight to the last one, which submits.
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    expect(await counter(page)).toBe("Section 1 / 2");
    await page.getByLabel("Your name").fill("Ada");
    await page.getByLabel("No").check();
    await next.click();
    await expect.poll(() => shownHeading(page)).toBe("Last thing");
    expect(await counter(page)).toBe("Section 2 / 2");
    expect(await submit.isVisible()).toBe(true);
    expect(await page.getByLabel("Pet name").isVisible()).toBe(false);
    await back.click();
    await expect.poll(() => shownHeading(page)).toBe("About you");

    // A pet: three sections, the pet's in the middle, and Submit only on the last.
    await page.getByLabel("Yes").check();
    await expect.poll(() => counter(page)).toBe("Section 1 / 3");
    await next.click();
    await expect.poll(() => shownHeading(page)).toBe("Your pet");
    expect(await counter(page)).toBe("Section 2 / 3");
    expect(await submit.isVisible()).toBe(false);
    await page.getByLabel("Pet name").fill("Rex");
    await next.click();
    await expect.poll(() => shownHeading(page)).toBe("Last thing");
    expect(await counter(page)).toBe("Section 3 / 3");
    await page.getByLabel("Anything else?").fill("Quiet room");
    await submit.click();
    await page.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ guest: "Ada", has_pet: "yes", pet_name: "Rex", notes: "Quiet room" });

    // Named a pet, then changed the answer: the section is skipped and its answer not kept.
    await page.goto(`${env.server.url}/d/e/${formId}`);
    await page.locator("form[data-fw-ready]").waitFor();
    await page.getByLabel("Your name").fill("Bo");
    await page.getByLabel("Yes").check();
    await next.click();
    await expect.poll(() => shownHeading(page)).toBe("Your pet");
    await page.getByLabel("Pet name").fill("Tom");
    await back.click();
    await expect.poll(() => shownHeading(page)).toBe("About you");
    await page.getByLabel("No").check();
    await expect.poll(() => counter(page)).toBe("Section 1 / 2");
    await next.click();
    await expect.poll(() => shownHeading(page)).toBe("Last thing");
    await submit.click();
    await page.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ guest: "Bo", has_pet: "no", pet_name: null });
    expect(rows(formId)).toHaveLength(2);

    expect(errors).toEqual([]);
    await context.close();
  });
  it("without JavaScript shows every section and lets the server skip the hidden one", async () => {
    const formId = importForm();
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${formId}`);
    for (const name of ["About you", "Your pet", "Last thing"]) expect(await page.getByRole("heading", { name }).isVisible()).toBe(true);
    await page.getByLabel("Your name").fill("Cy");
    await page.getByLabel("No").check();
    await page.getByLabel("Pet name").fill("Ghost");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rows(formId).at(-1)).toMatchObject({ guest: "Cy", has_pet: "no", pet_name: null });
    await context.close();
  });

  it("lets the owner set when a section shows, with the block panel's condition builder", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Sol Sections", slug: "sections" }, "Pet check");
    const canvas = page.getByRole("list", { name: "Blocks of the form" });
    const blockNames = () => canvas.locator("[data-block-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
    const saved = () => expect.poll(() => page.getByRole("status").filter({ hasText: /^(Saving\.\.\.|Saved!|Failed to save\.)$/ }).textContent()).toBe("Saved!");
    async function insert(what: string, panelName: string, fill: (panel: ReturnType<Page["getByRole"]>) => Promise<void>) {
      await page.getByRole("button", { name: "Insert", exact: true }).click();
      await page.getByRole("combobox", { name: "Search fields and blocks" }).fill(what);
      await page.getByRole("option", { name: what, exact: true }).click();
      const panel = page.getByRole("complementary", { name: panelName });
      await fill(panel);
      await panel.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => panel.count()).toBe(0);
      await saved();
    }
    await insert("Section", "New Section", (panel) => panel.getByLabel("Title").fill("About you"));
    await insert("Checkboxes", "New Field", (panel) => panel.getByRole("textbox", { name: "Label", exact: true }).fill("Pets"));
    await insert("Section", "New Section", async (panel) => {
      await panel.getByLabel("Title").fill("Your pet");
      await panel.getByLabel("Show this block").selectOption("when");
      await panel.getByLabel("Field", { exact: true }).selectOption({ label: "Pets" });
      await panel.getByLabel("Comparison").selectOption({ label: "is" });
      await panel.getByLabel("Value", { exact: true }).selectOption({ label: "Option 1" });
    });
    expect(await blockNames()).toEqual(["Section: About you", "Checkboxes field: Pets", "Section: Your pet"]);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    const publicHref = (await page.getByRole("link", { name: "Open public form" }).getAttribute("href"))!;
    const formId = publicHref.split("/").pop()!;
    const doc = await callPrivate<{ blocks: { type: string; title_html: string | null; v_hidden: unknown }[]; fields: { name: string; options: { value: string; label: string }[] }[] }>(page, "GET", `/forms/${formId}`);
    const first = doc.fields.find((f) => f.name === "pets")!.options.find((o) => o.label === "Option 1")!.value;
    expect(doc.blocks.filter((b) => b.type === "section").map((b) => b.v_hidden)).toEqual([null, `#/pets != ${JSON.stringify(first)}`]);

    // The public form: one section to walk until Option 1 is chosen, then two.
    const visitor = await (await env.browser.newContext()).newPage();
    visitor.on("pageerror", (error) => errors.push(String(error)));
    await visitor.goto(`${env.server.url}${publicHref}`);
    await visitor.locator("form[data-fw-ready]").waitFor();
    expect(await visitor.getByRole("button", { name: "Submit" }).isVisible()).toBe(true);
    expect(await visitor.getByRole("button", { name: "Next" }).isVisible()).toBe(false);
    await visitor.getByRole("checkbox", { name: "Option 1" }).check();
    await expect.poll(() => counter(visitor)).toBe("Section 1 / 2");
    await visitor.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => visitor.getByRole("heading", { name: "Your pet" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await visitor.context().close();
    await page.close();
  });
});
