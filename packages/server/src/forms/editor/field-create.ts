/**
 * A new field from the editor: its row with options and optgroups, its column in the
 * form's table and the block that shows it (placed after the focused block), all in the
 * transaction of one revisioned write.
 */
import { assertFieldReferences } from "../../references/reference-target";
import { assertNoPaidTarget } from "../../external/form-target";
import { FieldworkError, LIMITS, type FieldCreate } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema";
import { addColumn } from "../../tables/managed-table";
import { insertField } from "../definition-import";
import { insertPlacedBlock } from "./block-create";
import { assertFieldSavable, assertValueExpression, rethrowColumnLimit, rethrowTaken } from "./field-checks";
import { writeForm } from "./revision";
import { assertFieldBuckets } from "../../buckets/field-bucket";

export async function createEditorField(db: Kysely<DB>, formId: string, body: z.output<typeof FieldCreate>) {
  assertFieldSavable(body.field);
  return writeForm(db, formId, body.revision, async (trx, form) => {
    const last = await trx.selectFrom("form_field")
      .select((eb) => [eb.fn.max("local_index").as("n"), eb.fn.countAll<number>().as("count")])
      .where("form_id", "=", formId).executeTakeFirst();
    if (Number(last?.count ?? 0) >= LIMITS.fields_per_form) throw new FieldworkError("TOO_MANY_FIELDS");
    const taken = await trx.selectFrom("form_field").select("id").where("form_id", "=", formId).where("name", "=", body.field.name).executeTakeFirst();
    if (taken) throw new FieldworkError("FIELD_NAME_TAKEN");
    await assertValueExpression(trx, formId, body.field, null);
    await assertFieldBuckets(trx, form.project_id, [body.field]);
    await assertFieldReferences(trx, form.project_id, [body.field]);
    await assertNoPaidTarget(trx, formId, [body.field]);
    const field_id = await insertField(trx, formId, body.field, Number(last?.n ?? -1) + 1).catch(rethrowTaken);
    const block_id = await insertPlacedBlock(trx, formId, "field", body.focus_block_id, { form_field_id: field_id });
    await addColumn(trx, form.table_name, body.field).catch(rethrowColumnLimit);
    return { field_id, block_id };
  });
}
