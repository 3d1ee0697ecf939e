/**
 * An option's own price through the editor's field save (options-sync.ts): a price sets it,
 * an emptied input (null) clears it, a save without one (an older client) keeps it, and an
 * option selling a store product keeps its own price through the null the editor hands for
 * it, while the editor document shows that option's price as null (the store's is read-only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/backends";
import { inventoryWorld, type InventoryWorld } from "../../inventory/inventory-test-setup";

describe.each(BACKENDS)("an option's price through the editor on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (!backend.available) return;
    w = await inventoryWorld(backend, `optprice-${backend.name}`);
  });
  afterAll(async () => w?.close());

  const priceOf = async (field: string, value: string) => (await w.database.db.selectFrom("form_field_option")
    .select("price").where("form_field_id", "=", field).where("value", "=", value).executeTakeFirstOrThrow()).price;
  const save = async (form: string, field: string, price: number | null | undefined) => {
    const option = { value: "early", label: "Early", ...(price === undefined ? {} : { price }) };
    const response = await w.call(w.owner, "PATCH", `/forms/${form}/fields/${field}`, {
      revision: await w.revisionOf(form), field: { name: "ticket", type: "radio", options: [option, { value: "late", label: "Late", price: 2500 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it.skipIf(!backend.available)("sets, keeps and clears an option's own price", async () => {
    const { form } = await w.newForm();
    const created = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form), field: { name: "ticket", type: "radio", options: [{ value: "early", label: "Early", price: 1000 }] },
    });
    const field = created.json().data.field_id as string;
    await save(form, field, undefined);
    expect(await priceOf(field, "early")).toBe(1000);
    await save(form, field, 1550);
    expect(await priceOf(field, "early")).toBe(1550);
    await save(form, field, null);
    expect(await priceOf(field, "early")).toBeNull();
    expect(await priceOf(field, "late")).toBe(2500);
    const refused = await w.call(w.owner, "PATCH", `/forms/${form}/fields/${field}`, {
      revision: await w.revisionOf(form), field: { name: "ticket", type: "radio", options: [{ value: "early", price: -5 }] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it.skipIf(!backend.available)("keeps the own price of an option that sells a store product through the editor's null", async () => {
    const { form } = await w.newForm();
    const created = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form), field: { name: "ticket", type: "radio", options: [{ value: "early", label: "Early", price: 1000 }] },
    });
    const field = created.json().data.field_id as string;
    const store = (await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: `optprice-${backend.name}` })).json().data.store.id as string;
    const product = (await w.call(w.owner, "POST", `/stores/${store}/products`, {
      name: "Tee", price: 2600, options: [{ name: "Size", values: [{ value: "S", stock: 3 }] }],
    })).json().data.product as { options: { values: { id: string }[] }[] };
    const [option] = await w.optionsOf(form, field);
    const linked = await w.call(w.owner, "PUT", `/forms/${form}/options/${option!.id}/product`, { product_option_value_id: product.options[0]!.values[0]!.id });
    expect(linked.statusCode, linked.body).toBe(200);
    const shown = (await w.call(w.owner, "GET", `/forms/${form}`)).json().data.fields.find((f: { id: string }) => f.id === field);
    expect(shown.options[0]).toMatchObject({ price: null, store_price: 2600 });
    expect(typeof shown.options[0].store_currency).toBe("string");
    await save(form, field, null);
    expect(await priceOf(field, "early")).toBe(1000);
  });
});
