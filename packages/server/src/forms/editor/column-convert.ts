/**
 * Converting a field's column when its type (or `multiple`) changes the column type
 * (`columnTypeOf`). Every value goes through its text form and the real cast, so a
 * conversion either keeps every answer or does not happen: `unconvertibleRows` names the
 * rows that would fail (`fieldwork_castable`, migration 0005) and the editor refuses.
 *
 * - to `text`: the text of the value (a list is joined with ", ").
 * - to `text[]`: a list of the one value.
 * - to `jsonb`: the value as JSON.
 * - to any other type: the text cast to it; a list converts when it holds at most one value.
 */
import type { ColumnType } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { managedTable, type ColumnField, type Executor } from "../../tables/managed-table";
import { dropColumnIndexes, releaseColumn, syncSearchVector } from "../../tables/table-indexes";

const ALWAYS = new Set<ColumnType>(["text", "text[]", "jsonb"]);

/** The value of `column` (of type `from`) as text; a list gives its only element. */
function textOf(column: RawBuilder<unknown>, from: ColumnType): RawBuilder<unknown> {
  if (from === "text") return column;
  if (from === "text[]") return sql`(${column})[1]`;
  if (from === "jsonb") return sql`(${column} #>> '{}')`;
  return sql`(${column})::text`;
}

/** The `using` expression turning `column` from one type into the other. */
export function conversion(column: RawBuilder<unknown>, from: ColumnType, to: ColumnType): RawBuilder<unknown> {
  if (to === "jsonb") return sql`to_jsonb(${column})`;
  if (to === "text" && from === "text[]") return sql`array_to_string(${column}, ', ')`;
  if (to === "text") return textOf(column, from);
  if (to === "text[]") return sql`case when ${column} is null then null else array[${textOf(column, from)}] end`;
  return sql`(${textOf(column, from)})::${sql.raw(to)}`;
}

/** `local_index` of (at most `limit` of) the rows whose value would not convert. */
export async function unconvertibleRows(
  trx: Executor, tableName: string, name: string, from: ColumnType, to: ColumnType, limit = 20,
): Promise<number[]> {
  if (ALWAYS.has(to)) return [];
  const column = sql.id(name);
  const failing = from === "text[]"
    ? sql`cardinality(${column}) > 1 or (cardinality(${column}) = 1 and not fieldwork_castable(${column}[1], ${to}))`
    : sql`not fieldwork_castable(${textOf(column, from)}, ${to})`;
  const { rows } = await sql<{ local_index: number }>`
    select local_index from ${managedTable(tableName)}
    where ${column} is not null and (${failing})
    order by local_index limit ${limit}`.execute(trx);
  return rows.map((r) => r.local_index);
}

/** Converts the column of `field` (already renamed); the next reads give it the indexes of its new type (lazy-indexes.ts). */
export async function alterColumnType(trx: Executor, tableName: string, field: ColumnField, from: ColumnType, to: ColumnType): Promise<void> {
  const column = sql.id(field.name);
  await releaseColumn(trx, tableName, field.name);
  await dropColumnIndexes(trx, tableName, field.name);
  await sql`alter table ${managedTable(tableName)} alter column ${column} type ${sql.raw(to)} using ${conversion(column, from, to)}`.execute(trx);
  await syncSearchVector(trx, tableName);
}
