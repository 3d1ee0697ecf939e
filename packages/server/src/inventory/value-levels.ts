/**
 * Adjusting a product option value's stock from the products page (spec 3 §5 "Inventory
 * adjust"): the same rule as a form option's level (core's `adjustLevel`: set available or
 * on hand, or move both by a diff; never below 0), one 'adjust' commit of the change in
 * available. A form option selling the value reads the same level.
 */
import { adjustLevel, FieldworkError, stockState, type InventoryAdjust, type StockState } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";
import type { StoreRow } from "./store-access";

export interface ValueLevel { value_id: string; sku: string; available: number; on_hand: number; committed: number; state: StockState }

/** `PATCH /stores/{store_id}/values/{value_id}/inventory`. */
export async function adjustValueLevel(db: Kysely<DB>, store: StoreRow, valueId: string, change: z.output<typeof InventoryAdjust>): Promise<ValueLevel> {
  if (!isUuid(valueId)) throw new FieldworkError("PRODUCT_NOT_FOUND");
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("inventory_item as i").innerJoin("inventory_level as l", "l.inventory_item_id", "i.id")
      .select(["i.sku", "i.form_field_option_id", "l.id as level_id", "l.available", "l.on_hand", "l.committed", "l.unavailable", "l.incoming"])
      .where("i.product_option_value_id", "=", valueId).where("i.store_id", "=", store.id).forUpdate("l").executeTakeFirst();
    if (!row) throw new FieldworkError("PRODUCT_NOT_FOUND");
    const result = adjustLevel(row, change);
    if (!result.ok) throw new FieldworkError("INVALID_INVENTORY_LEVEL", result.problem);
    const { available, on_hand } = result.level;
    if (result.diff !== 0) {
      await trx.updateTable("inventory_level").set({ available, on_hand, updated_at: sql<Date>`now()` }).where("id", "=", row.level_id).execute();
      const form = row.form_field_option_id
        ? await trx.selectFrom("form_field_option").select("form_id").where("id", "=", row.form_field_option_id).executeTakeFirst()
        : undefined;
      await trx.insertInto("inventory_level_commit")
        .values({ inventory_level_id: row.level_id, diff: result.diff, reason: "adjust", form_id: form?.form_id ?? null }).execute();
    }
    return { value_id: valueId, sku: row.sku, available, on_hand, committed: row.committed, state: stockState(available) };
  });
}
