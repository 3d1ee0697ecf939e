/**
 * Which filter operators apply to a column, by its format: the Postgres type name as
 * `format_type(atttypid, NULL)` prints it (`integer`, `timestamp with time zone`, `text[]`).
 * The grid's filter menu, the Data API and the reference picker all ask here (spec 3 §5
 * "Filter" and "Operators").
 */
import { FieldworkError } from "../error-catalogue";
import { IS_VALUES, type Filter, type FilterOperator, type IsValue } from "./ast";

export type FormatClass = "numeric" | "date" | "text" | "boolean" | "json" | "tsvector" | "uuid" | "geometric" | "range" | "other";

/** The formats of each class, as `format_type` prints them and by their short names. */
const FORMATS: Record<Exclude<FormatClass, "other">, string> = {
  numeric: "numeric,decimal,integer,int,int2,int4,int8,bigint,smallint,real,float4,float8,double precision,money",
  date: "date,time,timetz,timestamp,timestamptz,time without time zone,time with time zone,timestamp without time zone,timestamp with time zone,interval",
  text: "text,character varying,varchar,character,char,bpchar,citext,name",
  boolean: "boolean,bool",
  json: "json,jsonb",
  tsvector: "tsvector",
  uuid: "uuid",
  geometric: "point,line,lseg,box,path,polygon,circle",
  range: "int4range,int8range,numrange,tsrange,tstzrange,daterange,int4multirange,int8multirange,nummultirange,tsmultirange,tstzmultirange,datemultirange",
};
let classByFormat: Map<string, FormatClass> | undefined;

/** `" Character Varying(20)[] "` → `"character varying[]"`: lower case, no type modifiers. */
function normalize(format: string): string {
  return format.trim().toLowerCase().replace(/\s*\([^()]*\)/g, "").replace(/\s+/g, " ");
}

export function isArrayFormat(format: string): boolean {
  return normalize(format).endsWith("[]");
}

/** The class of a format, of its element for an array (`text[]` → `text`). */
export function formatClassOf(format: string): FormatClass {
  const element = normalize(format).replace(/(\s*\[\])+$/, "");
  classByFormat ??= new Map(Object.entries(FORMATS).flatMap(([formatClass, names]) =>
    names.split(",").map((name) => [name, formatClass as FormatClass] as const)));
  return classByFormat.get(element) ?? "other";
}

const OPERATORS_BY_CLASS: Record<FormatClass, readonly FilterOperator[]> = {
  numeric: ["eq", "neq", "gt", "gte", "lt", "lte", "is", "in"],
  date: ["eq", "neq", "gt", "gte", "lt", "lte", "is", "in"],
  text: ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in", "fts", "plfts", "phfts", "wfts"],
  boolean: ["eq", "neq", "is"],
  json: ["eq", "neq", "cs", "cd", "is"],
  tsvector: ["fts", "plfts", "phfts", "wfts", "is"],
  uuid: ["eq", "neq", "is", "in"],
  geometric: ["is"],
  range: ["eq", "neq", "cs", "cd", "ov", "is"],
  other: ["eq", "neq", "is"],
};
const ARRAY_OPERATORS: readonly FilterOperator[] = ["eq", "neq", "is", "cs", "cd", "ov"];

/** The operators that apply to a column of this format; an array never takes `like`, `gt`…. */
export function operatorsFor(format: string): FilterOperator[] {
  return [...(isArrayFormat(format) ? ARRAY_OPERATORS : OPERATORS_BY_CLASS[formatClassOf(format)])];
}

/** Whether full-text search (`fts`…) applies: text columns and `tsvector`, not arrays. */
export function supportsTextSearch(format: string): boolean {
  if (isArrayFormat(format)) return false;
  const formatClass = formatClassOf(format);
  return formatClass === "text" || formatClass === "tsvector";
}

/** How a message names a format: its class (`numeric`), or itself when that says more. */
function describeFormat(format: string): string {
  const formatClass = formatClassOf(format);
  return isArrayFormat(format) || formatClass === "other" ? normalize(format) : formatClass;
}

/**
 * Why `filter` cannot apply to `column`, or `undefined` when it can:
 * `The operator "like" does not apply to the column "age" (numeric).`
 */
