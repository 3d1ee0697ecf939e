/**
 * The columns data mode shows for each table (spec 3 §2): a form's table (system columns
 * around one column per field), and the read-only sessions and customers tables. The grid,
 * its filter menus and the server's `fieldwork` profile read these lists, so a column's
 * format is written once.
 */
import { columnTypeOf } from "../field-columns";
import type { FieldType } from "../field-types";
import type { FormField } from "../form-model";

export interface DataColumn {
  name: string;
  /** The Postgres format (`text`, `numeric[]`, `timestamp with time zone`): decides operators and editors. */
  format: string;
  /** The header: the field's label, or the column's name. */
  label: string;
  /** The field this column stores, for form tables. */
  field?: FormField;
  /** The primary key (frozen, shown as `#001`). */
  key?: boolean;
  /** Written by Fieldwork, never edited in the grid. */
  system: boolean;
}

type ColumnSpec = readonly [name: string, format: string];

const TIMESTAMP = "timestamp with time zone";

/** A form table's generated search column: a `simple` tsvector over its text columns (server tables/table-indexes.ts). */
export const SEARCH_COLUMN = "__fw_search";

/** A form table's system columns (server tables/managed-table.ts creates them). */
export const FORM_SYSTEM_COLUMNS: readonly ColumnSpec[] = [
  ["id", "uuid"], ["local_index", "integer"], ["created_at", TIMESTAMP], ["session_id", "uuid"], ["customer_id", "uuid"],
  ["visitor_id", "text"], ["utc_offset", "integer"], ["user_agent", "text"], ["referer", "text"], ["ip", "text"], ["meta", "jsonb"],
];

/** The `fieldwork` profile's tables, scoped to one project by the server. */
export const META_TABLE_COLUMNS = {
  sessions: [
    ["id", "uuid"], ["form_id", "uuid"], ["customer_id", "uuid"], ["visitor_id", "text"], ["answers", "jsonb"], ["user_agent", "text"],
    ["created_at", TIMESTAMP], ["updated_at", TIMESTAMP], ["submitted_at", TIMESTAMP],
  ],
  customers: [
    ["id", "uuid"], ["uid", "bigint"], ["email", "text"], ["phone", "text"], ["visitor_id", "text"], ["created_at", TIMESTAMP], ["last_seen_at", TIMESTAMP],
  ],
} as const satisfies Record<string, readonly ColumnSpec[]>;
export type MetaTableName = keyof typeof META_TABLE_COLUMNS;

const system = ([name, format]: ColumnSpec): DataColumn => ({ name, format, label: name, system: true, ...(name === "id" ? { key: true } : {}) });

/** Columns shown before the fields, and after them. */
const LEADING = new Set(["id", "created_at"]);
/** Shown by the key column (`#001`) rather than as a column of its own. */
const IN_KEY = new Set(["local_index"]);

/** id, created_at, the fields in the form's order, then the rest of the system columns. */
export function formTableColumns(fields: readonly FormField[]): DataColumn[] {
  const specs = FORM_SYSTEM_COLUMNS.filter(([name]) => !IN_KEY.has(name));
  const fieldColumns = fields.map((field): DataColumn => ({
    name: field.name, format: columnTypeOf(field), label: field.label?.trim() || field.name, field, system: false,
  }));
  return [
    ...specs.filter(([name]) => LEADING.has(name)).map(system),
    ...fieldColumns,
    ...specs.filter(([name]) => !LEADING.has(name)).map(system),
  ];
}

export function metaTableColumns(table: MetaTableName): DataColumn[] {
  return META_TABLE_COLUMNS[table].map(system);
}

/** The field type a column shows its icon for; system columns have none. */
export const fieldTypeOf = (column: DataColumn): FieldType | null => column.field?.type ?? null;
