/**
 * What a Data API write sets, checked like a submission: each key is a writable column, and
 * a form field's value passes the same rules from `core` as a posted answer (type, length,
 * pattern, range, options, required). JSON values come in typed; they are read through the
 * answer parser as the strings a form would post.
 */
import {
  capabilityOf, fieldFailure, FieldworkError, isStorableText, parseFieldValue, structuredProblem, toRawValues, zonedToUtcWallTime,
  type ColumnValue, type FormField, type ParseResult,
} from "@fieldwork/core";
import { COUNTRY_CODES } from "@fieldwork/core/countries";
import { sql, type RawBuilder } from "kysely";
import type { TableCatalog } from "./catalog";
import { arrayLiteral, resolveColumn } from "./sql-builder";
import { cleanAnswer } from "../forms/answer-html";

export type RowInput = Record<string, unknown>;

/** A column's new value as SQL: a bound text cast to the column's type. */
export type ColumnSet = Map<string, RawBuilder<unknown>>;

function fail(result: Extract<ParseResult, { ok: false }>): never {
  throw new FieldworkError(result.code, `${result.field} ${result.reason}.`, [result.field]);
}

/** One field's JSON value as its column value, or a catalogue error naming the field. */
export function fieldValue(field: FormField, value: unknown): ColumnValue {
  const cap = capabilityOf(field.type);
  const shape = () => new FieldworkError("INVALID_FIELD_VALUE", `${field.name} takes ${cap.value === "json" || cap.file ? "any JSON value" : "a string, a number, a boolean, null or a list"}.`, [field.name]);
  if (cap.value === "json" || cap.file) {
    if (value === null || value === undefined) {
      if (field.required && cap.requirable) fail(fieldFailure(field, { kind: "required" }));
      return null;
    }
    const text = JSON.stringify(value);
    if (text.length > cap.max_length) throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name} is longer than ${cap.max_length} characters.`, [field.name]);
    if (!isStorableText(text)) throw new FieldworkError("INVALID_TEXT", undefined, [field.name]);
    // A canvas answer is a sketch document whatever path writes it (answer-formats.ts).
    if (field.type === "canvas" && structuredProblem(field.type, text)) fail(fieldFailure(field, { kind: "not_type" }));
    return text;
  }
  // An API client sends an instant with its zone; the form posts local time with an offset.
  const local = cap.value === "datetime" && typeof value === "string" ? zonedToUtcWallTime(value) : undefined;
  if (local !== undefined) {
    if (local === null) throw new FieldworkError("INVALID_FIELD_VALUE", `${field.name} is not a valid date and time.`, [field.name]);
    const result = parseFieldValue(field, [local], { utc_offset: 0 });
    if (!result.ok) fail(result);
    return result.value;
  }
  // A latlng value comes as {"lat", "lng"}: read as the JSON text the map picker posts.
  const raw = cap.value === "latlng" && typeof value === "object" && value !== null && !Array.isArray(value) ? [JSON.stringify(value)] : toRawValues(value);
  if (raw === undefined) throw shape();
  const result = cleanAnswer(field, parseFieldValue(field, raw, { countries: COUNTRY_CODES }));
  if (!result.ok) fail(result);
  return result.value;
}

function toSql(value: ColumnValue, sqlType: string): RawBuilder<unknown> {
  const type = sql.raw(sqlType);
  if (value === null) return sql`null::${type}`;
  if (Array.isArray(value)) return sql`${arrayLiteral(value.map(String))}::${type}`;
  return sql`${String(value)}::${type}`;
}

/**
 * The columns one row sets. `insert`: every field of the form (an absent one is empty, and
 * a required one refuses the row); `patch`: only the keys given.
 */
export function rowSet(catalog: TableCatalog, fields: readonly FormField[], row: RowInput, mode: "insert" | "patch"): ColumnSet {
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    throw new FieldworkError("MALFORMED_REQUEST", "Each row is a JSON object of column names and values.");
  }
  const set: ColumnSet = new Map();
  for (const key of Object.keys(row)) {
    const column = resolveColumn(catalog, key);
    if (!column.writable) throw new FieldworkError("COLUMN_READ_ONLY", `The column ${JSON.stringify(column.name)} is written by Fieldwork and cannot be set.`, [column.name]);
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const column of catalog.columns) {
    if (!column.writable) continue;
    const given = Object.hasOwn(row, column.name);
    const field = byName.get(column.name);
    if (!field) {
      // `id`: any uuid the caller chooses, or a new one.
      if (given && row[column.name] !== null) {
        if (typeof row[column.name] !== "string") throw new FieldworkError("INVALID_FIELD_VALUE", `${column.name} is a uuid string.`, [column.name]);
        set.set(column.name, toSql(row[column.name] as string, column.sql_type));
      }
      continue;
    }
    if (!given && mode === "patch") continue;
    set.set(column.name, toSql(fieldValue(field, given ? row[column.name] : undefined), column.sql_type));
  }
  return set;
}
