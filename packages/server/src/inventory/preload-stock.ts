/**
 * The stock marks of the public form's preload (spec 2 §4 "Preload error redirects"): each
 * tracked option carries `stock` (core's `optionStockOf`: the count only when few are left)
 * and comes back disabled when sold out; `soldOutFields` (core) decides FORM_SOLD_OUT. The
 * levels are read on every load (one query, only for forms with tracked options); the
 * cached definition is never changed.
 */
import { optionStockOf, shownFieldIds, soldOutFields, type FormBlock, type FormField } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { FormRecord } from "../forms/form-record";

export async function fieldsWithStock(db: Kysely<DB>, record: Pick<FormRecord, "fields" | "tracked_option_ids">): Promise<FormField[]> {
  if (record.tracked_option_ids.size === 0) return record.fields;
  const rows = await db.selectFrom("inventory_item as i").innerJoin("inventory_level as l", "l.inventory_item_id", "i.id")
    .select(["i.form_field_option_id as option_id", "l.available"])
    .where("i.form_field_option_id", "in", [...record.tracked_option_ids]).execute();
  const available = new Map(rows.map((r) => [r.option_id, r.available]));
  return record.fields.map((field) => {
    if (!field.options.some((o) => available.has(o.id))) return field;
    return {
      ...field,
      options: field.options.map((option) => {
        const left = available.get(option.id);
        return left === undefined ? option : { ...option, disabled: option.disabled || left <= 0, stock: optionStockOf(left) };
      }),
    };
  });
}

/** The fields (names) that leave the form sold out at load, by core's rule on the shown fields. */
export function soldOutAtLoad(fields: readonly FormField[], blocks: readonly FormBlock[]): string[] {
  return soldOutFields(fields, shownFieldIds(blocks));
}
