/**
 * Reading a store's products (`GET /stores/{store_id}`): products, options and values in
 * their order, each value with its price, SKU and level from the spec's RPC
 * `get_inventory_items_with_committed`, its stock state (core's `stockState`) and the form
 * option selling it. Four statements whatever the number of products.
 */
import { productStockState, stockState, unitPrice, type Product, type ProductValue, type StoreProducts } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { StoreRow } from "./store-access";

interface ItemRow {
  id: string; sku: string; form_field_option_id: string | null; product_option_value_id: string | null;
  available: number; on_hand: number; committed: number;
}

/** Every item of the store with its level (spec 2 §7 RPC). */
export async function inventoryItemsWithCommitted(db: Kysely<DB>, storeId: string): Promise<ItemRow[]> {
  const { rows } = await sql<ItemRow>`select * from get_inventory_items_with_committed(${storeId}::uuid)`.execute(db);
  return rows;
}

export async function storeProducts(db: Kysely<DB>, store: StoreRow, productId?: string): Promise<StoreProducts> {
  let products = db.selectFrom("product").select(["id", "name", "description", "price"]).where("store_id", "=", store.id);
  if (productId) products = products.where("id", "=", productId);
  const [productRows, valueRows, items, links] = await Promise.all([
    products.orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("product_option_value as v").innerJoin("product_option as o", "o.id", "v.product_option_id")
      .innerJoin("product as p", "p.id", "o.product_id")
      .select(["p.id as product_id", "o.id as option_id", "o.name as option_name", "v.id", "v.value", "v.price"])
      .where("p.store_id", "=", store.id)
      .orderBy("o.index").orderBy("o.created_at").orderBy("v.index").orderBy("v.created_at").execute(),
    inventoryItemsWithCommitted(db, store.id),
    db.selectFrom("inventory_item as i").innerJoin("form_field_option as fo", "fo.id", "i.form_field_option_id")
      .innerJoin("form_field as f", "f.id", "fo.form_field_id").innerJoin("form", "form.id", "fo.form_id")
      .select(["i.id as item_id", "form.id as form_id", "form.title as form_title", "fo.id as option_id", "f.name as field_name", "fo.value"])
      .where("i.store_id", "=", store.id).where("i.product_option_value_id", "is not", null).execute(),
  ]);
  const itemOf = new Map(items.flatMap((i) => (i.product_option_value_id ? [[i.product_option_value_id, i] as const] : [])));
  const linkOf = new Map(links.map((l) => [l.item_id, l]));
  const out: Product[] = productRows.map((p) => ({ id: p.id, name: p.name, description: p.description, price: p.price, options: [], state: null }));
  const byId = new Map(out.map((p) => [p.id, p]));
  for (const row of valueRows) {
    const product = byId.get(row.product_id);
    const item = itemOf.get(row.id);
    if (!product || !item) continue;
    let option = product.options.find((o) => o.id === row.option_id);
    if (!option) product.options.push((option = { id: row.option_id, name: row.option_name, values: [] }));
    const link = linkOf.get(item.id);
    const value: ProductValue = {
      id: row.id, value: row.value, price: row.price, unit_price: unitPrice(product, row), sku: item.sku, item_id: item.id,
      available: item.available, on_hand: item.on_hand, committed: item.committed, state: stockState(item.available),
      form_option: link ? { form_id: link.form_id, form_title: link.form_title, option_id: link.option_id, field_name: link.field_name, value: link.value } : null,
    };
    option.values.push(value);
  }
  for (const product of out) product.state = productStockState(product.options.flatMap((o) => o.values.map((v) => v.available)));
  return { store: { id: store.id, project_id: store.project_id, name: store.name, currency: store.currency }, products: out };
}
