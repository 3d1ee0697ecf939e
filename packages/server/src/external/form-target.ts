/**
 * A form that writes its answers into a connected table (issue 24 item 4; spec 2 §7
 * `PUT /private/editor/forms/{form_id}/connect/with-x-sb-table`). Connecting checks the
 * mapping (core's mappingProblems) against the table as last introspected; a submit, once its
 * answers passed the same checks and limits as on the form's own table and its row is kept
 * there, inserts the mapped answers into the connected table in one transaction. When that
 * insert fails the form's own row is removed again and the visitor is told why, so a response
 * lands in both places or in neither (a crash between the two commits could still leave the
 * form's own row alone: docs/databases.md).
 */
import { defaultMapping, FieldworkError, mappingProblems, type ColumnValue, type ConnectTableBody } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { requireFormRole, type Caller } from "../auth/access";
import type { DB } from "../db/schema";
import { loadFormRecord } from "../forms/form-record";
import { managedTable } from "../tables/managed-names";
import { connectionErrorOf } from "./connection-errors";
import type { ExternalConnections } from "./connection-service";
import { externalCatalog, snapshotTable } from "./external-catalog";
import { externalRowSet, requireWritable } from "./external-write";

export interface FormTargetView { connection_id: string; schema: string; table: string; mapping: Record<string, string> }

export async function connectFormTable(db: Kysely<DB>, external: ExternalConnections, caller: Caller, formId: string, body: ConnectTableBody): Promise<FormTargetView> {
  const form = await requireFormRole(db, caller, formId, "editor");
  const row = await external.require(caller, body.connection_id, "editor");
  if (row.project_id !== form.project_id) throw new FieldworkError("CONNECTION_NOT_FOUND");
  const opened = external.open(row);
  const table = snapshotTable(opened.snapshot, body.schema, body.table);
  requireWritable(table, "insert");
  const record = await loadFormRecord(db, formId);
  if (!record) throw new FieldworkError("FORM_NOT_FOUND");
  if (record.fields.some((f) => f.type === "payment")) throw new FieldworkError("FORM_TARGET_PAID");
  const mapping = body.mapping ?? defaultMapping(record.fields, table);
  const problems = mappingProblems(record.fields, table, mapping);
  if (problems.length) throw new FieldworkError("FORM_MAPPING_INVALID", problems.join(" "));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("x_form_target")
      .values({ form_id: formId, connection_id: row.id, schema_name: table.schema, table_name: table.name, mapping: JSON.stringify(mapping) })
      .onConflict((oc) => oc.column("form_id").doUpdateSet({ connection_id: row.id, schema_name: table.schema, table_name: table.name, mapping: JSON.stringify(mapping) }))
      .execute();
    await bumpRevision(trx, formId);
    // Read again under the form row's lock (taken by the revision's update): a payment field
    // added meanwhile (its write locks the same row) is seen here, or sees this target.
    const paid = await trx.selectFrom("form_field").select("id").where("form_id", "=", formId).where("type", "=", "payment").executeTakeFirst();
    if (paid) throw new FieldworkError("FORM_TARGET_PAID");
  });
  return { connection_id: row.id, schema: table.schema, table: table.name, mapping };
}

/**
 * A form that writes into a connected table takes no payment field (FORM_TARGET_PAID): the
 * connected database's insert runs after the row and its payment committed, so its refusal
 * would leave a completed payment without its answer. Connecting refuses a paid form; this
 * refuses a payment field on a connected form (field create, update), in the write's transaction.
 */
export async function assertNoPaidTarget(trx: Kysely<DB>, formId: string, fields: readonly { type: string }[]): Promise<void> {
  if (!fields.some((f) => f.type === "payment")) return;
  const target = await trx.selectFrom("x_form_target").select("form_id").where("form_id", "=", formId).executeTakeFirst();
  if (target) {
    throw new FieldworkError("FORM_TARGET_PAID",
      "This form writes its answers into a connected table, so it cannot take payments: disconnect it first (Connect › Database).");
  }
}

