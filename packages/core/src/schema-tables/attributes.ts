/**
 * Attributes of a schema document's tables (doctype `v0_schema`, spec 3 §3 "Schema table"):
 * the types a column may have, the names tables and columns may take, and the defaults a
 * column may get. One source of truth for the server's DDL (which only ever quotes names
 * that passed these rules) and the workbench's forms.
 */
import { z } from "zod";
import { FieldworkError } from "../error-catalogue";
import { isStorableText } from "../stored-text";

/** The form-field types that fit a column (checked by the answer rules), then the Postgres types. */
export const FIELD_ATTRIBUTE_TYPES = ["email", "url", "tel", "color", "country", "textarea"] as const;
export const PG_ATTRIBUTE_TYPES = ["text", "integer", "numeric", "boolean", "date", "time", "timestamptz", "uuid", "json", "enum"] as const;
export const ATTRIBUTE_TYPES = [...PG_ATTRIBUTE_TYPES, ...FIELD_ATTRIBUTE_TYPES] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const ATTRIBUTE_TYPE_LABELS: Record<AttributeType, string> = {
  text: "Text", integer: "Integer", numeric: "Number (numeric)", boolean: "Boolean", date: "Date", time: "Time of day",
  timestamptz: "Date and time (timestamptz)", uuid: "UUID", json: "JSON", enum: "Enum (one of a list)",
  email: "Email", url: "URL", tel: "Phone", color: "Color", country: "Country", textarea: "Long text",
};

/** A column type as it is cast to and shown (`format_type`'s spelling is the catalog's). */
export type AttributeColumnType =
  | "text" | "integer" | "numeric" | "boolean" | "date" | "time" | "timestamptz" | "uuid" | "jsonb"
  | "text[]" | "integer[]" | "numeric[]" | "boolean[]" | "date[]" | "time[]" | "timestamptz[]" | "uuid[]";

/** Defaults: a literal (checked against the type) or one of a small allow-list of functions, never SQL text. */
export const DEFAULT_FUNCTIONS = ["now", "gen_random_uuid"] as const;
export type AttributeDefault =
  | { kind: "value"; value: string | number | boolean }
  | { kind: "now" }
  | { kind: "gen_random_uuid" };

export interface AttributeReference { table: string; column: string }

export interface Attribute {
  /** Stable for the attribute's life (constraint names derive from it); given by the server. */
  id: string;
  name: string;
  type: AttributeType;
  is_array: boolean;
  /** Enum values (type `enum` only), in order. */
  enum_values: string[];
  not_null: boolean;
  unique: boolean;
  primary_key: boolean;
  default: AttributeDefault | null;
  /** A foreign key to a column of another table of the same schema document. */
  references: AttributeReference | null;
}

export const SCHEMA_LIMITS = {
  attributes_per_table: 100, tables_per_schema: 100, enum_values: 100, enum_value_length: 100,
  default_text_length: 1_000, description_length: 1_000,
} as const;

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
/** Words of the PostgREST query string: a column named so could not be filtered by URL. */
const QUERY_WORDS = new Set(["select", "order", "limit", "offset", "on_conflict", "columns", "and", "or", "not", "apikey"]);

/** Why `name` cannot name a table or a column, or null. Names are lowercase identifiers; the server quotes them anyway. */
export function identifierProblem(name: unknown): string | null {
  if (typeof name !== "string" || !IDENTIFIER.test(name)) return "Use 1–63 lowercase letters, digits and underscores, starting with a letter.";
  if (name.startsWith("__fw_") || name.startsWith("pg_")) return `"${name}" is reserved.`;
  if (QUERY_WORDS.has(name)) return `"${name}" is a word of the Data API's query string.`;
  return null;
}

/** Table names must also stay apart from form tables' (`slug_1a2b3c4d`), which share the Data API's default schema. */
export function tableNameProblem(name: unknown): string | null {
  const problem = identifierProblem(name);
  if (problem) return problem;
  if (/_[0-9a-f]{8}$/.test(name as string)) return "A table name may not end in _ and 8 hex digits (form tables are named so).";
  return null;
}

export function assertTableName(name: unknown): asserts name is string {
  const problem = tableNameProblem(name);
  if (problem) throw new FieldworkError("TABLE_NAME_INVALID", `Invalid table name ${JSON.stringify(String(name).slice(0, 80))}: ${problem}`);
}

export function assertColumnName(name: unknown): asserts name is string {
  const problem = identifierProblem(name);
  if (problem) throw new FieldworkError("COLUMN_NAME_INVALID", `Invalid column name ${JSON.stringify(String(name).slice(0, 80))}: ${problem}`);
}

const BASE: Record<AttributeType, Exclude<AttributeColumnType, `${string}[]`>> = {
  text: "text", integer: "integer", numeric: "numeric", boolean: "boolean", date: "date", time: "time", timestamptz: "timestamptz",
  uuid: "uuid", json: "jsonb", enum: "text", email: "text", url: "text", tel: "text", color: "text", country: "text", textarea: "text",
};

