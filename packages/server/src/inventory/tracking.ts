/**
 * Turning inventory tracking on for a choice field (spec 2 §4 "Inventory tracking cannot be
 * turned off once on", §8, §9): every option gets an inventory item in the form's store
 * (sku = the first 8 characters of the option id), a level of 10 available and 10 on hand,
 * and an 'initialize' commit of +10. A field is tracked when one of its options has an item;
 * options added later while it is (options-sync.ts) get the same.
 */
import { capabilityOf, FieldworkError, INVENTORY_INITIAL, isFieldType, skuOf } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { fieldOfForm } from "../forms/editor/revision";
import { changeForm } from "./form-lock";

/** Whether any option of the field has an inventory item. */
export async function isFieldTracked(trx: Kysely<DB>, fieldId: string): Promise<boolean> {
  const row = await trx.selectFrom("inventory_item").innerJoin("form_field_option as o", "o.id", "inventory_item.form_field_option_id")
    .select("inventory_item.id").where("o.form_field_id", "=", fieldId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether tracking was turned on for the field: one of its options has an item of its own
 * (not a product value it sells). Only then do options added later get items: an option
 * sells a product only when the owner links it (product-links.ts).
 */
export async function hasOwnItems(trx: Kysely<DB>, fieldId: string): Promise<boolean> {
  const row = await trx.selectFrom("inventory_item").innerJoin("form_field_option as o", "o.id", "inventory_item.form_field_option_id")
    .select("inventory_item.id").where("o.form_field_id", "=", fieldId).where("inventory_item.product_option_value_id", "is", null)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Gives every option of the field without an item one, with its level and 'initialize' commit. */
export async function trackUntrackedOptions(trx: Kysely<DB>, formId: string, fieldId: string, storeId: string): Promise<number> {
  const options = await trx.selectFrom("form_field_option as o")
    .leftJoin("inventory_item as i", "i.form_field_option_id", "o.id")
    .select("o.id").where("o.form_field_id", "=", fieldId).where("i.id", "is", null).execute();
  for (const { id } of options) {
    // The 8-character SKU is shown; should two options of one store share it, the whole id keeps it unique.
    const item = await trx.insertInto("inventory_item").values({ store_id: storeId, sku: skuOf(id), form_field_option_id: id })
      .onConflict((oc) => oc.columns(["store_id", "sku"]).doNothing()).returning("id").executeTakeFirst()
      ?? await trx.insertInto("inventory_item").values({ store_id: storeId, sku: id, form_field_option_id: id }).returning("id").executeTakeFirstOrThrow();
    const level = await trx.insertInto("inventory_level")
      .values({ inventory_item_id: item.id, available: INVENTORY_INITIAL.available, on_hand: INVENTORY_INITIAL.on_hand })
      .returning("id").executeTakeFirstOrThrow();
    await trx.insertInto("inventory_level_commit")
      .values({ inventory_level_id: level.id, diff: INVENTORY_INITIAL.available, reason: "initialize", form_id: formId }).execute();
  }
  return options.length;
}

/** `PUT /forms/{form_id}/fields/{field_id}/inventory`: on tracks every option; off is refused once on. */
export async function setFieldTracking(db: Kysely<DB>, formId: string, fieldId: string, tracked: boolean) {
  return changeForm(db, formId, { bump: tracked }, async (trx, form) => {
    const field = await fieldOfForm(trx, formId, fieldId);
    const on = await isFieldTracked(trx, field.id);
    if (!tracked) {
      if (on) throw new FieldworkError("INVENTORY_TRACKING_LOCKED");
      return { tracked: false, revision: form.revision };
    }
    if (!isFieldType(field.type) || !capabilityOf(field.type).options) throw new FieldworkError("INVENTORY_NOT_SUPPORTED");
    if (!form.store_id) throw new FieldworkError("STORE_NOT_CONNECTED");
    const added = await trackUntrackedOptions(trx, form.id, field.id, form.store_id);
    if (!on && added === 0) throw new FieldworkError("INVENTORY_NOT_SUPPORTED", "Add options to the field before tracking inventory.");
    return { tracked: true, revision: form.revision + 1 };
  });
}
