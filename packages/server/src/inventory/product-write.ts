/**
 * Writing a store's products: create, replace as sent, delete. A save carries the whole
 * product (name, description, base price, options with their values); options and values
 * that come with an id are kept and updated, those without are created (each new value gets
 * its inventory item, a level of `stock` available and on hand, and an 'initialize' commit),
 * and those left out are removed with their items. A value a form option sells cannot be
 * removed (`409 PRODUCT_IN_USE`); SKUs are unique in a store (`409 SKU_TAKEN`). Levels are
 * never set here: they move by adjusts (value-levels.ts) and orders.
 */
import {
  duplicateSkus, FieldworkError, INVENTORY_INITIAL, skuOf, STORE_LIMITS, type ProductInput, type ProductOptionInput,
} from "@fieldwork/core";
import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema";
import { bumpRevision, isUuid } from "../forms/form-record";
import type { StoreRow } from "./store-access";

type Input = z.output<typeof ProductInput>;
type OptionInput = z.output<typeof ProductOptionInput>;

const UNIQUE_VIOLATION = "23505";
const skuTaken = (error: unknown): never => {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new FieldworkError("SKU_TAKEN");
  throw error;
};

/** `POST /stores/{store_id}/products`: the new product's id. */
export async function createProduct(db: Kysely<DB>, store: StoreRow, input: Input): Promise<{ product_id: string }> {
  return db.transaction().execute(async (trx) => {
    // One product write of a store at a time: the count and SKU checks hold.
    await trx.selectFrom("store").select("id").where("id", "=", store.id).forUpdate().execute();
    const { n } = await trx.selectFrom("product").select((eb) => eb.fn.countAll<number>().as("n")).where("store_id", "=", store.id).executeTakeFirstOrThrow();
    if (Number(n) >= STORE_LIMITS.products_per_store) throw new FieldworkError("TOO_MANY_PRODUCTS");
    const product = await trx.insertInto("product")
      .values({ store_id: store.id, name: input.name, description: input.description, price: input.price })
      .returning("id").executeTakeFirstOrThrow();
    await writeOptions(trx, store.id, product.id, input.options);
    return { product_id: product.id };
  });
}

/** `PUT /stores/{store_id}/products/{product_id}`. */
export async function replaceProduct(db: Kysely<DB>, store: StoreRow, productId: string, input: Input): Promise<{ product_id: string }> {
  if (!isUuid(productId)) throw new FieldworkError("PRODUCT_NOT_FOUND");
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("store").select("id").where("id", "=", store.id).forUpdate().execute();
    const product = await trx.selectFrom("product").select("id").where("id", "=", productId).where("store_id", "=", store.id).executeTakeFirst();
    if (!product) throw new FieldworkError("PRODUCT_NOT_FOUND");
    await trx.updateTable("product").set({ name: input.name, description: input.description, price: input.price, updated_at: sql<Date>`now()` })
      .where("id", "=", product.id).execute();
    await writeOptions(trx, store.id, product.id, input.options);
    await repriceSellingForms(trx, product.id);
    return { product_id: product.id };
  });
}

/**
 * The forms whose options sell this product's values charge the store's price (form-record.ts
 * reads it into the definition): a new price moves their revision, so no instance keeps a
 * cached definition that charges the old one.
 */
async function repriceSellingForms(trx: Transaction<DB>, productId: string): Promise<void> {
  const selling = await trx.selectFrom("inventory_item as i")
    .innerJoin("product_option_value as v", "v.id", "i.product_option_value_id")
    .innerJoin("product_option as o", "o.id", "v.product_option_id")
    .innerJoin("form_field_option as fo", "fo.id", "i.form_field_option_id")
    .select("fo.form_id").distinct().where("o.product_id", "=", productId).orderBy("fo.form_id").execute();
  for (const { form_id } of selling) await bumpRevision(trx, form_id);
}

/** `DELETE /stores/{store_id}/products/{product_id}`: refused while a form option sells one of its values. */
export async function deleteProduct(db: Kysely<DB>, store: StoreRow, productId: string): Promise<{ deleted: true }> {
  if (!isUuid(productId)) throw new FieldworkError("PRODUCT_NOT_FOUND");
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("product").select("id").where("id", "=", productId).where("store_id", "=", store.id).forUpdate().executeTakeFirst();
    if (!product) throw new FieldworkError("PRODUCT_NOT_FOUND");
    const existing = await valuesOf(trx, product.id);
    assertUnsold(existing.filter((v) => v.form_field_option_id !== null));
    await trx.deleteFrom("product").where("id", "=", product.id).execute();
    return { deleted: true as const };
  });
}

