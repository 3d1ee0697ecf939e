/**
 * Saving a whole field from the editor (`FieldUpdate`): the row, a renamed column, a
 * converted column when the column type changes (refused, changing nothing, when some
 * answers would not convert), and options replaced keeping their ids.
 */
import { assertFieldReferences } from "../../references/reference-target";
import { assertNoPaidTarget } from "../../external/form-target";
import { capabilityOf, columnTypeOf, FieldworkError, isFieldType, type FieldUpdate } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema";
import { renameColumn } from "../../tables/managed-table";
import { dropColumnIndexes, indexKindsFor } from "../../tables/table-indexes";
import { alterColumnType, unconvertibleRows } from "./column-convert";
import { assertFieldSavable, assertValueExpression, rethrowTaken } from "./field-checks";
import { renameInExpressions } from "./logic-rename";
import { isFieldTracked } from "../../inventory/tracking";
import { replaceOptions } from "./options-sync";
import { assertFieldBuckets } from "../../buckets/field-bucket";
import { fieldOfForm, writeForm } from "./revision";

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function updateEditorField(db: Kysely<DB>, formId: string, fieldId: string, body: z.output<typeof FieldUpdate>) {
  const next = body.field;
  assertFieldSavable(next);
  return writeForm(db, formId, body.revision, async (trx, form) => {
    const old = await fieldOfForm(trx, formId, fieldId);
    await assertValueExpression(trx, formId, next, old.name);
    await assertFieldBuckets(trx, form.project_id, [next]);
    await assertFieldReferences(trx, form.project_id, [next]);
    await assertNoPaidTarget(trx, formId, [next]);
    if (!capabilityOf(next.type).options && await isFieldTracked(trx, old.id)) {
      throw new FieldworkError("INVENTORY_TRACKING_LOCKED", "This field tracks inventory: it keeps a type with options.");
    }
    const from = isFieldType(old.type) ? columnTypeOf({ type: old.type, multiple: old.multiple, is_array: old.is_array, reference: old.reference }) : "text";
    const to = columnTypeOf(next);
    if (from !== to) {
      const rows = await unconvertibleRows(trx, form.table_name, old.name, from, to);
      if (rows.length) {
        throw new FieldworkError("FIELD_TYPE_CHANGE_REFUSED",
          `Some answers cannot be converted from ${from} to ${to}: rows ${rows.join(", ")}.`, [old.name], { rows });
      }
    }
    if (old.name !== next.name) {
      const taken = await trx.selectFrom("form_field").select("id").where("form_id", "=", formId).where("name", "=", next.name).executeTakeFirst();
      if (taken) throw new FieldworkError("FIELD_NAME_TAKEN");
    }
    await trx.updateTable("form_field").set({
      name: next.name, label: next.label, type: next.type, placeholder: next.placeholder, help_text: next.help_text,
      required: next.required, readonly: next.readonly, pattern: next.pattern, step: next.step,
      min: json(next.min), max: json(next.max), autocomplete: next.autocomplete, accept: next.accept,
      multiple: next.multiple, is_array: next.is_array, data: json(next.data), v_value: json(next.v_value),
      upload: json(next.upload), resolve: json(next.resolve), storage: json(next.storage),
      reference: json(next.reference), options_inventory: json(next.options_inventory),
    }).where("id", "=", old.id).execute().catch(rethrowTaken);
    await renameColumn(trx, form.table_name, old.name, next.name);
    if (old.name !== next.name) await renameInExpressions(trx, formId, old.name, next.name);
    if (from !== to) await alterColumnType(trx, form.table_name, next, from, to);
    else if (isFieldType(old.type) && indexKindsFor({ type: old.type, multiple: old.multiple, name: old.name }).join() !== indexKindsFor(next).join()) {
      // Same column type, other indexes: a short text became a long one, which a btree cannot
      // hold, or a choice. The next reads make the ones it may have (lazy-indexes.ts).
      await dropColumnIndexes(trx, form.table_name, next.name);
    }
    await replaceOptions(trx, formId, old.id, next);
    return {};
  });
}
