/**
 * A form's responses, the rows of its managed table: a page at a time for the private API,
 * or all those a query selects as an export (the CLI's `responses list`).
 */
import { FieldworkError, type ReadQuery } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { writeExport, type ExportFormat } from "../query/export-format";
import { DEFAULT_PROFILE, resolveTable } from "../query/tables";
import { formTableCatalog } from "../query/form-catalog";
import { selectSql } from "../query/sql-builder";
import { isUuid, loadFormRecord } from "./form-record";

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
  const record = await loadFormRecord(db, formId);
  if (!record) throw new FieldworkError("FORM_NOT_FOUND");
  const catalog = await formTableCatalog(db, record);
  const after = Math.max(0, Math.trunc(page.after ?? 0));
  const limit = Math.min(RESPONSES_PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? RESPONSES_PAGE)));
  // The visible columns: the search vector is the engine's, not an answer.
  const { rows } = await sql<ResponseRow>`
    select ${selectSql(catalog, "*")} from ${catalog.from} as t where local_index > ${after} order by local_index limit ${limit}`.execute(db);
  return rows;
}

/**
 * Every row of a form's table that `query` (PostgREST syntax, parsed) selects, in its order
 * (by default `local_index`), as CSV or JSON lines handed to `write` a batch at a time: the
 * same text as a Data API export of the form's table.
 */
export async function exportResponses(
  db: Kysely<DB>, formId: string, query: ReadQuery, format: ExportFormat, write: (text: string) => Promise<boolean>,
): Promise<void> {
  if (!isUuid(formId)) throw new FieldworkError("FORM_NOT_FOUND");
  const form = await db.selectFrom("form").select(["project_id", "table_name"]).where("id", "=", formId).executeTakeFirst();
  if (!form) throw new FieldworkError("FORM_NOT_FOUND");
  const { catalog } = await resolveTable(db, form.project_id, DEFAULT_PROFILE, form.table_name);
  await writeExport(db, catalog, query, format, write);
}
