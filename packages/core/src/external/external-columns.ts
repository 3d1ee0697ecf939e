/**
 * The grid's columns of a connected database's table (issue 24 item 2): the same DataColumn a
 * form's or a schema table's grid takes, so an external table opens in the same workbench
 * (toolbar, filters, sort, search, record panel, export, live rows). Each column carries a
 * form field of the type that edits it, chosen from its Postgres type: an enum edits as a
 * choice, a boolean as a checkbox, a date as a date, JSON as JSON; a type we have no editor
 * for edits as text and the connected database casts it. Generated columns, the columns of a
 * read-only table and a key the database fills edit nowhere.
 */
import type { DataColumn } from "../data/table-columns";
import type { FieldType } from "../field-types";
import type { FormField } from "../form-model";
import { formatClassOf, isArrayFormat } from "../query/column-format";
import type { Condition } from "../query/ast";
import type { ExternalColumn, ExternalTable } from "./connection-api";

/** Field types that take a list (core field-types.ts ARRAY_TYPES). */
const LIST_TYPES = new Set<FieldType>(["text", "textarea", "number"]);
const INTEGER = /^(smallint|integer|bigint|int2|int4|int8)(\[\])?$/;

/** The field type that edits a column's values, from its Postgres format. */
export function externalEditorType(column: Pick<ExternalColumn, "format" | "type" | "enum">): FieldType {
  if (column.enum) return isArrayFormat(column.format) ? "checkboxes" : "select";
  const format = column.format.replace(/\[\]$/, "");
  switch (formatClassOf(format)) {
    case "numeric":
      return format === "money" ? "text" : "number";
    case "boolean":
      return "checkbox";
    case "json":
      return "json";
    case "date":
      if (format === "date") return "date";
      if (format.startsWith("timestamp")) return "datetime-local";
      if (format.startsWith("time")) return "time";
      return "text"; // interval
    case "text":
      return "textarea";
    default:
      return "text";
  }
}

/** The field that edits one column (its name as id: unique in the table). */
export function externalColumnField(column: ExternalColumn, table: Pick<ExternalTable, "name" | "schema">): FormField {
  const list = isArrayFormat(column.format) && !column.enum;
  const element = externalEditorType(column);
  // A list of a type without list inputs (dates, booleans) edits as a list of texts, cast by the database.
  const type: FieldType = list && !LIST_TYPES.has(element) ? "text" : element;
  const id = `x:${table.schema}.${table.name}.${column.name}`;
  return {
    id, name: column.name, label: column.name, type, placeholder: null, help_text: null,
    required: !column.nullable && column.default === null && !column.generated, readonly: false, pattern: null,
    step: INTEGER.test(column.format) ? 1 : null, min: null, max: null, autocomplete: null, accept: null,
    multiple: type === "checkboxes", is_array: list, data: null, v_value: null, upload: null, resolve: null,
    storage: null, reference: null, options_inventory: null,
    options: (column.enum ?? []).map((value, index) => ({ id: `${id}-${index}`, value, label: value, src: null, disabled: false, index, optgroup_id: null })),
    optgroups: [],
  };
}

/**
 * The primary key first (the first of a composite key is the grid's frozen handle), then
 * the other columns in the table's order. A generated column, and every column of a
 * read-only table, has no field: it shows, it never edits.
 */
export function externalTableColumns(table: ExternalTable): DataColumn[] {
  const keys = table.primary_key.flatMap((name) => table.columns.filter((c) => c.name === name));
  const rest = table.columns.filter((c) => !table.primary_key.includes(c.name));
  return [...keys, ...rest].map((column, index) => ({
    name: column.name, format: column.format, label: column.name, system: false,
    ...(index === 0 && keys.length > 0 ? { key: true } : {}),
    ...(table.read_only || column.generated ? {} : { field: externalColumnField(column, table) }),
  }));
}

/** The text that names a row of an external table: its key's values, JSON for a composite key. */
export function externalRowHandle(primaryKey: readonly string[], row: Record<string, unknown>): string {
  if (primaryKey.length === 1) return String(row[primaryKey[0]!] ?? "");
  return JSON.stringify(primaryKey.map((k) => row[k] ?? null));
}

const keyText = (value: unknown) => (value !== null && typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * The filter that picks exactly these rows by their key: `id=in.(1,2)` for a one-column key,
 * `or=(and(a.eq.1,b.eq.x),…)` for a composite one. Values go through the PostgREST writer
 * (serializeCondition quotes what needs it).
 */
export function keyConditions(primaryKey: readonly string[], rows: readonly Record<string, unknown>[]): Condition[] {
  if (primaryKey.length === 1) {
    const column = primaryKey[0]!;
    const values = rows.map((row) => keyText(row[column]));
    return [values.length === 1
      ? { kind: "filter", column, negate: false, op: "eq", value: values[0]! }
      : { kind: "filter", column, negate: false, op: "in", value: values }];
  }
  const matches: Condition[] = rows.map((row) => ({
    kind: "group", op: "and", negate: false,
    children: primaryKey.map((column) => ({ kind: "filter", column, negate: false, op: "eq", value: keyText(row[column]) })),
  }));
  return matches.length === 1 ? (matches[0] as { children: Condition[] }).children : [{ kind: "group", op: "or", negate: false, children: matches }];
}
