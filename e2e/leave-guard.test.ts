/**
 * Leaving the form editor while a write is still being saved: the browser's Back asks the
 * same confirm as in-app links; dismissing it keeps the owner on the editor (the URL comes
 * back), accepting it leaves.
 */
import { describe, expect, it } from "vitest";
import type { Route } from "playwright-core";
import { CHROMIUM_AVAILABLE } from "./harness";
import { openNewFormCanvas, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("leaving the editor with unsaved writes in Chromium", () => {
  const env = useServerAndBrowser();

  it("asks on Back, stays on the editor when dismissed and leaves when accepted", async () => {
    const { page } = await openNewFormCanvas(env, { name: "Bea Back", slug: "back" }, "Back check", { width: 1280, height: 900 });
    const editorUrl = page.url();
    const documentUrl = editorUrl.replace(/\/form\/edit$/, "");

    // The form's writes stay pending: nothing the editor sends is answered.
    const held: Route[] = [];
    await page.route(/\/private\/editor\/forms\/[^/]+\/(fields|blocks)/, (route) => {
      if (route.request().method() === "GET") return route.continue();
      held.push(route);
    });
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Text");
    await page.getByRole("option", { name: "Text", exact: true }).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Saving..." }).count()).toBe(1);

    // Back (the browser's, as the button does): the confirm; dismissed, the editor and its URL stay.
    const dialogs: string[] = [];
    page.once("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goBack();
    await expect.poll(() => dialogs).toEqual(["confirm: Some changes are still being saved. Leave anyway?"]);
    await expect.poll(() => page.url()).toBe(editorUrl);
    await page.waitForTimeout(300); // no late move away
    expect(page.url()).toBe(editorUrl);
    expect(await page.locator('[data-editor-suffix="form/edit"]').count()).toBe(1);
    expect(await page.getByRole("complementary", { name: "New Field" }).isVisible()).toBe(true);

    // Back again, accepted: the document's page.
    page.once("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.goBack();
    await expect.poll(() => dialogs).toHaveLength(2);
    await expect.poll(() => page.url()).toBe(documentUrl);
    await expect.poll(() => page.locator('[data-editor-suffix="form/edit"]').count()).toBe(0);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.close();
  });
});
