/**
 * `form.response_count` is the number of responses the form holds (issue 19 item 20): a
 * submit or a Data API insert adds its rows under the form's row lock, and this trigger takes
 * away the rows any delete removes (the grid, the Data API, SQL by hand), in the deleting
 * transaction, so the total limit counts the rows there are and a deleted response frees its
 * place. `form.last_local_index` numbers the rows and never goes back.
 *
 * ```sql
 * create trigger fieldwork_response_count after delete on form_data."people_3f2a9c1d"
 *   referencing old table as fw_gone for each statement execute function public.fieldwork_response_count();
 * ```
 *
 * The function is made by migration 0012.
 */
import { sql } from "kysely";
import { managedTable, type Executor } from "./managed-names";

export const RESPONSE_COUNT_FUNCTION = "fieldwork_response_count";
const TRIGGER = "fieldwork_response_count";

/** Installs (or replaces) the delete trigger of one managed table. */
export async function installResponseCountTrigger(trx: Executor, tableName: string): Promise<void> {
  const table = managedTable(tableName);
  await sql`drop trigger if exists ${sql.id(TRIGGER)} on ${table}`.execute(trx);
  await sql`
    create trigger ${sql.id(TRIGGER)} after delete on ${table}
    referencing old table as fw_gone
    for each statement execute function ${sql.id("public", RESPONSE_COUNT_FUNCTION)}()`.execute(trx);
}
