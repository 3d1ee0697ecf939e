/**
 * A reference field in Chromium (issue 24 item 5): an owner's products table and an order form
 * whose `search` field references it; a visitor finds a product by typing part of its name,
 * picks it, submits, and the stored row holds the product's key.
 */
import { describe, expect, it } from "vitest";
import { CHROMIUM_AVAILABLE } from "./harness";
import { callPrivate, signUpInBrowser, useServerAndBrowser } from "./session";

describe.skipIf(!CHROMIUM_AVAILABLE)("a reference field in Chromium", () => {
  const env = useServerAndBrowser({ cspViolations: "fail" });
  const made = { form: "", banana: "" };
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
    made.banana = seededRows.find((p) => p.name === "Banana bread")!.id;
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
    await page.close();
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
});
