/**
 * Inventory's writes to a form run in one transaction that locks the form row first, like
 * the editor's revisioned writes (forms/editor/revision.ts), so they queue behind an option
 * save or a submit of the same form. A change to which options are tracked bumps the
 * revision: cached definitions (`tracked_option_ids`) are dropped on every instance, and
 * the workbench's next write is re-sent against the new revision (nothing it holds moved).
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema";
import { bumpRevision, isUuid } from "../forms/form-record";

export interface InventoryForm { id: string; project_id: string; store_id: string | null; revision: number }

export async function changeForm<T>(
  db: Kysely<DB>, formId: string, options: { bump: boolean }, change: (trx: Transaction<DB>, form: InventoryForm) => Promise<T>,
): Promise<T> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  return db.transaction().execute(async (trx) => {
    const form = await trx.selectFrom("form").select(["id", "project_id", "store_id", "revision"])
      .where("id", "=", formId).forUpdate().executeTakeFirst();
    if (!form) throw new FieldworkError("FORM_NOT_FOUND");
    const result = await change(trx, form);
    if (options.bump) await bumpRevision(trx, form.id);
    return result;
  });
}
