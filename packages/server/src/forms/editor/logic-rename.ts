/**
 * When a field is renamed, the expressions that name it (blocks' `v_hidden`, fields'
 * `v_value`) are rewritten in the same transaction, so logic keeps working (core renameReferences).
 */
import { renameReferences } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";

export async function renameInExpressions(trx: Kysely<DB>, formId: string, from: string, to: string): Promise<void> {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const blocks = await trx.selectFrom("form_block").select(["id", "v_hidden"]).where("form_id", "=", formId)
    .where(sql<boolean>`jsonb_typeof(v_hidden) = 'string'`).execute();
  for (const block of blocks) {
    const before = text(block.v_hidden);
    const after = before === null ? null : renameReferences(before, from, to);
    if (after !== null && after !== before) await trx.updateTable("form_block").set({ v_hidden: JSON.stringify(after) }).where("id", "=", block.id).execute();
  }
  const fields = await trx.selectFrom("form_field").select(["id", "v_value"]).where("form_id", "=", formId)
    .where(sql<boolean>`jsonb_typeof(v_value) = 'string'`).execute();
  for (const field of fields) {
    const before = text(field.v_value);
    const after = before === null ? null : renameReferences(before, from, to);
    if (after !== null && after !== before) await trx.updateTable("form_field").set({ v_value: JSON.stringify(after) }).where("id", "=", field.id).execute();
  }
}
