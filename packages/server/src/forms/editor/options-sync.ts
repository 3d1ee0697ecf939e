/**
 * Replacing a field's options and optgroups with the ones the editor saved, keeping the id
 * of each option whose value stays (and each optgroup whose label stays), so inventory and
 * stored answers keep referring to the same option. The first optgroup's index is -999.
 * On a field that tracks inventory, new options are tracked too (inventory/tracking.ts; not
 * on a field whose options only sell product values), and the field keeps at least one option.
 * A price sets the option's own price, null clears it, none keeps it; an option selling a
 * store product keeps its own price through the null the editor hands for it.
 */
import { DEFAULT_OPTGROUP_INDEX, FieldworkError, type FieldDefinition } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { hasOwnItems, isFieldTracked, trackUntrackedOptions } from "../../inventory/tracking";

export async function replaceOptions(trx: Kysely<DB>, formId: string, fieldId: string, field: FieldDefinition): Promise<void> {
  const tracked = await isFieldTracked(trx, fieldId);
  if (tracked && field.options.length === 0) {
    throw new FieldworkError("INVENTORY_TRACKING_LOCKED", "This field tracks inventory: it keeps at least one option.");
  }
  const oldGroups = await trx.selectFrom("optgroup").select(["id", "label"]).where("form_field_id", "=", fieldId).execute();
  const groupIds = new Map<string, string>();
  for (const [i, group] of field.optgroups.entries()) {
    const values = { label: group.label, disabled: group.disabled, index: i === 0 ? DEFAULT_OPTGROUP_INDEX : i };
    const kept = oldGroups.find((g) => g.label === group.label);
    if (kept) {
      await trx.updateTable("optgroup").set(values).where("id", "=", kept.id).execute();
      groupIds.set(group.label, kept.id);
    } else {
      const row = await trx.insertInto("optgroup").values({ ...values, form_id: formId, form_field_id: fieldId })
        .returning("id").executeTakeFirstOrThrow();
      groupIds.set(group.label, row.id);
    }
  }

  const oldOptions = await trx.selectFrom("form_field_option").select(["id", "value"]).where("form_field_id", "=", fieldId).execute();
  // Options that sell a store's product: the editor shows the store's price and hands null for
  // their own, which must not erase the own price they get back when unlinked.
  const selling = new Set((await trx.selectFrom("inventory_item").select("form_field_option_id")
    .where("form_field_option_id", "in", oldOptions.length ? oldOptions.map((o) => o.id) : ["00000000-0000-0000-0000-000000000000"])
    .where("product_option_value_id", "is not", null).execute()).map((i) => i.form_field_option_id));
  const values = new Set(field.options.map((o) => o.value));
  const gone = oldOptions.filter((o) => !values.has(o.value)).map((o) => o.id);
  if (gone.length) await trx.deleteFrom("form_field_option").where("id", "in", gone).execute();
  for (const [index, option] of field.options.entries()) {
    const row = {
      value: option.value, label: option.label, src: option.src, disabled: option.disabled, index,
      optgroup_id: option.group === null ? null : groupIds.get(option.group) ?? null,
    };
    const kept = oldOptions.find((o) => o.value === option.value);
    // A price sets it, null clears it (the owner emptied the input), none keeps it (an older client).
    const price = option.price === undefined || (option.price === null && kept && selling.has(kept.id)) ? {} : { price: option.price };
    Object.assign(row, price);
    if (kept) await trx.updateTable("form_field_option").set(row).where("id", "=", kept.id).execute();
    else await trx.insertInto("form_field_option").values({ ...row, form_id: formId, form_field_id: fieldId }).execute();
  }

  const keptGroups = new Set(groupIds.values());
  const goneGroups = oldGroups.filter((g) => !keptGroups.has(g.id)).map((g) => g.id);
  if (goneGroups.length) await trx.deleteFrom("optgroup").where("id", "in", goneGroups).execute();

  if (tracked && await hasOwnItems(trx, fieldId)) {
    const form = await trx.selectFrom("form").select("store_id").where("id", "=", formId).executeTakeFirstOrThrow();
    if (form.store_id) await trackUntrackedOptions(trx, formId, fieldId, form.store_id);
  }
}