export async function disconnectFormTable(db: Kysely<DB>, caller: Caller, formId: string): Promise<void> {
  await requireFormRole(db, caller, formId, "editor");
  await db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom("x_form_target").where("form_id", "=", formId).executeTakeFirst();
    if (numDeletedRows > 0n) await bumpRevision(trx, formId);
  });
}

/**
 * Connecting or disconnecting changes where answers go: the form's revision moves, so every
 * instance's cached form (and the target cached with it below) is read again by the next submit.
 */
async function bumpRevision(trx: Kysely<DB>, formId: string): Promise<void> {
  await trx.updateTable("form").set((eb) => ({ revision: eb("revision", "+", 1) })).where("id", "=", formId).execute();
}

type TargetRow = Awaited<ReturnType<typeof targetOf>>;
const targets = new WeakMap<Kysely<DB>, Map<string, { revision: number; target: TargetRow }>>();
const MAX_CACHED = 1000;

function targetOf(db: Kysely<DB>, formId: string) {
  return db.selectFrom("x_form_target").innerJoin("x_connection", "x_connection.id", "x_form_target.connection_id")
    .selectAll("x_connection").select(["x_form_target.schema_name", "x_form_target.table_name", "x_form_target.mapping"])
    .where("x_form_target.form_id", "=", formId).executeTakeFirst();
}

/** The form's target at this revision: read once per revision, so a submit of an unconnected form costs no query. */
async function cachedTarget(db: Kysely<DB>, form: { id: string; revision: number }): Promise<TargetRow> {
  let cache = targets.get(db);
  if (!cache) targets.set(db, (cache = new Map()));
  const hit = cache.get(form.id);
  if (hit && hit.revision === form.revision) return hit.target;
  const target = await targetOf(db, form.id);
  cache.delete(form.id);
  cache.set(form.id, { revision: form.revision, target });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return target;
}

export async function formTarget(db: Kysely<DB>, caller: Caller, formId: string): Promise<FormTargetView | null> {
  await requireFormRole(db, caller, formId, "viewer");
  const target = await db.selectFrom("x_form_target").selectAll().where("form_id", "=", formId).executeTakeFirst();
  return target ? { connection_id: target.connection_id, schema: target.schema_name, table: target.table_name, mapping: target.mapping as Record<string, string> } : null;
}

/**
 * After a submit kept its row: the mapped answers (by field id) into the connected table, or,
 * when that fails, the row removed again and the failure thrown. No target: nothing to do.
 */
export async function writeToFormTarget(
  db: Kysely<DB>, external: ExternalConnections, form: { id: string; table_name: string; revision: number }, rowId: string, values: ReadonlyMap<string, ColumnValue>,
): Promise<void> {
  const target = await cachedTarget(db, form);
  if (!target) return;
  const opened = external.open({ ...target, schema_names: target.schema_names, snapshot: target.snapshot } as Parameters<ExternalConnections["open"]>[0]);
  try {
    const table = snapshotTable(opened.snapshot, target.schema_name, target.table_name);
    requireWritable(table, "insert");
    const catalog = externalCatalog(table);
    const row = Object.fromEntries(Object.entries(target.mapping as Record<string, string>)
      .filter(([fieldId]) => values.has(fieldId) && values.get(fieldId) !== null)
      .map(([fieldId, column]) => [column, values.get(fieldId)]));
    const set = externalRowSet(catalog, row);
    const statement = set.size === 0
      ? sql`insert into ${catalog.from} default values`
      : sql`insert into ${catalog.from} (${sql.join([...set.keys()].map((c) => sql.id(c)))}) values (${sql.join([...set.values()])})`;
    await opened.db.transaction().execute((trx) => statement.execute(trx));
  } catch (error) {
    await sql`delete from ${managedTable(form.table_name)} where id = ${rowId}::uuid`.execute(db).catch(() => undefined);
    // The visitor learns the kind of failure, not the owner's database's own words (table names…).
    throw new FieldworkError(connectionErrorOf(error, opened.secrets).code);
  }
}
