/**
 * The text of an export, whoever sends it (the Data API, the grid through it, the CLI): CSV
 * (a header of the selected columns, then one line per row, CRLF; each cell as
 * export-columns.ts says: text by core's csvCell, RFC 4180 with formulas neutralized, other
 * values by csvValueCell as Postgres writes them, numbers with their exact digits) or JSON
 * lines (one `row_to_json` object per line, Postgres's text, as the Data API's reads).
 * `writeExport` formats rows a batch at a time (export-rows.ts) and waits for each write,
 * so memory holds one batch whatever the row count. On PostgreSQL, copy-export.ts writes
 * the same bytes by COPY.
 *
 *   writeExport(db, catalog, { select: [{ column: "name" }], where: [], order: [] }, "csv", write)
 *   // write("name\r\n" + "Ada\r\n" + …) once per batch of 1,000 rows
 */
import { csvCell, csvValueCell, type ReadQuery } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { batchedCsvRowSql, exportColumns, isValueKind, type ExportColumn } from "./export-columns";
import { streamRows } from "./export-rows";
import type { QueryGuard } from "./query-guard";

export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The names a row of `select` has: every visible column for `*`, else each alias or column. */
export function csvHeader(catalog: TableCatalog, select: ReadQuery["select"]): string[] {
  return exportColumns(catalog, select).map((c) => c.name);
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The CSV line of one row as batchedCsvRowSql reads it (a JSON array of its cells' values). */
export function csvRowLine(columns: readonly ExportColumn[], json: string): string {
  const values = JSON.parse(json) as (string | number | boolean | null)[];
  let line = "";
  for (let i = 0; i < columns.length; i++) {
    const value = values[i];
    line += `${i ? "," : ""}${isValueKind(columns[i]!.kind) ? csvValueCell(value as string | boolean | null) : csvCell(value)}`;
  }
  return `${line}\r\n`;
}

/**
 * Writes every row of `query` through `write`, which may wait (backpressure) and returns
 * `false` when the reader has gone (the export stops). Nothing is written before the query
 * has run and its first batch arrived, so an error in the query (a bad filter value) comes
 * before any output. The CSV header goes out even when no row matches.
 */
export async function writeExport(
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, format: ExportFormat, write: (text: string) => Promise<boolean>,
  guard?: QueryGuard,
): Promise<void> {
  const columns = exportColumns(catalog, query.select);
  const header = format === "csv" ? csvLine(columns.map((c) => c.name)) : "";
  let started = false;
  await streamRows(db, catalog, query, async (rows) => {
    let text = "";
    for (const row of rows) text += format === "csv" ? csvRowLine(columns, row) : `${row}\n`;
    if (started) return write(text);
    started = true;
    return write(header + text);
  }, { guard, row: format === "csv" ? batchedCsvRowSql(columns) : undefined });
  if (!started && header) await write(header);
}
