import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable } from "../tables/managed-table";
import { isUuid } from "./form-record";

export type ResponseRow = Record<string, unknown>;

/** The most rows one page may hold. */
export const RESPONSES_PAGE_MAX = 10_000;

/** The page size of a listing by default, and the most the private API hands out at once. */
export const RESPONSES_PAGE = 1000;

/**
 * One page of a form's managed table in `local_index` order: the rows after `after` (a
 * `local_index`, 0 for the start), at most `limit`. A page shorter than `limit` is the last.
 */
export async function listResponses(db: Kysely<DB>, formId: string, page: { after?: number; limit?: number } = {}): Promise<ResponseRow[]> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  const form = await db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirst();
  if (!form) throw new FieldworkError("FORM_NOT_FOUND");
  const after = Math.max(0, Math.trunc(page.after ?? 0));
  const limit = Math.min(RESPONSES_PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? RESPONSES_PAGE)));
  const { rows } = await sql<ResponseRow>`
    select * from ${managedTable(form.table_name)} where local_index > ${after} order by local_index limit ${limit}`.execute(db);
  return rows;
}

/** Every row, page by page (nothing is cut off at a page size). */
export async function* allResponses(db: Kysely<DB>, formId: string, limit = RESPONSES_PAGE): AsyncGenerator<ResponseRow> {
  let after = 0;
  for (;;) {
    const rows = await listResponses(db, formId, { after, limit });
    yield* rows;
    if (rows.length < limit) return;
    after = Number(rows.at(-1)!.local_index);
  }
}
