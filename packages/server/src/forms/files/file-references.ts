/**
 * Owners' file references (spec 3 §3, core file-reference.ts) signed on the server: every
 * read of a file column by a member or an API key (the Data API, the storage pool) turns the
 * stored metadata into `{…metadata, src, srcset, download, upsert?}` with signed GET URLs
 * valid for FILE_REFERENCE_TTL_SECONDS. Also the one check that a path belongs to a form's
 * field: it must be stored in that field's column of one of the form's rows.
 */
import {
  capabilityOf, FieldworkError, FILE_REFERENCE_TTL_SECONDS, fileReferenceOf, filesOfAnswer, fileUpsertPath, isSafeStorageKey,
  type FileReference, type FormField,
} from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { guarded, type QueryGuard } from "../../query/query-guard";
import { managedTable } from "../../tables/managed-names";
import type { FormRecord } from "../form-record";
import type { SignUrl } from "./upload-urls";

export const fileFieldsOf = (record: FormRecord): FormField[] => record.fields.filter((f) => capabilityOf(f.type).file);

/** The references of a stored answer (one object or a list), always as a list. */
export function referencesOf(sign: SignUrl, formId: string, field: FormField, value: unknown, options: { upsert: boolean }): FileReference[] {
  const signedGet = (key: string) => sign({ key, op: "get", expiresInSeconds: FILE_REFERENCE_TTL_SECONDS });
  return filesOfAnswer(value).filter((f) => isSafeStorageKey(f.path)).map((meta) =>
    fileReferenceOf(meta, signedGet, options.upsert ? { upsert: fileUpsertPath(formId, field.id, meta.path) } : {}));
}

/** A stored cell as owners read it: a list for a list, one reference (or null) for one object. */
function cellOf(sign: SignUrl, formId: string, field: FormField, value: unknown, upsert: boolean): unknown {
  if (value === null || value === undefined) return value;
  const refs = referencesOf(sign, formId, field, value, { upsert });
  return Array.isArray(value) ? refs : (refs[0] ?? value);
}

/**
 * A Data API page (a JSON array text) with its file columns as references; the text as it is
 * when the form has no file field or the select named none.
 */
export function withFileReferences(body: string, record: FormRecord, sign: SignUrl, upsert: boolean): string {
  const fields = fileFieldsOf(record);
  if (fields.length === 0 || !fields.some((f) => body.includes(`"${f.name}"`))) return body;
  const rows = JSON.parse(body) as Record<string, unknown>[];
  for (const row of rows) {
    for (const field of fields) {
      if (field.name in row) row[field.name] = cellOf(sign, record.form.id, field, row[field.name], upsert);
    }
  }
  return JSON.stringify(rows);
}

/**
 * The row of `record` whose `field` stores `path` (and, with `rowId`, that row), or
 * STORAGE_OBJECT_NOT_FOUND: no member reads or replaces a file by a path their form's
 * answers do not hold.
 */
export async function rowHoldingPath(
  db: Kysely<DB>, guard: QueryGuard | undefined, record: FormRecord, field: FormField, path: string, rowId?: string,
): Promise<{ id: string; value: unknown }> {
  if (!isSafeStorageKey(path)) throw new FieldworkError("STORAGE_KEY_INVALID");
  const one = JSON.stringify({ path });
  const list = JSON.stringify([{ path }]);
  const column = sql.ref(`t.${field.name}`);
  const found = await guarded(db, guard, (g) => sql<{ id: string; value: unknown }>`
    select t.id::text as id, ${column} as value from ${managedTable(record.form.table_name)} t
    where (${column} @> ${one}::jsonb or ${column} @> ${list}::jsonb)
      ${rowId === undefined ? sql`` : sql`and t.id::text = ${rowId}`}
    limit 1`.execute(g));
  const row = found.rows[0];
  if (!row) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
  return row;
}
