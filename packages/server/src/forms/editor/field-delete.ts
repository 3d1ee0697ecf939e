/**
 * Deleting a field drops its column and removes the blocks that show it, renumbering their
 * siblings, in one revisioned write. Spec 2 §4 says "Deleting a field unlinks its blocks";
 * removing them instead is a recorded deviation (docs/ARCHITECTURE.md "Deviations": a field
 * block always names a field). Before asking, the editor counts the answers that would be lost.
 */
import { capabilityOf, columnTypeOf, deleteBlock, isFieldType } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { queueColumnFiles } from "../files/storage-deletes";
import { dropColumn, managedTable } from "../../tables/managed-table";
import { loadBlockRefs, removeBlocks, unwrap, writePlaces } from "./block-store";
import { fieldOfForm, writeForm } from "./revision";

export async function deleteEditorField(db: Kysely<DB>, formId: string, fieldId: string, revision: number) {
  return writeForm(db, formId, revision, async (trx, form) => {
    const field = await fieldOfForm(trx, formId, fieldId);
    let blocks = await loadBlockRefs(trx, formId);
    for (const shown of blocks.filter((b) => b.form_field_id === field.id)) {
      const { removed, places } = unwrap(deleteBlock(blocks, shown.id));
      await removeBlocks(trx, formId, removed);
      await writePlaces(trx, formId, places);
      blocks = await loadBlockRefs(trx, formId);
    }
    await trx.deleteFrom("form_field").where("id", "=", field.id).execute();
    // Its files go with it (forms/files/storage-deletes.ts), queued in this transaction.
    if (isFieldType(field.type) && capabilityOf(field.type).file) await queueColumnFiles(trx, managedTable(form.table_name), field.name);
    await dropColumn(trx, form.table_name, field.name);
    return {};
  });
}

/** Rows whose column for this field holds a value (not null, not an empty list). */
export async function countAnswers(db: Kysely<DB>, formId: string, fieldId: string): Promise<{ answered: number }> {
  const field = await fieldOfForm(db, formId, fieldId);
  const form = await db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow();
  const column = sql.id(field.name);
  const isList = isFieldType(field.type) && columnTypeOf({ type: field.type, multiple: field.multiple, is_array: field.is_array }) === "text[]";
  const { rows } = await sql<{ answered: number | string }>`
    select count(*) as answered from ${managedTable(form.table_name)}
    where ${column} is not null ${isList ? sql`and cardinality(${column}) > 0` : sql``}`.execute(db);
  return { answered: Number(rows[0]?.answered ?? 0) };
}
