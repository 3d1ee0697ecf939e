/**
 * Inventory in definition files on both backends: an export names the store and every
 * stocked option (own items and product values, with SKU, level and unit price); importing
 * it makes a new store with the same stock and products, and exporting that is the same
 * file. Files whose inventory names missing options, reuses a SKU, or carries a bad currency
 * or level are refused, creating nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FieldworkError, type FormDefinition } from "@fieldwork/core";
import { exportForm } from "../forms/definition-export";
import { importForm } from "../forms/definition-import";
import { BACKENDS } from "../test/backends";
import { inventoryWorld, type InventoryWorld } from "./inventory-test-setup";

describe.each(BACKENDS)("inventory in definition files on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `definition-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  it.skipIf(!backend.available)("exports the store and stocked options, and an import of the export exports the same file", async () => {
    const { form } = await w.newForm();
    const ticket = await w.addChoice(form, "ticket", ["early", "late", "free"]);
    const size = await w.addChoice(form, "size", ["s", "m"]);
    const store = (await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Box office", currency: "EUR" })).json().data.store.id as string;
    expect((await w.call(w.owner, "PUT", `/forms/${form}/fields/${size}/inventory`, { tracked: true })).statusCode).toBe(200);
    const sizes = await w.optionsOf(form, size);
    await w.call(w.owner, "PATCH", `/forms/${form}/inventory/${sizes[0]!.id}`, { available: 4 });
    const product = (await w.call(w.owner, "POST", `/stores/${store}/products`, {
      name: "Pass", price: 2500, options: [{ name: "Day", values: [{ value: "Sat", stock: 3 }, { value: "Sun", price: 3000, sku: "SUN-1", stock: 0 }] }],
    })).json().data.product;
    const [sat, sun] = product.options[0].values;
    const [early, late] = await w.optionsOf(form, ticket);
    for (const [option, value] of [[early!, sat], [late!, sun]] as const) {
      expect((await w.call(w.owner, "PUT", `/forms/${form}/options/${option.id}/product`, { product_option_value_id: value.id })).statusCode).toBe(200);
    }

    const { table_name, ...exported } = await exportForm(w.database.db, form);
    expect(exported.inventory).toEqual({
      store: { name: "Box office", currency: "EUR" },
      items: [
        { field: "ticket", option: "early", sku: sat.sku, available: 3, on_hand: 3, product: { name: "Pass", option: "Day", value: "Sat", unit_price: 2500 } },
        { field: "ticket", option: "late", sku: "SUN-1", available: 0, on_hand: 0, product: { name: "Pass", option: "Day", value: "Sun", unit_price: 3000 } },
        { field: "size", option: "s", sku: sizes[0]!.id.slice(0, 8), available: 4, on_hand: 4, product: null },
        { field: "size", option: "m", sku: sizes[1]!.id.slice(0, 8), available: 10, on_hand: 10, product: null },
      ],
    });
    expect(table_name).toBeTruthy();

    const copy = await importForm(w.database.db, w.project, JSON.parse(JSON.stringify(exported)));
    const { table_name: copyTable, ...again } = await exportForm(w.database.db, copy.id);
    expect(copyTable).not.toBe(table_name);
    expect(again).toEqual(exported);
    // A new store, with the product and its stock; the public form reads it.
    const copied = (await w.call(w.owner, "GET", `/forms/${copy.id}/inventory`)).json().data;
    expect(copied.store.id).not.toBe(store);
    const products = (await w.call(w.owner, "GET", `/stores/${copied.store.id}`)).json().data;
    expect(products.store.currency).toBe("EUR");
    expect(products.products).toEqual([expect.objectContaining({ name: "Pass", price: 2500, state: "low_stock" })]);
    expect(products.products[0].options[0].values.map((v: { value: string; unit_price: number; available: number; form_option: { value: string } }) =>
      [v.value, v.unit_price, v.available, v.form_option.value])).toEqual([["Sat", 2500, 3, "early"], ["Sun", 3000, 0, "late"]]);
    await w.call(w.owner, "PATCH", `/documents/${copy.document_id}`, { published: true });
    const preload = (await w.app.inject({ method: "GET", url: `/v1/${copy.id}` })).json().data;
    expect(preload.fields[0].options.map((o: { disabled: boolean; stock?: unknown }) => [o.disabled, o.stock ?? null]))
      .toEqual([[false, { available: 3 }], [true, { available: 0 }], [false, null]]);
  });

  it.skipIf(!backend.available)("exports no inventory for a form without a store, and refuses files whose inventory does not fit", async () => {
    const { form } = await w.newForm();
    expect((await exportForm(w.database.db, form)).inventory).toBeNull();
    const base: Record<string, unknown> = { title: "Shop", fields: [{ name: "pick", type: "radio", options: [{ value: "a" }, { value: "b" }] }], blocks: [{ type: "field", field: "pick" }] };
    const item = { field: "pick", option: "a", sku: "A-1", available: 1, on_hand: 1 };
    const store = { name: "S", currency: "USD" };
    const refused: [unknown, string][] = [
      [{ store, items: [{ ...item, option: "zz" }] }, "INVALID_FORM_DEFINITION"],
      [{ store, items: [item, { ...item, option: "b" }] }, "INVALID_FORM_DEFINITION"],
      [{ store, items: [item, { ...item, sku: "B" }] }, "INVALID_FORM_DEFINITION"],
      [{ store: { name: "S", currency: "dollars" }, items: [] }, "INVALID_CURRENCY"],
      [{ store, items: [{ ...item, available: -1 }] }, "INVALID_FORM_DEFINITION"],
      [{ store, items: [{ ...item, sku: "../x" }] }, "INVALID_SKU"],
      [{ store, items: [{ ...item, product: { name: "P", option: "O", value: "V", unit_price: -100 } }] }, "INVALID_FORM_DEFINITION"],
      [{ items: [item] }, "INVALID_FORM_DEFINITION"],
    ];
    const before = await w.database.db.selectFrom("store").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    for (const [inventory, code] of refused) {
      const attempt = importForm(w.database.db, w.project, { ...base, inventory } as unknown as FormDefinition);
      await expect(attempt, JSON.stringify(inventory)).rejects.toBeInstanceOf(FieldworkError);
      await expect(attempt).rejects.toMatchObject({ code });
    }
    const after = await w.database.db.selectFrom("store").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
