/**
 * A reference field in Chromium (issue 24 item 5): an owner's products table and an order form
 * whose `search` field references it; a visitor finds a product by typing part of its name,
 * picks it, submits, and the stored row holds the product's key. In the responses grid, the
 * owner sees each order's product by name (the key in the title, and under the name in the
 * record panel), double-clicks a reference cell: the Search Reference side sheet opens on the
 * products, and double-clicking a row there saves its key into the cell, which shows its name.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("a reference field in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });
  const made = { form: "", banana: "", apple: "", muffin: "", token: "", slug: "", project: "", owner: null as Page | null };
  const rowsOf = (form: string) =>
    env.server.cli(["responses", "list", form]).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

  it("finds a row by typing, and the submitted row stores its key", async () => {
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const slug = `rf-${Date.now().toString(36)}`;
    await signUpInBrowser(page, env.server, { name: "Rita Ref", email: `${slug}@example.com` });
    const org = await callPrivate(page, "POST", "/organizations", { name: slug });
    const project = await callPrivate(page, "POST", `/organizations/${org.id}/projects`, { name: "shop" });
    const schema = await callPrivate(page, "POST", `/projects/${project.id}/documents`, { doctype: "v0_schema", title: "Shop" });
    const products = await callPrivate(page, "POST", `/schema/${schema.id}/tables/new`, { name: "products", attributes: [{ name: "name", type: "text" }] });
    const key = await callPrivate<{ token: string }>(page, "POST", `/projects/${project.id}/api-keys`, { name: "seed", role: "editor" });
    const seeded = await fetch(`${env.server.url}/rest/v1/products`, {
      method: "POST", headers: { apikey: key.token, authorization: `Bearer ${key.token}`, "content-type": "application/json", prefer: "return=representation" },
      body: JSON.stringify([{ name: "Green apple" }, { name: "Blueberry muffin" }, { name: "Banana bread" }]),
    });
    expect(seeded.status).toBe(201);
    const seededRows = (await seeded.json()) as { id: string; name: string }[];
    const muffin = seededRows.find((p) => p.name === "Blueberry muffin")!.id;
    made.muffin = muffin;
    made.token = key.token;
    made.banana = seededRows.find((p) => p.name === "Banana bread")!.id;
    made.apple = seededRows.find((p) => p.name === "Green apple")!.id;
    Object.assign(made, { slug, project: project.id, owner: page });
    const form = await callPrivate(page, "POST", `/projects/${project.id}/forms`, {
      title: "Order",
      fields: [{ name: "product", type: "search", label: "Product", required: true,
        reference: { kind: "schema_table", table_id: products.id, column: "id", shown: ["name"], searched: ["name"] } }],
      blocks: [{ type: "field", field: "product" }],
    });
    expect(form.id).toBeTruthy();
    made.form = form.id;

    const visitor = await env.browser.newPage();
    visitor.on("pageerror", (error) => errors.push(String(error)));
    await visitor.goto(`${env.server.url}/d/e/${form.id}`);
    await visitor.locator("form[data-fw-ready]").waitFor();
    const search = visitor.getByRole("combobox", { name: /Product/ });
    await search.fill("muff");
    await expect.poll(() => visitor.getByRole("option").allInnerTexts(), { timeout: 10_000 }).toEqual(["Blueberry muffin"]);
    await visitor.getByRole("option", { name: "Blueberry muffin" }).click();
    expect(await visitor.getByTestId("reference-key").inputValue()).toBe(muffin);
    expect(await search.inputValue()).toBe("Blueberry muffin");
    await visitor.getByRole("button", { name: "Submit" }).click();
    await visitor.waitForURL(/\/complete/);
    expect(rowsOf(form.id).at(-1)).toMatchObject({ product: muffin });
    // The heavy types' server fallback (plain-field.tsx) is rendered again in the browser, which React reports as error 419.
    expect(errors.filter((e) => !e.includes("#419"))).toEqual([]);
    await visitor.close();
  });

  it("without JavaScript: a plain input posts the key, and a key no row has is refused", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/d/e/${made.form}`);
    const input = page.locator("input[name=product]");
    expect(await input.getAttribute("type")).toBe("text");
    await input.fill("00000000-0000-4000-8000-000000000000");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForLoadState();
    expect(page.url()).not.toMatch(/\/complete/);
    expect(await page.content()).toContain("INVALID_FIELD_VALUE");
    await page.goto(`${env.server.url}/d/e/${made.form}`);
    await page.locator("input[name=product]").fill(made.banana);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/complete/);
    expect(rowsOf(made.form).at(-1)).toMatchObject({ product: made.banana });
    await context.close();
  });

  it("shows each order's product by name; the Search Reference sheet opened from its cell saves another row's key, shown by name; a deleted row's key is marked not found", async () => {
    const page = made.owner!;
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const documents = await callPrivate<{ id: string; form_id: string | null }[]>(page, "GET", `/projects/${made.project}/documents`);
    const doc = documents.find((d) => d.form_id === made.form)!;
    await page.goto(`${env.server.url}/${made.slug}/shop/${doc.id}/data/responses`);
    const header = page.getByRole("columnheader", { name: "Product", exact: true });
    await expect.poll(() => header.count(), { timeout: 15_000 }).toBe(1);
    const col = (await header.getAttribute("aria-colindex"))!;
    // The owner sees each order's product by name (its key in the cell's title), not the stored key.
    const productCells = page.locator(`[role="gridcell"][aria-colindex="${col}"]`);
    await expect.poll(async () => (await productCells.allInnerTexts()).map((t) => t.trim()).sort(), { timeout: 15_000 })
      .toEqual(["Banana bread", "Blueberry muffin"]);
    const cell = page.locator(`[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="${col}"]`);
    const before = (await cell.innerText()).trim();
    const keyOf: Record<string, string> = { "Banana bread": made.banana, "Blueberry muffin": made.muffin };
    expect(await cell.locator("[data-reference=found]").getAttribute("title")).toBe(keyOf[before]);
    await cell.dblclick();
    const sheet = page.getByRole("dialog", { name: "Search Reference" });
    await expect.poll(() => sheet.getByText("Select a record to reference from public.products.").isVisible(), { timeout: 10_000 }).toBe(true);
    await sheet.getByRole("searchbox", { name: "Search" }).fill("apple");
    await expect.poll(() => sheet.getByTestId("reference-count").textContent(), { timeout: 10_000 }).toBe("1 record");
    await sheet.getByText("Green apple", { exact: true }).dblclick();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await expect.poll(() => cell.innerText(), { timeout: 10_000 }).toBe("Green apple");
    expect(await cell.locator("[data-reference=found]").getAttribute("title")).toBe(made.apple);
    await expect.poll(() => rowsOf(made.form).map((r) => r.product), { timeout: 10_000 }).toContain(made.apple);
    // The record panel shows the name too, the key under it.
    const row = page.locator('[role="row"][aria-rowindex="2"]');
    await row.hover();
    await row.getByRole("button", { name: /^Open #/ }).click();
    const shown = page.getByTestId("reference-value");
    await expect.poll(() => shown.innerText(), { timeout: 10_000 }).toContain("Green apple");
    expect(await shown.innerText()).toContain(made.apple);
    // A key whose row was deleted since: shown greyed, titled "not found".
    const gone = await fetch(`${env.server.url}/rest/v1/products?id=in.(${made.banana},${made.muffin})`, {
      method: "DELETE", headers: { apikey: made.token, authorization: `Bearer ${made.token}` },
    });
    expect(gone.status).toBe(204);
    const other = keyOf[before === "Banana bread" ? "Blueberry muffin" : "Banana bread"]!;
    await page.reload();
    await expect.poll(async () => (await productCells.allInnerTexts()).map((t) => t.trim()).sort(), { timeout: 15_000 })
      .toEqual(["Green apple", other].sort());
    const missing = page.locator("[data-reference=not-found]");
    expect(await missing.innerText()).toBe(other);
    expect(await missing.getAttribute("title")).toBe("not found");
    expect(errors).toEqual([]);
    await page.close();
  });
});
