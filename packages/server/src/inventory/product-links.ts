/**
 * A form option that sells a product option value (issue 23 "products link to form
 * options"): the value's inventory item names the option (`form_field_option_id`), so the
 * public form's stock marks, FORM_SOLD_OUT and the submit's 'order' commits read the value's
 * level as they read a tracked option's own item, and the payment reads its price
 * (`optionPrices`, option-prices.ts). One option sells at most one value and a value is sold by at most one
 * option (`409 PRODUCT_VALUE_LINKED`). The product's store must be the form's
 * (`409 STORE_NOT_CONNECTED`); another project's value is `404 PRODUCT_NOT_FOUND`. A link
 * changes which options are tracked, so it moves the form's revision (form-lock.ts). An
 * option's own item (from tracking the field) is set aside when it starts selling a value:
 * the item and its history stay in the store.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";
import { changeForm, type InventoryForm } from "./form-lock";

async function optionOfForm(trx: Transaction<DB>, form: InventoryForm, optionId: string) {
  const option = isUuid(optionId)
    ? await trx.selectFrom("form_field_option").select(["id", "form_field_id"]).where("id", "=", optionId).where("form_id", "=", form.id).executeTakeFirst()
    : undefined;
  if (!option) throw new FieldworkError("NOT_FOUND", "This form has no such option.");
  return option;
}

/** `PUT /forms/{form_id}/options/{option_id}/product`. */
export async function linkOptionProduct(db: Kysely<DB>, formId: string, optionId: string, valueId: string) {
  return changeForm(db, formId, { bump: true }, async (trx, form) => {
    const option = await optionOfForm(trx, form, optionId);
    const item = await trx.selectFrom("inventory_item as i").innerJoin("store as s", "s.id", "i.store_id")
      .select(["i.id", "i.store_id", "i.form_field_option_id", "i.sku"])
      .where("i.product_option_value_id", "=", valueId).where("s.project_id", "=", form.project_id).forUpdate("i").executeTakeFirst();
    if (!item) throw new FieldworkError("PRODUCT_NOT_FOUND");
    if (item.store_id !== form.store_id) throw new FieldworkError("STORE_NOT_CONNECTED", "Link this product's store to the form first.");
    if (item.form_field_option_id !== null && item.form_field_option_id !== option.id) throw new FieldworkError("PRODUCT_VALUE_LINKED");
    if (item.form_field_option_id === null) {
      await trx.updateTable("inventory_item").set({ form_field_option_id: null }).where("form_field_option_id", "=", option.id).execute();
      await trx.updateTable("inventory_item").set({ form_field_option_id: option.id }).where("id", "=", item.id).execute();
    }
    return { option_id: option.id, product_option_value_id: valueId, sku: item.sku, revision: form.revision + 1 };
  });
}

/** `DELETE /forms/{form_id}/options/{option_id}/product`: the option no longer sells the value (its stock stays in the store). */
export async function unlinkOptionProduct(db: Kysely<DB>, formId: string, optionId: string) {
  return changeForm(db, formId, { bump: true }, async (trx, form) => {
    const option = await optionOfForm(trx, form, optionId);
    const item = await trx.selectFrom("inventory_item").select(["id", "product_option_value_id"])
      .where("form_field_option_id", "=", option.id).forUpdate().executeTakeFirst();
    if (!item || item.product_option_value_id === null) throw new FieldworkError("INVENTORY_ITEM_NOT_FOUND", "This option sells no product.");
    await trx.updateTable("inventory_item").set({ form_field_option_id: null }).where("id", "=", item.id).execute();
    return { option_id: option.id, product_option_value_id: null, revision: form.revision + 1 };
  });
}
