/**
 * The live row feed's triggers (docs/ARCHITECTURE.md "Live rows"): every managed table
 * notifies `ROW_CHANGE_CHANNEL` once per statement that wrote rows, whatever wrote them (a
 * submit, the Data API, SQL by hand), with the number of rows in its transition table:
 *
 * ```sql
 * create trigger fieldwork_rows_insert after insert on form_data."people_3f2a9c1d"
 *   referencing new table as fw_rows for each statement execute function public.fieldwork_row_feed();
 * ```
 *
 * Statement level, so an insert of 1,000 rows is one notification. Postgres takes transition
 * tables on triggers of one event only, hence one trigger per event. The function itself is
 * made by migration 0007.
 */
import { sql } from "kysely";
import { managedTable, type Executor } from "./managed-names";

/** The function migration 0007 creates; the triggers below call it. */
export const ROW_FEED_FUNCTION = "fieldwork_row_feed";

const TRIGGERS = [
  { name: "fieldwork_rows_insert", event: "insert", transition: "new" },
  { name: "fieldwork_rows_update", event: "update", transition: "new" },
  { name: "fieldwork_rows_delete", event: "delete", transition: "old" },
] as const;

/** Installs (or replaces) the three row-feed triggers of one managed table. */
export async function installRowFeedTriggers(trx: Executor, tableName: string): Promise<void> {
  const table = managedTable(tableName);
  for (const trigger of TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(trigger.name)} on ${table}`.execute(trx);
    await sql`
      create trigger ${sql.id(trigger.name)} after ${sql.raw(trigger.event)} on ${table}
      referencing ${sql.raw(trigger.transition)} table as fw_rows
      for each statement execute function ${sql.id("public", ROW_FEED_FUNCTION)}()`.execute(trx);
  }
}
