/**
 * The public side of a reference field: its meta (spec 1 §3.6), a lookup of rows by typed
 * text, and the check on submit that a stored key names a row. A lookup reads through the
 * query engine (bound SQL, statement timeout) and returns only the columns the owner chose
 * (the referenced column and the shown ones), matching the searched ones case-insensitively.
 */
import {
  containsPattern, exposedColumns, FieldworkError, referenceKeyFits, referenceKeyTypeOf, referenceOf, REFERENCE_LIMITS, type Condition, type FormField, type ReadQuery,
  type ReferenceLookupQuery, type SearchMetaAnswer,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { isUuid, loadFormRecord } from "../forms/form-record";
import { readPage } from "../query/read";
import type { QueryGuard } from "../query/query-guard";
import type { CountOptions } from "../query/count";
import { referenceTarget, targetProblem, type ReferenceTarget } from "./reference-target";
import type { ExternalConnections } from "../external/connection-service";
import { connectionErrorOf } from "../external/connection-errors";

/** Runs `read` on the database that holds the target's rows: ours, or the connected one (its failures scrubbed). */
async function onTargetDb<T>(db: Kysely<DB>, target: ReferenceTarget, external: ExternalConnections | undefined, read: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!target.connection) return read(db);
  if (!external) throw new FieldworkError("FIELD_NOT_FOUND");
  const opened = external.open(target.connection);
  try {
    return await read(opened.db);
  } catch (error) {
    if (error instanceof FieldworkError && !error.code.startsWith("CONNECTION")) throw error;
    throw new FieldworkError(connectionErrorOf(error, opened.secrets).code);
  }
}

type SearchMeta = SearchMetaAnswer["data"];

/** The reference field of a session's form, with its target (404 FIELD_NOT_FOUND when there is none). */
export async function sessionReference(db: Kysely<DB>, sessionId: string, fieldId: string): Promise<{ field: FormField; target: ReferenceTarget }> {
  if (!isUuid(sessionId)) throw new FieldworkError("SESSION_NOT_FOUND");
  if (!isUuid(fieldId)) throw new FieldworkError("FIELD_NOT_FOUND");
  const session = await db.selectFrom("response_session").select("form_id").where("id", "=", sessionId).executeTakeFirst();
  if (!session) throw new FieldworkError("SESSION_NOT_FOUND");
  // Always the current revision (the form row is read, the definition cached by revision): a
  // column the owner just stopped showing must not stay exposed through a stale cache.
  const record = await loadFormRecord(db, session.form_id);
  const field = record?.fields.find((f) => f.id === fieldId);
  const target = field ? await fieldTarget(db, record!.form.project_id, field) : null;
  if (!field || !target) throw new FieldworkError("FIELD_NOT_FOUND");
  return { field, target };
}

async function fieldTarget(db: Kysely<DB>, projectId: string, field: FormField): Promise<ReferenceTarget | null> {
  if (field.type !== "search") return null;
  const config = referenceOf(field.reference);
  if (!config) return null;
  const target = await referenceTarget(db, projectId, config);
  // A column dropped since the field was saved: the lookup is off rather than half right.
  return target && targetProblem(target) === null ? target : null;
}

export function searchMeta(target: ReferenceTarget): SearchMeta {
  return {
    provider: "fieldwork", referenced_table: target.table_name, referenced_column: target.config.column,
    supabase_project_id: null, schema_name: target.schema_name, columns: exposedColumns(target.config),
  };
}

/** One page of rows matching `query.q` in the searched columns, with only the exposed columns. */
export async function lookupRows(
  db: Kysely<DB>, target: ReferenceTarget, query: ReferenceLookupQuery, options: { counting: CountOptions; guard?: QueryGuard; external?: ExternalConnections },
): Promise<string> {
  const { config, catalog } = target;
  const pattern = containsPattern(query.q);
  const where: Condition[] = pattern === null ? [] : [{
    kind: "group", op: "or", negate: false,
    children: config.searched.map((column) => ({ kind: "filter" as const, op: "ilike" as const, column, value: pattern, negate: false })),
  }];
  const read: ReadQuery = {
    select: exposedColumns(config).map((column) => ({ column })),
    where,
    order: [{ column: config.searched[0]!, direction: "asc" }, { column: config.column, direction: "asc" }],
    limit: Math.min(query.limit, REFERENCE_LIMITS.page_size),
    offset: query.page * query.limit,
  };
  const page = await onTargetDb(db, target, options.external,
    (reader) => readPage(reader, catalog, read, { maxRows: REFERENCE_LIMITS.page_size, counting: options.counting, guard: options.guard }));
  return page.body;
}

/** On submit (values keyed by field id): the keys given for reference fields name rows of their tables (400 INVALID_FIELD_VALUE otherwise). */
export async function assertReferencedKeys(
  db: Kysely<DB>, projectId: string, fields: readonly FormField[], values: ReadonlyMap<string, unknown>, external?: ExternalConnections,
): Promise<void> {
  for (const field of fields) {
    const value = values.get(field.id);
    if (value === null || value === undefined || value === "") continue;
    // The answer column is typed like the key: a value it cannot hold is refused before any cast.
    const keyType = field.type === "search" ? referenceKeyTypeOf(field.reference) : null;
    if (keyType && !referenceKeyFits(keyType, String(value))) {
      throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name}: not a key of the referenced table.`, [field.name]);
    }
    const target = await fieldTarget(db, projectId, field);
    if (!target) continue;
    const key = String(value);
    const read: ReadQuery = {
      select: [{ column: target.config.column }],
      where: [{ kind: "filter", op: "eq", column: target.config.column, value: key, negate: false }],
      order: [], limit: 1,
    };
    // A key that does not fit the column's type (text for an integer key) names no row: refused, not a 500.
    const found = await onTargetDb(db, target, external, (reader) => readPage(reader, target.catalog, read, { maxRows: 1, counting: { upTo: 0, timeoutMs: 0 } as CountOptions })
      .then((page) => page.rows > 0, (error: unknown) => {
        if (target.connection && !(error instanceof FieldworkError)) throw error;
        return false;
      }));
    if (!found) throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name}: no row of the referenced table has this key.`, [field.name]);
  }
}
