/**
 * Data API writes to a form's table: insert (with upsert by primary key), update and delete,
 * each one statement or one transaction. New rows take their `local_index` from the form's
 * counter (`last_local_index`), as a submission does, so indexes stay unique and never reused;
 * `response_count` follows the rows (+n here, -n by the delete trigger).
 */
import { capabilityOf, FieldworkError, LIMITS, type Condition, type ReadQuery } from "@fieldwork/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import { fileKeysOfRows } from "../forms/files/storage-deletes";
import type { FormRecord } from "../forms/form-record";
import type { ApiTable } from "./tables";
import { mappingQueryErrors } from "./pg-errors";
import { arrayLiteral, selectSql, whereSql } from "./sql-builder";
import { rowSet, type ColumnSet, type RowInput } from "./write-values";

export interface WriteResult {
  /** Rows written (inserted, updated or deleted). */
  count: number;
  /** The written rows as a JSON array text, when asked for (`return=representation`). */
  body: string | null;
}

export interface WriteOptions {
  /** `select=` of the representation; `null` for none (`return=minimal`). */
  returning: ReadQuery["select"] | null;
}

type Sql = RawBuilder<unknown>;

function writableForm(table: ApiTable) {
  if (table.catalog.read_only || !table.record) throw new FieldworkError("READ_ONLY_TABLE");
  return table.record;
}

/**
 * `with __fw_w as (<statement returning *>) select json of it, count of it`. Every alias a
 * statement adds beside the table's own columns starts with `__fw_`, which no field name may
 * (core/field-name.ts): a field named `p` or `n` would otherwise be read in its place.
 */
export async function run(db: Kysely<DB>, table: ApiTable, statement: Sql, options: WriteOptions, after: Sql = sql``): Promise<WriteResult> {
  const representation = options.returning === null
    ? sql`null::text`
    : sql`(select coalesce(json_agg(__fw_p), '[]')::text from (select ${selectSql(table.catalog, options.returning)} from __fw_w as t) __fw_p)`;
  const { rows } = await sql<{ body: string | null; n: string | number }>`
    with __fw_w as (${statement}) ${after} select ${representation} as body, (select count(*) from __fw_w) as n`.execute(db);
  return { body: rows[0]?.body ?? null, count: Number(rows[0]?.n ?? 0) };
}

export type Resolution = "merge-duplicates" | "ignore-duplicates" | null;

/**
 * Inserts `rows` (each checked like a submission). With a resolution, a row whose `id`
 * exists is merged (only the keys it gives) or left alone; the others are inserted.
 */
export async function insertRows(
  db: Kysely<DB>, table: ApiTable, input: RowInput[], resolution: Resolution, options: WriteOptions,
): Promise<WriteResult> {
  const record = writableForm(table);
  const { catalog } = table;
  if (input.length === 0) return { count: 0, body: options.returning === null ? null : "[]" };
  if (input.length > LIMITS.rest_write_rows) throw new FieldworkError("PAYLOAD_TOO_LARGE", `A write carries at most ${LIMITS.rest_write_rows} rows.`);
  for (const row of input) {
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      throw new FieldworkError("MALFORMED_REQUEST", "Each row is a JSON object of column names and values.");
    }
  }

  return mappingQueryErrors(() => db.transaction().execute(async (trx) => {
    // Which rows exist decides how each is checked: an existing row is merged (only its
    // keys), a new one inserted (every field). All are checked before anything is written.
    const ids = resolution ? input.map((row) => row.id).filter((id): id is string => typeof id === "string") : [];
    const { rows: existing } = ids.length
      ? await sql<{ id: string }>`select id::text from ${catalog.from} as t where id::text = any(${arrayLiteral(ids.map((id) => id.toLowerCase()))}::text[]) for update`.execute(trx)
      : { rows: [] };
    const found = new Set(existing.map((r) => r.id));
    const isExisting = (row: RowInput) => typeof row.id === "string" && found.has(row.id.toLowerCase());
    const inserts = input.filter((row) => !isExisting(row)).map((row) => rowSet(catalog, record.fields, row, "insert"));
    const merges = input.filter(isExisting).map((row) => ({ id: row.id as string, set: rowSet(catalog, record.fields, row, "patch") }));
    const merged: string[] = [];
    if (resolution === "merge-duplicates") {
      for (const { id, set } of merges) {
        set.delete("id");
        if (set.size) await updateById(trx, table, id, set);
        merged.push(id);
      }
    }
    const inserted = inserts.length ? await insertNew(trx, table, inserts) : [];
    // The answer lists the rows in the order they were sent, as PostgREST does.
    const fresh = inserted.values();
    const kept = new Set(merged);
    const order = arrayLiteral(input.flatMap((row) => (isExisting(row)
      ? (kept.has(row.id as string) ? [row.id as string] : [])
      : [fresh.next().value as string])));
    const statement = sql`select * from ${catalog.from} as t where id = any(${order}::uuid[]) order by array_position(${order}::uuid[], t.id)`;
    return run(trx, table, statement, options);
  }), "INVALID_FIELD_VALUE");
}