function valuesOf(trx: Transaction<DB>, productId: string) {
  return trx.selectFrom("product_option_value as v").innerJoin("product_option as o", "o.id", "v.product_option_id")
    .innerJoin("inventory_item as i", "i.product_option_value_id", "v.id")
    .select(["o.id as option_id", "v.id", "v.value", "i.id as item_id", "i.sku", "i.form_field_option_id"])
    .where("o.product_id", "=", productId).forUpdate("i").execute();
}

function assertUnsold(sold: readonly { value: string }[]): void {
  if (sold.length) {
    throw new FieldworkError("PRODUCT_IN_USE", `A form option sells ${sold.map((v) => JSON.stringify(v.value)).join(", ")}: unlink it first.`);
  }
}

/** Makes the product's options and values those sent (see the module comment). */
async function writeOptions(trx: Transaction<DB>, storeId: string, productId: string, options: readonly OptionInput[]): Promise<void> {
  const existing = await valuesOf(trx, productId);
  const optionIds = new Set((await trx.selectFrom("product_option").select("id").where("product_id", "=", productId).execute()).map((o) => o.id));
  const valueById = new Map(existing.map((v) => [v.id, v]));
  for (const option of options) {
    if (option.id !== undefined && !optionIds.has(option.id)) throw new FieldworkError("PRODUCT_NOT_FOUND", "An option id is not one of this product's.");
    for (const value of option.values) {
      const known = value.id === undefined ? undefined : valueById.get(value.id);
      if (value.id !== undefined && (!known || known.option_id !== option.id)) {
        throw new FieldworkError("PRODUCT_NOT_FOUND", "A value id is not one of this option's.");
      }
    }
  }
  const keptOptions = new Set(options.flatMap((o) => (o.id ? [o.id] : [])));
  const keptValues = new Set(options.flatMap((o) => o.values.flatMap((v) => (v.id ? [v.id] : []))));
  const removed = existing.filter((v) => !keptValues.has(v.id));
  assertUnsold(removed.filter((v) => v.form_field_option_id !== null));

  const sentSkus = options.flatMap((o) => o.values.flatMap((v) => (v.sku ? [v.sku] : [])));
  const twice = duplicateSkus([...sentSkus, ...existing.filter((v) => keptValues.has(v.id) && !options.some((o) => o.values.some((s) => s.id === v.id && s.sku))).map((v) => v.sku)]);
  if (twice.length) throw new FieldworkError("SKU_TAKEN", `The SKU ${JSON.stringify(twice[0])} is given twice.`);

  if (removed.length) await trx.deleteFrom("product_option_value").where("id", "in", removed.map((v) => v.id)).execute();
  const gone = [...optionIds].filter((id) => !keptOptions.has(id));
  if (gone.length) await trx.deleteFrom("product_option").where("id", "in", gone).execute();

  for (const [optionIndex, option] of options.entries()) {
    const optionId = option.id
      ? (await trx.updateTable("product_option").set({ name: option.name, index: optionIndex }).where("id", "=", option.id).returning("id").executeTakeFirstOrThrow()).id
      : (await trx.insertInto("product_option").values({ product_id: productId, name: option.name, index: optionIndex }).returning("id").executeTakeFirstOrThrow()).id;
    for (const [index, value] of option.values.entries()) {
      if (value.id) {
        await trx.updateTable("product_option_value").set({ value: value.value, price: value.price, index }).where("id", "=", value.id).execute();
        const known = valueById.get(value.id)!;
        if (value.sku && value.sku !== known.sku) {
          await trx.updateTable("inventory_item").set({ sku: value.sku }).where("id", "=", known.item_id).execute().catch(skuTaken);
        }
      } else {
        await addValue(trx, storeId, optionId, index, value);
      }
    }
  }
}

async function addValue(trx: Transaction<DB>, storeId: string, optionId: string, index: number, value: OptionInput["values"][number]): Promise<void> {
  const id = crypto.randomUUID();
  await trx.insertInto("product_option_value").values({ id, product_option_id: optionId, value: value.value, price: value.price, index }).execute();
  const item = await trx.insertInto("inventory_item").values({ store_id: storeId, sku: value.sku ?? skuOf(id), product_option_value_id: id })
    .returning("id").executeTakeFirstOrThrow().catch(skuTaken);
  const stock = value.stock ?? INVENTORY_INITIAL.available;
  const level = await trx.insertInto("inventory_level").values({ inventory_item_id: item.id, available: stock, on_hand: stock })
    .returning("id").executeTakeFirstOrThrow();
  await trx.insertInto("inventory_level_commit").values({ inventory_level_id: level.id, diff: stock, reason: "initialize" }).execute();
}
