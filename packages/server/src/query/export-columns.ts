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
import { columnRef, resolveColumn } from "./sql-builder";

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
  return items.map((item) => ({ ...item, kind: cellKind(item.column.sql_type) }));
}

/**
 * The batched path's JSON for one row of a CSV export (under the alias `t`): an array of
 * the cells' values, each as csvCell or csvValueCell takes it. Numbers are text (a JSON
 * number would go through a double), lists and JSON their Postgres JSON text; the rest is
 * their JSON value (dates and timestamps in ISO 8601, whatever the session's DateStyle).
 */
export function batchedCsvRowSql(columns: readonly ExportColumn[]): Sql {
  const values = columns.map(({ column, kind }) => {
    const ref = columnRef(column.name);
    if (kind === "number" || kind === "json") return sql`${ref}::text`;
    if (kind === "list") return sql`to_json(${ref})::text`;
    return ref;
  });
  return values.length ? sql`json_build_array(${sql.join(values)})::text` : sql`'[]'`;
}
