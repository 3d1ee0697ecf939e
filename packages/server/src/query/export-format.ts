/**
 * The text of an export, whoever sends it (the Data API, the grid through it, the CLI): CSV
 * (a header of the selected columns, then one line per row; cells by core's csvCell: RFC
 * 4180, formulas neutralized) or JSON lines (one `row_to_json` object per line).
 * `writeExport` formats rows a batch at a time (export-rows.ts) and waits for each write,
 * so memory holds one batch whatever the row count.
 *
 *   writeExport(db, catalog, { select: [{ column: "name" }], where: [], order: [] }, "csv", write)
 *   // write("name\r\n" + "Ada\r\n" + …) once per batch of 1,000 rows
 */
import { csvCell, type ReadQuery } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { streamRows } from "./export-rows";
import type { QueryGuard } from "./query-guard";

export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];


/** The names a row of `select` has: every visible column for `*`, else each alias or column. */
export function csvHeader(catalog: TableCatalog, select: ReadQuery["select"]): string[] {
  return select === "*" ? catalog.columns.filter((c) => !c.hidden).map((c) => c.name) : select.map((s) => s.alias ?? s.column);
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Rows as `streamRows` hands them (JSON texts) → the export's text for them. */
export function exportLines(format: ExportFormat, columns: readonly string[], rows: readonly string[]): string {
  let text = "";
  for (const row of rows) {
    if (format === "jsonl") text += `${row}\n`;
    else {
      const values = JSON.parse(row) as Record<string, unknown>;
      text += csvLine(columns.map((c) => values[c]));
    }
  }
  return text;
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
  const columns = csvHeader(catalog, query.select);
  const header = format === "csv" ? csvLine(columns) : "";
  let started = false;
  await streamRows(db, catalog, query, async (rows) => {
    const text = exportLines(format, columns, rows);
    if (started) return write(text);
    started = true;
    return write(header + text);
  }, { guard });
  if (!started && header) await write(header);
}