/** The column type of an attribute: its base type, a list of it with `is_array`. */
export function attributeColumnType(attr: Pick<Attribute, "type" | "is_array">): AttributeColumnType {
  const base = BASE[attr.type];
  return attr.is_array ? (`${base}[]` as AttributeColumnType) : base;
}

/** `format_type`'s spelling of a column type, as the query catalog shows it. */
export function formatOfColumnType(type: AttributeColumnType): string {
  return type.replace("timestamptz", "timestamp with time zone").replace(/^time(?=$|\[)/, "time without time zone");
}

/** Whether a value is checked by a form field's answer rules (email, url, …) before the cast. */
export const isFieldAttribute = (type: AttributeType) => (FIELD_ATTRIBUTE_TYPES as readonly string[]).includes(type);

const LITERAL: Partial<Record<AttributeType, RegExp>> = {
  integer: /^-?\d{1,10}$/,
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** Why `def` cannot be the default of `attr`, or null. The literal's final check is Postgres's cast, inside the DDL's transaction. */
export function defaultProblem(attr: Pick<Attribute, "type" | "is_array" | "enum_values">, def: AttributeDefault | null): string | null {
  if (def === null) return null;
  if (attr.is_array) return "A list column takes no default.";
  if (def.kind === "now") return attr.type === "timestamptz" || attr.type === "date" ? null : "now() is a default of dates and times only.";
  if (def.kind === "gen_random_uuid") return attr.type === "uuid" ? null : "gen_random_uuid() is a default of uuid columns only.";
  const { value } = def;
  if (attr.type === "json") return "A JSON column takes no literal default.";
  if (attr.type === "boolean") return typeof value === "boolean" ? null : "A boolean default is true or false.";
  const text = String(value);
  if (typeof value === "boolean" || (typeof value === "number" && !Number.isFinite(value))) return "This default does not fit the column's type.";
  if (text.length > SCHEMA_LIMITS.default_text_length || !isStorableText(text)) return "The default is too long or holds characters that cannot be stored.";
  const pattern = LITERAL[attr.type];
  if (pattern && !pattern.test(text)) return `${JSON.stringify(text.slice(0, 40))} is not a ${attr.type} value.`;
  if (attr.type === "enum" && !attr.enum_values.includes(text)) return "The default must be one of the enum's values.";
  return null;
}

/** The JSON an owner sends for one attribute; `id` is the server's. */
export const AttributeInput = z.strictObject({
  name: z.string().max(256),
  type: z.enum(ATTRIBUTE_TYPES),
  is_array: z.boolean().default(false),
  enum_values: z.array(z.string().max(SCHEMA_LIMITS.enum_value_length)).max(SCHEMA_LIMITS.enum_values).default([]),
  not_null: z.boolean().default(false),
  unique: z.boolean().default(false),
  primary_key: z.boolean().default(false),
  default: z.union([
    z.strictObject({ kind: z.literal("value"), value: z.union([z.string().max(SCHEMA_LIMITS.default_text_length), z.number(), z.boolean()]) }),
    z.strictObject({ kind: z.enum(DEFAULT_FUNCTIONS) }),
  ]).nullable().default(null),
  references: z.strictObject({ table: z.string().max(256), column: z.string().max(256) }).nullable().default(null),
});
export type AttributeInput = z.input<typeof AttributeInput>;

/**
 * Checks one attribute on its own (names, enum values, default, array rules); what it needs
 * of the other tables (a reference's target) is the DDL plan's.
 */
export function checkAttribute(attr: Attribute): Attribute {
  assertColumnName(attr.name);
  const invalid = (message: string) => new FieldworkError("ATTRIBUTE_INVALID", `${attr.name}: ${message}`, [attr.name]);
  if (attr.type === "json" && attr.is_array) throw invalid("A JSON column holds lists itself; it cannot be a list.");
  if (attr.type === "enum") {
    if (attr.enum_values.length === 0) throw invalid("An enum needs at least one value.");
    if (new Set(attr.enum_values).size !== attr.enum_values.length) throw invalid("Enum values must differ.");
    if (attr.enum_values.some((v) => !v || !isStorableText(v))) throw invalid("Enum values are non-empty text.");
  } else if (attr.enum_values.length) throw invalid("Only an enum takes values.");
  if (attr.primary_key && attr.is_array) throw invalid("A list cannot be the primary key.");
  if (attr.primary_key && !["text", "integer", "uuid", "numeric", "email", "date"].includes(attr.type)) throw invalid("The primary key is text, an integer, a number, a date or a uuid.");
  const problem = defaultProblem(attr, attr.default);
  if (problem) throw invalid(problem);
  if (attr.references) {
    assertTableName(attr.references.table);
    assertColumnName(attr.references.column);
    if (attr.is_array) throw invalid("A list cannot reference another table.");
  }
  return attr;
}
