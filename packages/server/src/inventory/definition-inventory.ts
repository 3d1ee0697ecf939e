/**
 * Inventory in form definition files (docs/form-format.md "Inventory"): an export names the
 * form's store (name, currency) and each stocked option's SKU and level, with the product
 * option value it sells; an import makes a new store in the target project with those items,
 * levels ('initialize' commits) and the products they sell, and links it to the new form.
 * What responses committed and the stock history stay with the original.
 */
import { FieldworkError, unitPrice, type FormDefinition, type InventoryDefinition } from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema";

type Item = InventoryDefinition["items"][number];

/** The form's store and stocked options, or null when it has neither. */
export async function inventoryDefinitionOf(db: Kysely<DB>, formId: string): Promise<InventoryDefinition | null> {
  const [store, rows] = await Promise.all([
    db.selectFrom("form").innerJoin("store", "store.id", "form.store_id").select(["store.name", "store.currency"]).where("form.id", "=", formId).executeTakeFirst(),
    db.selectFrom("form_field_option as fo").innerJoin("form_field as f", "f.id", "fo.form_field_id")
      .innerJoin("inventory_item as i", "i.form_field_option_id", "fo.id")
      .innerJoin("inventory_level as l", "l.inventory_item_id", "i.id")
      .leftJoin("product_option_value as v", "v.id", "i.product_option_value_id")
      .leftJoin("product_option as o", "o.id", "v.product_option_id")
      .leftJoin("product as p", "p.id", "o.product_id")
      .select([
        "f.name as field", "fo.value as option", "i.sku", "l.available", "l.on_hand",
        "p.name as product", "p.price as product_price", "o.name as product_option", "v.value as product_value", "v.price as value_price",
      ])
      .where("fo.form_id", "=", formId)
      .orderBy("f.local_index").orderBy("f.created_at").orderBy("fo.index").orderBy("fo.created_at").execute(),
  ]);
  if (!store) return null;
  const items: Item[] = rows.map((r) => ({
    field: r.field, option: r.option, sku: r.sku, available: r.available, on_hand: r.on_hand,
    product: r.product !== null && r.product_option !== null && r.product_value !== null && r.product_price !== null
      ? { name: r.product, option: r.product_option, value: r.product_value, unit_price: unitPrice({ price: r.product_price }, { price: r.value_price }) }
      : null,
  }));
  return { store: { name: store.name, currency: store.currency }, items };
}

/** Makes the file's store, products and items for a form being created (inside its transaction). */
export async function importInventory(trx: Transaction<DB>, projectId: string, formId: string, def: FormDefinition): Promise<void> {
  if (!def.inventory) return;
  const store = await trx.insertInto("store").values({ project_id: projectId, name: def.inventory.store.name, currency: def.inventory.store.currency })
    .returning("id").executeTakeFirstOrThrow();
  await trx.updateTable("form").set({ store_id: store.id }).where("id", "=", formId).execute();
  const options = await trx.selectFrom("form_field_option as fo").innerJoin("form_field as f", "f.id", "fo.form_field_id")
    .select(["fo.id", "f.name as field", "fo.value"]).where("fo.form_id", "=", formId).execute();
  const optionId = new Map(options.map((o) => [JSON.stringify([o.field, o.value]), o.id]));
  const products = new Map<string, { id: string; price: number }>();
  const productOptions = new Map<string, string>();
  const valueCount = new Map<string, number>();

  for (const item of def.inventory.items) {
    const option = optionId.get(JSON.stringify([item.field, item.option]));
    if (!option) throw new FieldworkError("INVALID_FORM_DEFINITION", `inventory: field ${JSON.stringify(item.field)} has no option ${JSON.stringify(item.option)}`);
    let valueId: string | null = null;
    if (item.product) {
      const { name, option: optionName, value, unit_price } = item.product;
      let product = products.get(name);
      if (!product) {
        const made = await trx.insertInto("product").values({ store_id: store.id, name, price: unit_price }).returning("id").executeTakeFirstOrThrow();
        products.set(name, (product = { id: made.id, price: unit_price }));
      }
      const optionKey = JSON.stringify([name, optionName]);
      let productOption = productOptions.get(optionKey);
      if (!productOption) {
        productOption = (await trx.insertInto("product_option").values({ product_id: product.id, name: optionName, index: productOptions.size })
          .returning("id").executeTakeFirstOrThrow()).id;
        productOptions.set(optionKey, productOption);
      }
      const index = valueCount.get(productOption) ?? 0;
      valueCount.set(productOption, index + 1);
      valueId = (await trx.insertInto("product_option_value")
        .values({ product_option_id: productOption, value, index, price: unit_price === product.price ? null : unit_price })
        .returning("id").executeTakeFirstOrThrow()).id;
    }
    const made = await trx.insertInto("inventory_item")
      .values({ store_id: store.id, sku: item.sku, form_field_option_id: option, product_option_value_id: valueId })
      .returning("id").executeTakeFirstOrThrow();
    const level = await trx.insertInto("inventory_level").values({ inventory_item_id: made.id, available: item.available, on_hand: item.on_hand })
      .returning("id").executeTakeFirstOrThrow();
    await trx.insertInto("inventory_level_commit").values({ inventory_level_id: level.id, diff: item.available, reason: "initialize", form_id: formId }).execute();
  }
}