async function insertNew(trx: Kysely<DB>, table: ApiTable, sets: ColumnSet[]): Promise<string[]> {
  const record = table.record!;
  const columns = [...new Set(sets.flatMap((set) => [...set.keys()]))];
  const values = sets.map((set, n) => sql`(${n + 1}::int, ${sql.join(columns.map((c) => {
    const value = set.get(c);
    if (value) return value;
    return c === "id" ? sql`gen_random_uuid()` : sql`null`;
  }))})`);
  const { rows } = await sql<{ id: string }>`
    with __fw_counter as (
      update form set response_count = response_count + ${sets.length}::int, last_local_index = last_local_index + ${sets.length}::int
      where id = ${record.form.id} returning last_local_index
    )
    insert into ${table.catalog.from} (local_index, ${sql.join(columns.map((c) => sql.id(c)))})
    select __fw_counter.last_local_index - ${sets.length}::int + __fw_v.__fw_n, ${sql.join(columns.map((c) => sql.id("__fw_v", c)))}
    from __fw_counter, (values ${sql.join(values)}) as __fw_v(__fw_n, ${sql.join(columns.map((c) => sql.id(c)))})
    order by __fw_v.__fw_n
    returning id::text`.execute(trx);
  return rows.map((r) => r.id);
}

async function updateById(trx: Kysely<DB>, table: ApiTable, id: string, set: ColumnSet): Promise<void> {
  const assignments = [...set.entries()].map(([column, value]) => sql`${sql.id(column)} = ${value}`);
  await sql`update ${table.catalog.from} set ${sql.join(assignments)} where id = ${id}::uuid`.execute(trx);
}

function requireFilters(where: readonly Condition[]) {
  if (where.length === 0) throw new FieldworkError("FILTER_REQUIRED");
}

/** Sets the given keys (checked like answers) on every row the filters match. */
export async function updateRows(
  db: Kysely<DB>, table: ApiTable, where: Condition[], patch: RowInput, options: WriteOptions,
): Promise<WriteResult> {
  const record = writableForm(table);
  requireFilters(where);
  const set = rowSet(table.catalog, record.fields, patch, "patch");
  if (set.size === 0) throw new FieldworkError("MALFORMED_REQUEST", "An update sets at least one column.");
  const assignments = [...set.entries()].map(([column, value]) => sql`${sql.id(column)} = ${value}`);
  const statement = sql`update ${table.catalog.from} as t set ${sql.join(assignments)} where ${whereSql(table.catalog, where)} returning t.*`;
  return mappingQueryErrors(() => run(db, table, statement, options), "INVALID_FIELD_VALUE");
}

/**
 * Deletes the rows the filters match. The form's row is locked first, as a submit does, so the
 * delete trigger's lowering of `response_count` (tables/response-count-trigger.ts) queues with
 * submits in one order and the total limit stays exact.
 */
export async function deleteRows(db: Kysely<DB>, table: ApiTable, where: Condition[], options: WriteOptions): Promise<WriteResult> {
  const record = writableForm(table);
  requireFilters(where);
  const statement = sql`delete from ${table.catalog.from} as t where ${whereSql(table.catalog, where)} returning t.*`;
  // The caller may have opened the transaction already (a guarded request does, on PostgreSQL).
  const locked = async (trx: Kysely<DB>) => {
    await trx.selectFrom("form").select("id").where("id", "=", record.form.id).forUpdate().execute();
    return run(trx, table, statement, options, filesOfDeleted(record));
  };
  return mappingQueryErrors(() => db.isTransaction ? locked(db) : db.transaction().execute(locked));
}

/** The deleted rows' files, queued for removal in the delete's own statement (forms/files/storage-deletes.ts). */
function filesOfDeleted(record: FormRecord): Sql {
  const columns = record.fields.filter((f) => capabilityOf(f.type).file).map((f) => f.name);
  if (columns.length === 0) return sql``;
  return sql`, __fw_files as (insert into storage_delete (key, prefix) ${fileKeysOfRows(record.form.id, columns, sql`__fw_w`)} returning 1)`;
}
