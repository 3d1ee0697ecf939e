/**
 * Field changes that reach the managed table: adding a field adds its column, renaming
 * renames it, deleting drops it, all in one transaction with the field row itself.
 */
import { assertFieldName, capabilityOf, FieldDefinition, FieldworkError, isFieldType, LIMITS, parseDefinitionPart } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { addColumn, dropColumn, managedTable, renameColumn } from "../tables/managed-table";
import { queueColumnFiles } from "./files/storage-deletes";
import { assertSavableField, insertField } from "./definition-import";
import { rethrowColumnLimit, rethrowTaken } from "./editor/field-checks";
import { bumpRevision, isUuid } from "./form-record";

async function lockForm(trx: Kysely<DB>, formId: string) {
  const form = await trx.selectFrom("form").select(["id", "table_name"]).where("id", "=", formId).forUpdate().executeTakeFirst();
  if (!form) throw new FieldworkError("FORM_NOT_FOUND");
  return form;
}

function parseField(input: unknown) {
  const field = parseDefinitionPart(FieldDefinition, input);
  assertSavableField(field);
  return field;
}

export async function createField(db: Kysely<DB>, formId: string, input: unknown): Promise<{ id: string }> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  const field = parseField(input);
  return db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, formId);
    const last = await trx.selectFrom("form_field")
      .select((eb) => [eb.fn.max("local_index").as("n"), eb.fn.countAll<number>().as("count")])
      .where("form_id", "=", formId).executeTakeFirst();
    if (Number(last?.count ?? 0) >= LIMITS.fields_per_form) throw new FieldworkError("TOO_MANY_FIELDS");
    const id = await insertField(trx, formId, field, Number(last?.n ?? -1) + 1).catch(rethrowTaken);
    await addColumn(trx, form.table_name, field).catch(rethrowColumnLimit);
    await bumpRevision(trx, formId);
    return { id };
  });
}

export async function renameField(db: Kysely<DB>, fieldId: string, name: string): Promise<void> {
  assertFieldName(name);
  if (!isUuid(fieldId)) throw new FieldworkError("FIELD_NOT_FOUND");
  await db.transaction().execute(async (trx) => {
    const field = await trx.selectFrom("form_field").select(["form_id", "name"]).where("id", "=", fieldId).executeTakeFirst();
    if (!field) throw new FieldworkError("FIELD_NOT_FOUND");
    const form = await lockForm(trx, field.form_id);
    await trx.updateTable("form_field").set({ name }).where("id", "=", fieldId).execute().catch(rethrowTaken);
    await renameColumn(trx, form.table_name, field.name, name);
    await bumpRevision(trx, form.id);
  });
}

/** Deletes a field and its column; its blocks are unlinked (spec 2 §4 "Deleting a field unlinks its blocks"). */
export async function deleteField(db: Kysely<DB>, fieldId: string): Promise<void> {
  if (!isUuid(fieldId)) throw new FieldworkError("FIELD_NOT_FOUND");
  await db.transaction().execute(async (trx) => {
    const field = await trx.selectFrom("form_field").select(["form_id", "name", "type"]).where("id", "=", fieldId).executeTakeFirst();
    if (!field) throw new FieldworkError("FIELD_NOT_FOUND");
    const form = await lockForm(trx, field.form_id);
    await trx.deleteFrom("form_field").where("id", "=", fieldId).execute();
    // Its files go with it (forms/files/storage-deletes.ts), queued in this transaction.
    if (isFieldType(field.type) && capabilityOf(field.type).file) await queueColumnFiles(trx, managedTable(form.table_name), field.name);
    await dropColumn(trx, form.table_name, field.name);
    await bumpRevision(trx, form.id);
  });
}
