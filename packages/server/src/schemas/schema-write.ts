/**
 * Data API writes to a schema table: insert (upsert on the primary key with a resolution),
 * update and delete, each in one transaction, with the same answers as a form table's
 * (query/write.ts). A value is checked by its attribute: the form-field types (email,
 * url, …) by the answer rules of core, the Postgres types by the cast itself (a value that
 * does not read is INVALID_FIELD_VALUE), JSON as compact text; not-null, unique, enum and
 * references by Postgres's constraints (400, 409 DUPLICATE_KEY, 409 FOREIGN_KEY_VIOLATION).
 */
import {
  FieldworkError, isFieldAttribute, isStorableText, LIMITS, attributeColumnType,
  type Attribute, type Condition, type FieldType, type FormField,
} from "@fieldwork/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import { mappingQueryErrors } from "../query/pg-errors";
import { arrayLiteral, resolveColumn, whereSql } from "../query/sql-builder";
import type { ApiTable } from "../query/tables";
import { run, type Resolution, type WriteOptions, type WriteResult } from "../query/write";
import { fieldValue, type RowInput } from "../query/write-values";
import { typeSql } from "./schema-convert";
import type { SchemaTableRow } from "./schema-service";

type Sql = RawBuilder<unknown>;
const JSON_MAX = 1_000_000;

export function fieldOf(attr: Attribute): FormField {
  return {
    id: attr.id, name: attr.name, label: null, type: attr.type as FieldType, placeholder: null, help_text: null, required: false,
    readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false,
    is_array: attr.is_array, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null,
    options_inventory: null, options: [], optgroups: [],
  };
}

const invalid = (attr: Attribute, message: string) => new FieldworkError("INVALID_FIELD_VALUE", `${attr.name} ${message}`, [attr.name]);

function scalarText(attr: Attribute, value: unknown): string {
  if (typeof value === "string") {
    if (!isStorableText(value)) throw new FieldworkError("INVALID_TEXT", undefined, [attr.name]);
    return value;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  throw invalid(attr, "takes a string, a number or a boolean.");
}

/** One attribute's JSON value as SQL: a bound text cast to the column type. */
export function attributeValueSql(attr: Attribute, value: unknown): Sql {
  const type = attributeColumnType(attr);
  if (value === null || value === undefined) return sql`null::${typeSql(type)}`;
  if (attr.type === "json") {
    const text = JSON.stringify(value);
    if (text.length > JSON_MAX) throw invalid(attr, `is longer than ${JSON_MAX} characters.`);
    if (!isStorableText(text)) throw new FieldworkError("INVALID_TEXT", undefined, [attr.name]);
    return sql`${text}::jsonb`;
  }
  if (isFieldAttribute(attr.type)) {
    const checked = fieldValue(fieldOf(attr), value);
    if (checked === null) return sql`null::${typeSql(type)}`;
    return Array.isArray(checked) ? sql`${arrayLiteral(checked.map(String))}::${typeSql(type)}` : sql`${String(checked)}::${typeSql(type)}`;
  }
  if (attr.is_array) {
    if (!Array.isArray(value)) throw invalid(attr, "is a list.");
    if (value.length > LIMITS.rest_write_rows) throw invalid(attr, `holds at most ${LIMITS.rest_write_rows} items.`);
    if (value.some((v) => v === null)) throw invalid(attr, "holds no nulls.");
    return sql`${arrayLiteral(value.map((v) => scalarText(attr, v)))}::${typeSql(type)}`;
  }
  return sql`${scalarText(attr, value)}::${typeSql(type)}`;
}

type ColumnSet = Map<string, Sql>;

function rowSet(table: ApiTable, attributes: readonly Attribute[], row: RowInput): ColumnSet {
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    throw new FieldworkError("MALFORMED_REQUEST", "Each row is a JSON object of column names and values.");
  }
  const set: ColumnSet = new Map();
  for (const [key, value] of Object.entries(row)) {
    const column = resolveColumn(table.catalog, key);
    const attr = attributes.find((a) => a.name === column.name);
    if (!attr || !column.writable) throw new FieldworkError("COLUMN_READ_ONLY", undefined, [column.name]);
    set.set(column.name, attributeValueSql(attr, value));
  }
  return set;
}

