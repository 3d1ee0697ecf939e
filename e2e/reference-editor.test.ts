/**
 * The field panel's foreign-key section in Chromium (issue 24 item 5, spec 2 §3, spec 3): an
 * owner inserts a search field, picks the products table and its columns, browses the rows in
 * the Search Reference side sheet (double-click hands a key back), and saves; the saved field
 * carries the reference.
 */
import { describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, openNewFormCanvas, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("the foreign-key section in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });

  it("picks a table and columns, browses rows in the side sheet, and saves the reference", async () => {
    const { page, errors } = await openNewFormCanvas(env, { name: "Fay Key", slug: "fk" }, "Orders");
    const docId = new URL(page.url()).pathname.split("/")[3]!;
    const doc = await callPrivate<{ project_id: string }>(page, "GET", `/documents/${docId}`);
    const schema = await callPrivate(page, "POST", `/projects/${doc.project_id}/documents`, { doctype: "v0_schema", title: "Shop" });
    const products = await callPrivate(page, "POST", `/schema/${schema.id}/tables/new`, { name: "products", attributes: [{ name: "name", type: "text" }] });
    expect(products.id).toBeTruthy();
    const key = await callPrivate<{ token: string }>(page, "POST", `/projects/${doc.project_id}/api-keys`, { name: "seed", role: "editor" });
    const seeded = await fetch(`${env.server.url}/rest/v1/products`, {
      method: "POST", headers: { apikey: key.token, authorization: `Bearer ${key.token}`, "content-type": "application/json", prefer: "return=representation" },
      body: JSON.stringify([{ name: "Teapot" }, { name: "Kettle" }]),
    });
    const teapot = ((await seeded.json()) as { id: string; name: string }[]).find((p) => p.name === "Teapot")!.id;

    await page.getByRole("button", { name: "Insert", exact: true }).click();
    await page.getByRole("combobox", { name: "Search fields and blocks" }).fill("Search");
    await page.getByRole("option", { name: "Search", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "New Field" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByLabel("Label").fill("Product");
    const section = panel.getByTestId("reference-section");
    await expect.poll(() => section.getByLabel("Referenced table").locator("option").count(), { timeout: 10_000 }).toBe(2);
    await section.getByLabel("Referenced table").selectOption({ label: "products" });
    expect(await section.getByLabel("Referenced column").inputValue()).toBe("id");
    await section.getByRole("button", { name: "Browse rows" }).click();
    const sheet = page.getByRole("dialog", { name: "Search Reference" });
    await expect.poll(() => sheet.getByText("Select a record to reference from public.products.").isVisible()).toBe(true);
    await expect.poll(() => sheet.getByTestId("reference-count").textContent()).toBe("2 records");
    await sheet.getByRole("searchbox", { name: "Search" }).fill("tea");
    await expect.poll(() => sheet.getByTestId("reference-count").textContent()).toBe("1 record");
    await sheet.getByText("Teapot", { exact: true }).dblclick();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(await section.getByTestId("reference-picked").textContent()).toBe(`Test: picked ${teapot}`);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => panel.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole("alert").filter({ hasText: /REFERENCE_INVALID|not valid/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
