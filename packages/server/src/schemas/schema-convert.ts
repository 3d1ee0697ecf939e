/**
 * A schema column's type change, with the form fields' refuse-or-convert rule: every value
 * goes through its text form and the real cast, so a conversion keeps every value or does
 * not happen. `unconvertibleKeys` names (by primary key) the rows whose value would not
 * convert (`fieldwork_castable_to`, migration 0026) and the change is refused naming them.
 *
 * - to `jsonb`: the value as JSON; to `text`: its text (a list joined with ", ").
 * - list to list: the list's text cast to the new list type ('{1,2}' → numeric[]).
 * - one value to a list: a list of the one value.
 * - a list to one value: its only element (a list of more than one does not convert).
 */
import type { AttributeColumnType } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { managedTable, type Executor } from "../tables/managed-names";

type Sql = RawBuilder<unknown>;

const COLUMN_TYPES = new Set<AttributeColumnType>([
  "text", "integer", "numeric", "boolean", "date", "time", "timestamptz", "uuid", "jsonb",
  "text[]", "integer[]", "numeric[]", "boolean[]", "date[]", "time[]", "timestamptz[]", "uuid[]",
]);

/** A column type from core's closed list, as SQL; anything else is a bug. */
export function typeSql(type: AttributeColumnType): RawBuilder<unknown> {
  if (!COLUMN_TYPES.has(type)) throw new Error(`not a schema column type: ${type}`);
  return sql.raw(type);
}

const isList = (t: AttributeColumnType) => t.endsWith("[]");
const baseOf = (t: AttributeColumnType) => t.replace("[]", "") as AttributeColumnType;

/** The text a value converts from: a list's text stays whole only when the target is a list too. */
function textOf(column: Sql, from: AttributeColumnType, to: AttributeColumnType): Sql {
  if (from === "jsonb") return sql`(${column} #>> '{}')`;
  if (isList(from) && !isList(to)) return sql`(${column})[1]::text`;
  return sql`(${column})::text`;
}

export function conversionOf(column: Sql, from: AttributeColumnType, to: AttributeColumnType): Sql {
  if (to === "jsonb") return sql`to_jsonb(${column})`;
  if (to === "text" && isList(from)) return sql`array_to_string(${column}, ', ')`;
  if (isList(to) && !isList(from)) {
    return sql`case when ${column} is null then null else array[${textOf(column, from, to)}::${typeSql(baseOf(to))}] end`;
  }
  return sql`${textOf(column, from, to)}::${typeSql(to)}`;
}

/** The primary key (as text) of at most `limit` rows whose value would not convert. */
export async function unconvertibleKeys(
  trx: Executor, tableName: string, key: string, name: string, from: AttributeColumnType, to: AttributeColumnType, limit = 20,
): Promise<string[]> {
  if (to === "jsonb" || to === "text") return [];
  const column = sql.id(name);
  const target = isList(to) && !isList(from) ? baseOf(to) : to;
  const castable = sql`fieldwork_castable_to(${textOf(column, from, to)}, ${target}::regtype)`;
  const failing = isList(from) && !isList(to)
    ? sql`cardinality(${column}) > 1 or (cardinality(${column}) = 1 and not ${castable})`
    : sql`not ${castable}`;
  const { rows } = await sql<{ key: string }>`
    select ${sql.id(key)}::text as key from ${managedTable(tableName)}
    where ${column} is not null and (${failing})
    order by ${sql.id(key)} limit ${limit}`.execute(trx);
  return rows.map((r) => r.key);
}
