/**
 * Every editor write runs through `writeForm`: one transaction that locks the form row,
 * refuses a write made against another revision (409 REVISION_CONFLICT with the current
 * one), applies the change and bumps the revision, so two tabs never overwrite each other
 * silently and the public form's cached definition is dropped at once.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema";
import { noteRowsWritten } from "../../tables/search-filler";
import { bumpRevision, isUuid } from "../form-record";

export interface LockedForm { id: string; project_id: string; table_name: string; revision: number }

export async function writeForm<T extends object>(
  db: Kysely<DB>, formId: string, revision: number, change: (trx: Transaction<DB>, form: LockedForm) => Promise<T>,
): Promise<T & { revision: number }> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  let tableName = "";
  const written = await db.transaction().execute(async (trx) => {
    const form = await trx.selectFrom("form").select(["id", "project_id", "table_name", "revision"])
      .where("id", "=", formId).forUpdate().executeTakeFirst();
    if (!form) throw new FieldworkError("FORM_NOT_FOUND");
    if (form.revision !== revision) {
      throw new FieldworkError("REVISION_CONFLICT", undefined, undefined, { current_revision: form.revision });
    }
    tableName = form.table_name;
    const result = await change(trx, form);
    await bumpRevision(trx, form.id);
    return { ...result, revision: form.revision + 1 };
  });
  // A field added, deleted or retyped may have emptied the search vector (tables/search-vector.ts).
  noteRowsWritten(db, tableName);
  return written;
}

/** A field of this form (a field of another form is not found, like one that does not exist). */
export async function fieldOfForm(trx: Kysely<DB>, formId: string, fieldId: string) {
  const field = isUuid(fieldId)
    ? await trx.selectFrom("form_field").selectAll().where("id", "=", fieldId).where("form_id", "=", formId).executeTakeFirst()
    : undefined;
  if (!field) throw new FieldworkError("FIELD_NOT_FOUND");
  return field;
}
