/**
 * The store's prices of a form's options that sell product values (product-links.ts links
 * them): what a payment charges for a chosen option. The form record reads them
 * (forms/form-record.ts), so the Pay button, Pay and the submit's guard price alike, and never
 * from the browser.
 */
import { unitPrice } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

export interface OptionPrice {
  option_id: string; product_option_value_id: string; sku: string; unit_price: number; currency: string;
  /** The product, its option and the value, by name (what a receipt names: core's ReceiptProduct). */
  product: { name: string; option: string; value: string; sku: string };
}

export async function optionPrices(db: Kysely<DB>, formId: string): Promise<Map<string, OptionPrice>> {
  const rows = await db.selectFrom("form_field_option as fo")
    .innerJoin("inventory_item as i", "i.form_field_option_id", "fo.id")
    .innerJoin("product_option_value as v", "v.id", "i.product_option_value_id")
    .innerJoin("product_option as o", "o.id", "v.product_option_id")
    .innerJoin("product as p", "p.id", "o.product_id")
    .innerJoin("store as s", "s.id", "p.store_id")
    .select(["fo.id as option_id", "v.id as value_id", "i.sku", "v.price as value_price", "p.price as product_price", "s.currency", "p.name as product_name", "o.name as option_name", "v.value as value_name"])
    .where("fo.form_id", "=", formId).execute();
  return new Map(rows.map((r) => [r.option_id, {
    option_id: r.option_id, product_option_value_id: r.value_id, sku: r.sku,
    unit_price: unitPrice({ price: r.product_price }, { price: r.value_price }), currency: r.currency,
    product: { name: r.product_name, option: r.option_name, value: r.value_name, sku: r.sku },
  }]));
}