function schemaOf(table: ApiTable): SchemaTableRow {
  if (table.catalog.read_only || !table.schemaTable) throw new FieldworkError("READ_ONLY_TABLE");
  return table.schemaTable;
}

const keyOf = (table: ApiTable) => {
  const [key] = table.catalog.key;
  if (!key) throw new FieldworkError("READ_ONLY_TABLE", "A table without a primary key is read only.");
  return key;
};

export async function insertSchemaRows(
  db: Kysely<DB>, table: ApiTable, input: RowInput[], resolution: Resolution, options: WriteOptions,
): Promise<WriteResult> {
  const { attributes } = schemaOf(table);
  const key = keyOf(table);
  if (input.length === 0) return { count: 0, body: options.returning === null ? null : "[]" };
  if (input.length > LIMITS.rest_write_rows) throw new FieldworkError("PAYLOAD_TOO_LARGE", `A write carries at most ${LIMITS.rest_write_rows} rows.`);
  const sets = input.map((row) => rowSet(table, attributes, row));
  const into = table.catalog.from;
  return mappingQueryErrors(() => db.transaction().execute(async (trx) => {
    const keys: string[] = [];
    // A resolution merges (only the keys a row gives) or skips each row whose key exists: a statement per row.
    const groups = resolution ? sets.map((s) => [s]) : [sets];
    for (const group of groups) {
      const columns = [...new Set(group.flatMap((s) => [...s.keys()]))];
      const values = group.map((s) => (columns.length ? sql`(${sql.join(columns.map((c) => s.get(c) ?? sql`default`))})` : sql`default values`));
      const head = columns.length ? sql`(${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(values)}` : sql`default values`;
      if (!columns.length && group.length > 1) {
        for (let n = 0; n < group.length; n++) keys.push(...(await insertDefault(trx, into, key)));
        continue;
      }
      const conflict = resolution === null ? sql``
        : resolution === "ignore-duplicates" || columns.filter((c) => c !== key).length === 0 ? sql` on conflict (${sql.id(key)}) do nothing`
          : sql` on conflict (${sql.id(key)}) do update set ${sql.join(columns.filter((c) => c !== key).map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`))}`;
      const { rows } = await sql<{ k: string }>`insert into ${into} ${head}${conflict} returning ${sql.id(key)}::text as k`.execute(trx);
      keys.push(...rows.map((r) => r.k));
    }
    const order = arrayLiteral(keys);
    const statement = sql`select * from ${into} as t where ${sql.id(key)}::text = any(${order}::text[]) order by array_position(${order}::text[], t.${sql.id(key)}::text)`;
    return run(trx, table, statement, options);
  }), "INVALID_FIELD_VALUE");
}

async function insertDefault(trx: Kysely<DB>, into: Sql, key: string): Promise<string[]> {
  const { rows } = await sql<{ k: string }>`insert into ${into} default values returning ${sql.id(key)}::text as k`.execute(trx);
  return rows.map((r) => r.k);
}

function requireFilters(where: readonly Condition[]) {
  if (where.length === 0) throw new FieldworkError("FILTER_REQUIRED");
}

export async function updateSchemaRows(db: Kysely<DB>, table: ApiTable, where: Condition[], patch: RowInput, options: WriteOptions): Promise<WriteResult> {
  const { attributes } = schemaOf(table);
  requireFilters(where);
  const set = rowSet(table, attributes, patch);
  if (set.size === 0) throw new FieldworkError("MALFORMED_REQUEST", "An update sets at least one column.");
  const assignments = [...set.entries()].map(([column, value]) => sql`${sql.id(column)} = ${value}`);
  const statement = sql`update ${table.catalog.from} as t set ${sql.join(assignments)} where ${whereSql(table.catalog, where)} returning t.*`;
  return mappingQueryErrors(() => run(db, table, statement, options), "INVALID_FIELD_VALUE");
}

export async function deleteSchemaRows(db: Kysely<DB>, table: ApiTable, where: Condition[], options: WriteOptions): Promise<WriteResult> {
  schemaOf(table);
  requireFilters(where);
  const statement = sql`delete from ${table.catalog.from} as t where ${whereSql(table.catalog, where)} returning t.*`;
  return mappingQueryErrors(() => run(db, table, statement, options));
}