export function filterProblem(column: { name: string; format: string }, filter: Filter): string | undefined {
  const name = JSON.stringify(column.name);
  const kind = describeFormat(column.format);
  if (!operatorsFor(column.format).includes(filter.op)) {
    return `The operator "${filter.op}" does not apply to the column ${name} (${kind}).`;
  }
  if (filter.op === "is" && filter.value !== "null" && (isArrayFormat(column.format) || formatClassOf(column.format) !== "boolean")) {
    return `"is.${filter.value}" applies only to boolean columns; ${name} is ${kind}.`;
  }
  return undefined;
}

/** The operators of the grid's filter menu: PostgREST's own, then the text shortcuts. */
export const UI_OPERATORS = [
  "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in",
  "contains", "starts_with", "ends_with", "is_empty", "is_not_empty",
] as const;
export type UiOperator = (typeof UI_OPERATORS)[number];

const TEXT_SHORTCUTS: readonly UiOperator[] = ["contains", "starts_with", "ends_with", "is_empty", "is_not_empty"];

export const UI_OPERATOR_LABELS: Record<UiOperator, string> = {
  eq: "equals",
  neq: "does not equal",
  gt: "greater than",
  gte: "greater than or equal",
  lt: "less than",
  lte: "less than or equal",
  like: "like",
  ilike: "like, any case",
  is: "is",
  in: "is one of",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  is_empty: "is empty",
  is_not_empty: "is not empty",
};

/** The filter menu for a column of this format, in `UI_OPERATORS` order. */
export function uiOperatorsFor(format: string): UiOperator[] {
  const real = new Set<string>(operatorsFor(format));
  const text = !isArrayFormat(format) && formatClassOf(format) === "text";
  return UI_OPERATORS.filter((op) => real.has(op) || (text && TEXT_SHORTCUTS.includes(op)));
}

/** False for `is_empty` and `is_not_empty`, which compare with the empty text. */
export function uiOperatorNeedsValue(op: UiOperator): boolean {
  return op !== "is_empty" && op !== "is_not_empty";
}

/** A predicate's value as filter text: numbers and booleans as written, dates as ISO text. */
function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? "";
}

/**
 * Typed text for a pattern: `\`, `%` and `_` escaped with LIKE's backslash, so "50%"
 * matches "50%" and not "50 anything". (`*` is PostgREST's wildcard and cannot be escaped.)
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filter a grid predicate means. The text shortcuts become `ilike` with `*` wildcards
 * around the escaped text (`contains "ada"` → `ilike.*ada*`) or a comparison with the
 * empty text; `in` takes an array or comma-separated text; `is` takes null, true, false or
 * unknown (text or value).
 */
export function predicateToFilter(p: { op: UiOperator; column: string; value: unknown }): Filter {
  const base = { kind: "filter" as const, column: p.column, negate: false };
  switch (p.op) {
    case "contains": return { ...base, op: "ilike", value: `*${likeLiteral(valueText(p.value))}*` };
    case "starts_with": return { ...base, op: "ilike", value: `${likeLiteral(valueText(p.value))}*` };
    case "ends_with": return { ...base, op: "ilike", value: `*${likeLiteral(valueText(p.value))}` };
    case "is_empty": return { ...base, op: "eq", value: "" };
    case "is_not_empty": return { ...base, op: "neq", value: "" };
    case "in": {
      const items = Array.isArray(p.value) ? p.value.map(valueText)
        : valueText(p.value).split(",").map((item) => item.trim()).filter((item) => item !== "");
      return { ...base, op: "in", value: items };
    }
    case "is": {
      const value = (p.value === null ? "null" : valueText(p.value)).trim().toLowerCase();
      if (!(IS_VALUES as readonly string[]).includes(value)) {
        throw new FieldworkError("INVALID_FILTER_VALUE", `"is" takes null, true, false or unknown, not ${JSON.stringify(valueText(p.value))}.`);
      }
      return { ...base, op: "is", value: value as IsValue };
    }
    case "eq": case "neq": case "gt": case "gte": case "lt": case "lte": case "like": case "ilike":
      return { ...base, op: p.op, value: valueText(p.value) };
    default: {
      const unknown: never = p.op;
      throw new FieldworkError("OPERATOR_NOT_ALLOWED", `Unknown filter operator ${JSON.stringify(unknown)}.`);
    }
  }
}
