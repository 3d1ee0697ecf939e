/**
 * The public form's preload on both backends: tracked options carry their stock (the count
 * only when few are left), sold-out options come back disabled, and a required tracked field
 * with no option left makes the load FORM_SOLD_OUT (the page redirects to formsoldout).
 */
import { FEW_LEFT_THRESHOLD } from "@fieldwork/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "./inventory-test-setup";

describe.each(BACKENDS)("the preload's stock marks on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `preload-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  const publishedTracked = async (required: boolean) => {
    const { form, document } = await w.newForm();
    const field = await w.addChoice(form, "ticket", ["early", "regular", "vip"], { required });
    await w.addChoice(form, "shirt", ["s", "m"]);
    await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Tickets" });
    expect((await w.call(w.owner, "PUT", `/forms/${form}/fields/${field}/inventory`, { tracked: true })).statusCode).toBe(200);
    expect((await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true })).statusCode).toBe(200);
    const options = await w.optionsOf(form, field);
    const set = async (index: number, available: number) =>
      expect((await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${options[index]!.id}`, { available })).statusCode).toBe(200);
    return { form, field, options, set };
  };
  const preload = async (form: string) => (await w.app.inject({ method: "GET", url: `/v1/${form}` })).json().data;
  const optionsIn = (data: { fields: { name: string; options: unknown[] }[] }, name: string) =>
    data.fields.find((f) => f.name === name)!.options as { value: string; disabled: boolean; stock?: { available: number | null } }[];

  it.skipIf(!backend.available)("marks sold-out options disabled and says how many are left only when few", async () => {
    const { form, set } = await publishedTracked(false);
    await set(0, 0);
    await set(1, 2);
    const data = await preload(form);
    expect(data.error).toBeNull();
    expect(optionsIn(data, "ticket").map(({ value, disabled, stock }) => ({ value, disabled, stock }))).toEqual([
      { value: "early", disabled: true, stock: { available: 0 } },
      { value: "regular", disabled: false, stock: { available: 2 } },
      // 10 left: more than FEW_LEFT_THRESHOLD, the count stays private.
      { value: "vip", disabled: false, stock: { available: null } },
    ]);
    expect(FEW_LEFT_THRESHOLD).toBeLessThan(10);
    // An untracked field carries no stock.
    expect(optionsIn(data, "shirt").every((o) => o.stock === undefined && !o.disabled)).toBe(true);
    // The page renders the same marks.
    const page = await w.app.inject({ method: "GET", url: `/d/e/${form}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Sold out");
    expect(page.body).toContain("Only 2 left");
  });

  it.skipIf(!backend.available)("is FORM_SOLD_OUT when a required tracked field has nothing left, and opens again with stock", async () => {
    const { form, set } = await publishedTracked(true);
    await set(0, 0);
    await set(1, 0);
    expect((await preload(form)).error).toBeNull(); // vip remains
    await set(2, 0);
    const data = await preload(form);
    expect(data.error).toMatchObject({ code: "FORM_SOLD_OUT", fields: ["ticket"] });
    const page = await w.app.inject({ method: "GET", url: `/d/e/${form}` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/d/e/${form}/formsoldout`);
    await set(2, 1);
    const reopened = await preload(form);
    expect(reopened.error).toBeNull();
    expect(optionsIn(reopened, "ticket")[2]).toMatchObject({ disabled: false, stock: { available: 1 } });
  });

  it.skipIf(!backend.available)("leaves an optional tracked field's form open when all its options are sold out", async () => {
    const { form, set } = await publishedTracked(false);
    for (const i of [0, 1, 2]) await set(i, 0);
    const data = await preload(form);
    expect(data.error).toBeNull();
    expect(optionsIn(data, "ticket").every((o) => o.disabled)).toBe(true);
  });
});
