/**
 * How each column of a CSV export is written, by its type, on both paths: the batched path
 * (export-rows.ts reads a JSON array of the cells' values, export-format.ts writes them with
 * core's csvCell/csvValueCell) and COPY (copy-csv.ts has Postgres write them). One table, so
 * the two paths write the same bytes (copy-csv.test.ts compares them).
 *
 * - text: the text, formula neutralized, quoted when it must be (csvCell);
 * - a value that is not text: as Postgres writes it, never neutralized (csvValueCell):
 *   numbers with their exact digits (read as text, never through a JavaScript double),
 *   booleans `true`/`false`, dates, times and timestamps in ISO 8601 as the Data API's JSON
 *   writes them (`2026-11-23T10:00:00+00:00`), uuids; lists, json and jsonb as their JSON text;
 * - any other type (interval, inet, …): its JSON value through csvCell; COPY is not used.
 */
import type { ReadQuery } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import type { CatalogColumn, TableCatalog } from "./catalog";
import { columnRef, resolveColumn, selectSql } from "./sql-builder";

type Sql = RawBuilder<unknown>;

export type CellKind = "text" | "number" | "boolean" | "plain" | "timestamp" | "timestamptz" | "timetz" | "json" | "list" | "other";

const KINDS: Record<string, CellKind> = {
  text: "text", "character varying": "text",
  smallint: "number", integer: "number", bigint: "number", numeric: "number", real: "number", "double precision": "number",
  boolean: "boolean", date: "plain", "time without time zone": "plain", uuid: "plain",
  "timestamp without time zone": "timestamp", "timestamp with time zone": "timestamptz", "time with time zone": "timetz",
  json: "json", jsonb: "json",
};

/** A column type's kind: `numeric(10,2)` is a number, `text[]` a list. */
export function cellKind(sqlType: string): CellKind {
  if (sqlType.endsWith("[]")) return "list";
  return KINDS[sqlType.replace(/\(\d+(,\d+)?\)/g, "")] ?? "other";
}

/** Written by csvValueCell (as Postgres writes it), not csvCell. */
export const isValueKind = (kind: CellKind) => kind !== "text" && kind !== "other";

export interface ExportColumn {
  /** The header: the alias, or the column's name. */
  name: string;
  column: CatalogColumn;
  kind: CellKind;
}

/** The columns of an export of `select`, in order: every visible column for `*`. */
export function exportColumns(catalog: TableCatalog, select: ReadQuery["select"]): ExportColumn[] {
  const items = select === "*"
    ? catalog.columns.filter((c) => !c.hidden).map((column) => ({ name: column.name, column }))
    : select.map((s) => ({ name: s.alias ?? s.column, column: resolveColumn(catalog, s.column) }));
  // A file column exports its files' owner links as text (exportRefSql).
  return items.map((item) => ({ ...item, kind: item.column.file_of ? "text" : cellKind(item.column.sql_type) }));
}

/**
 * The batched path's JSON for one row of a CSV export (under the alias `t`): an array of
 * the cells' values, each as csvCell or csvValueCell takes it. Numbers are text (a JSON
 * number would go through a double), lists and JSON their Postgres JSON text; the rest is
 * their JSON value (dates and timestamps in ISO 8601, whatever the session's DateStyle).
 */
export function batchedCsvRowSql(columns: readonly ExportColumn[]): Sql {
  const values = columns.map(({ column, kind }) => {
    const ref = exportRefSql(column);
    if (kind === "number" || kind === "json") return sql`${ref}::text`;
    if (kind === "list") return sql`to_json(${ref})::text`;
    return ref;
  });
  return values.length ? sql`json_build_array(${sql.join(values)})::text` : sql`'[]'`;
}

/** `encodeURIComponent` in SQL (UTF-8 bytes as `%XX`; letters, digits and `-._~` kept). */
const uriComponentSql = (text: Sql) => sql`(select string_agg(case when c.ch ~ '^[A-Za-z0-9._~-]$' then c.ch
  else upper(regexp_replace(encode(convert_to(c.ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, '' order by c.i)
  from regexp_split_to_table(${text}, '') with ordinality as c(ch, i))`;

/**
 * What an export writes for a column: its value, or for a file column its files' stable owner
 * links, space-separated: `/private/editor/{form}/fields/{field}/file/preview/src?download=true&path=…`
 * (the route of core's filePreviewSrcPath; a member's session follows it to a fresh signed URL).
 */
export function exportRefSql(column: CatalogColumn): Sql {
  const ref = columnRef(column.name);
  if (!column.file_of) return ref;
  const base = ownerLinkBase(column.file_of);
  return sql`(select string_agg(${base}::text || ${uriComponentSql(sql`x.e->>'path'`)}, ' ' order by x.n)
    from jsonb_array_elements(case jsonb_typeof(${ref}) when 'array' then ${ref} when 'object' then jsonb_build_array(${ref}) else '[]'::jsonb end)
      with ordinality as x(e, n) where x.e->>'path' is not null)`;
}

const ownerLinkBase = (file: NonNullable<CatalogColumn["file_of"]>) =>
  `/private/editor/${encodeURIComponent(file.form_id)}/fields/${encodeURIComponent(file.field_id)}/file/preview/src?download=true&path=`;

/**
 * A file column in a JSON lines export: its stored metadata (one object or a list, as the
 * table holds it) with each file's stable owner link added as `download` (the CSV's link).
 */
function fileJsonSql(column: CatalogColumn): Sql {
  const ref = columnRef(column.name);
  const base = ownerLinkBase(column.file_of!);
  const linked = (e: Sql) => sql`case when jsonb_typeof(${e}) = 'object' and ${e} ? 'path'
    then ${e} || jsonb_build_object('download', ${base}::text || ${uriComponentSql(sql`${e}->>'path'`)}) else ${e} end`;
  return sql`case jsonb_typeof(${ref})
    when 'array' then (select coalesce(jsonb_agg(${linked(sql`x.e`)} order by x.n), '[]'::jsonb) from jsonb_array_elements(${ref}) with ordinality as x(e, n))
    else ${linked(ref)} end`;
}

/**
 * The select list of a JSON lines export: the query's columns (their aliases), file columns
 * with their owner links (fileJsonSql); the same list as sql-builder's selectSql otherwise.
 */
export function exportSelectSql(catalog: TableCatalog, select: ReadQuery["select"]): Sql {
  const columns = exportColumns(catalog, select);
  if (!columns.some((c) => c.column.file_of)) return selectSql(catalog, select);
  return sql.join(columns.map(({ name, column }) => {
    if (column.file_of) return sql`${fileJsonSql(column)} as ${sql.id(name)}`;
    return name === column.name ? columnRef(column.name) : sql`${columnRef(column.name)} as ${sql.id(name)}`;
  }));
}
