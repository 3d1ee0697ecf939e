import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-table";
import { isUuid } from "./form-record";

export type ResponseRow = Record<string, unknown>;

/** Rows of a form's managed table in `local_index` order. */
export async function listResponses(db: Kysely<DB>, formId: string, limit = 10_000): Promise<ResponseRow[]> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  const form = await db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirst();
  if (!form) throw new FieldworkError("FORM_NOT_FOUND");
  const { rows } = await sql<ResponseRow>`
    select * from ${managedTable(form.table_name)} order by local_index limit ${limit}`.execute(db);
  return rows;
}
