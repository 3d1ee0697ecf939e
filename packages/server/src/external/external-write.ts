/**
 * Writes to a connected table (Data API POST/PATCH/DELETE, grid cell edits, a form's answers):
 * each in one transaction on the connection's pool, every value bound as text and cast by the
 * connected database to its column's type (introspect.ts checked the type's spelling), the
 * table and column names quoted by `sql.id`. A read-only table, or an operation its role may
 * not do, is refused with READ_ONLY_TABLE and the reason before anything is sent.
 */
import { FieldworkError, LIMITS, READ_ONLY_REASONS, type Condition, type ReadQuery } from "@fieldwork/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "../query/catalog";
import { arrayLiteral, resolveColumn, selectSql, whereSql } from "../query/sql-builder";
import type { RowInput } from "../query/write-values";
import type { WriteResult } from "../query/write";
import type { SnapshotTable } from "./introspect";

type Sql = RawBuilder<unknown>;
export type WriteOp = "insert" | "update" | "delete";

export function requireWritable(table: SnapshotTable, op: WriteOp): void {
  if (table.read_only_reason) throw new FieldworkError("READ_ONLY_TABLE", READ_ONLY_REASONS[table.read_only_reason]);
  if (!table.privileges[op]) {
    throw new FieldworkError("READ_ONLY_TABLE", `The connection's role has no ${op.toUpperCase()} privilege on this table.`);
  }
}

/** One JSON value as SQL cast to the column's type; a JSON column takes any JSON. */
function valueSql(value: unknown, sqlType: string, format: string): Sql {
  const type = sql.raw(sqlType);
  if (value === null) return sql`null::${type}`;
  if (format === "json" || format === "jsonb") return sql`${JSON.stringify(value)}::text::${type}`;
  if (Array.isArray(value) && format.endsWith("[]")) {
    if (value.some((v) => v !== null && typeof v === "object")) throw new FieldworkError("INVALID_FIELD_VALUE", "An array column takes a list of strings, numbers or booleans.");
    return sql`${arrayLiteral(value.map(String))}::text::${type}`;
  }
  if (typeof value === "object") throw new FieldworkError("INVALID_FIELD_VALUE", "This column takes a string, a number, a boolean or null.");
  const text = String(value);
  if (text.length > LIMITS.html_length) throw new FieldworkError("INVALID_FIELD_VALUE", `A value has at most ${LIMITS.html_length} characters.`);
  return sql`${text}::text::${type}`;
}

export function externalRowSet(catalog: TableCatalog, row: RowInput): Map<string, Sql> {
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    throw new FieldworkError("MALFORMED_REQUEST", "Each row is a JSON object of column names and values.");
  }
  const set = new Map<string, Sql>();
  for (const [key, value] of Object.entries(row)) {
    const column = resolveColumn(catalog, key);
    if (!column.writable) throw new FieldworkError("COLUMN_READ_ONLY", `The column ${JSON.stringify(column.name)} is generated and cannot be set.`, [column.name]);
    if (value === undefined) continue;
    set.set(column.name, valueSql(value, column.sql_type, column.format));
  }
  return set;
}

async function run(db: Kysely<DB>, catalog: TableCatalog, statement: Sql, returning: ReadQuery["select"] | null): Promise<WriteResult> {
  const representation = returning === null
    ? sql`null::text`
    : sql`(select coalesce(json_agg(__fw_p), '[]')::text from (select ${selectSql(catalog, returning)} from __fw_w as t) __fw_p)`;
  const { rows } = await sql<{ body: string | null; n: string | number }>`
    with __fw_w as (${statement}) select ${representation} as body, (select count(*) from __fw_w) as n`.execute(db);
  return { body: rows[0]?.body ?? null, count: Number(rows[0]?.n ?? 0) };
}

export async function insertExternal(db: Kysely<DB>, table: SnapshotTable, catalog: TableCatalog, input: RowInput[], returning: ReadQuery["select"] | null): Promise<WriteResult> {
  requireWritable(table, "insert");
  if (input.length === 0) return { count: 0, body: returning === null ? null : "[]" };
  if (input.length > LIMITS.rest_write_rows) throw new FieldworkError("PAYLOAD_TOO_LARGE", `A write carries at most ${LIMITS.rest_write_rows} rows.`);
  const sets = input.map((row) => externalRowSet(catalog, row));
  return db.transaction().execute(async (trx) => {
    let total: WriteResult = { count: 0, body: returning === null ? null : "[]" };
    const bodies: string[] = [];
    // One statement per distinct column set keeps each insert plain (defaults where not given).
    for (const set of sets) {
      const statement = set.size === 0
        ? sql`insert into ${catalog.from} default values returning *`
        : sql`insert into ${catalog.from} (${sql.join([...set.keys()].map((c) => sql.id(c)))}) values (${sql.join([...set.values()])}) returning *`;
      const result = await run(trx, catalog, statement, returning);
      total = { count: total.count + result.count, body: null };
      if (result.body) bodies.push(result.body.slice(1, -1));
    }
    return { count: total.count, body: returning === null ? null : `[${bodies.filter(Boolean).join(",")}]` };
  });
}

export async function updateExternal(
  db: Kysely<DB>, table: SnapshotTable, catalog: TableCatalog, where: Condition[], patch: RowInput, returning: ReadQuery["select"] | null,
): Promise<WriteResult> {
  requireWritable(table, "update");
  if (where.length === 0) throw new FieldworkError("FILTER_REQUIRED");
  const set = externalRowSet(catalog, patch);
  if (set.size === 0) throw new FieldworkError("MALFORMED_REQUEST", "An update sets at least one column.");
  const assignments = [...set.entries()].map(([column, value]) => sql`${sql.id(column)} = ${value}`);
  const statement = sql`update ${catalog.from} as t set ${sql.join(assignments)} where ${whereSql(catalog, where)} returning t.*`;
  return db.transaction().execute((trx) => run(trx, catalog, statement, returning));
}

export async function deleteExternal(
  db: Kysely<DB>, table: SnapshotTable, catalog: TableCatalog, where: Condition[], returning: ReadQuery["select"] | null,
): Promise<WriteResult> {
  requireWritable(table, "delete");
  if (where.length === 0) throw new FieldworkError("FILTER_REQUIRED");
  const statement = sql`delete from ${catalog.from} as t where ${whereSql(catalog, where)} returning t.*`;
  return db.transaction().execute((trx) => run(trx, catalog, statement, returning));
}
