/**
 * The cells of a CSV export built by PostgreSQL, for `COPY (select …) TO STDOUT (format
 * csv)` (copy-export.ts): each cell is one column of the COPY's select, written as
 * export-columns.ts says, and COPY itself does RFC 4180's quoting (in C, where it is cheap:
 * a field holding a comma, quote, CR or LF is quoted, quotes doubled; NULL is an empty field).
 * Byte for byte what the batched path writes for the same row (copy-csv.test.ts compares
 * them with fast-check); copy-export.ts turns COPY's LF line ends into CRLF.
 *
 * Each cell is the cheapest expression measured for its text (bench/RESULTS.md
 * "bench:copy-export"): numbers, dates, times and uuids as COPY writes them (its output
 * function is their `::text`); text neutralized by one `ascii()` test, an empty text made
 * NULL (COPY would quote `""`, csvCell writes nothing); timestamps from their `::text` with
 * the `T` and, in a UTC session, the `:00` of the offset added, their JSON text (`to_json`)
 * only for BC years, infinities, or a session in another time zone.
 *
 * Answers null, and the export keeps the batched path, for a column of a type this does not
 * write (export-columns.ts "other"), and for a single column: COPY quotes a lone `\.` on a
 * line (its end-of-data marker), which csvCell does not.
 */
import type { ReadQuery } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import type { TableCatalog } from "./catalog";
import { exportColumns, exportRefSql, type CellKind } from "./export-columns";

type Sql = RawBuilder<unknown>;

/**
 * Text as csvCell writes it, before quoting: `'` before `= + - @`, tab or CR; empty as NULL
 * (`ascii('')` is 0). One `ascii()` for most cells: cheaper than a regex, or than `nullif`.
 */
export const textCellSql = (text: Sql): Sql =>
  sql`(case when ascii(${text}) in (0, 61, 43, 45, 64, 9, 13) then (case when ${text} = '' then null else '''' || ${text} end) else ${text} end)`;

/** The JSON (ISO 8601) text of a timestamp; `utc`: the session's TimeZone is UTC. */
function timestampSql(ref: Sql, tz: boolean, utc: boolean): Sql | null {
  const json = sql`(to_json(${ref}) #>> '{}')`;
  if (tz && !utc) return json;
  const low = tz ? sql`'0001-01-01 00:00:00+00'::timestamptz` : sql`'0001-01-01 00:00:00'::timestamp`;
  // In UTC the offset is always `+00`: the JSON's `+00:00` is one ':00' away.
  const text = tz ? sql`replace(${ref}::text, ' ', 'T') || ':00'` : sql`replace(${ref}::text, ' ', 'T')`;
  return sql`(case when ${ref} >= ${low} and ${ref} < 'infinity' then ${text} else ${json} end)`;
}

/** One cell of a column of `kind` (read as `ref`), or null when its kind keeps the batched path. */
export function cellSql(kind: CellKind, ref: Sql, utc: boolean): Sql | null {
  switch (kind) {
    case "text": return textCellSql(sql`${ref}::text`);
    case "number": case "plain": return ref;
    case "boolean": return sql`${ref}::text`;
    case "timestamp": return timestampSql(ref, false, utc);
    case "timestamptz": return timestampSql(ref, true, utc);
    case "timetz": return sql`(to_json(${ref}) #>> '{}')`;
    case "json": return sql`${ref}::text`;
    case "list": return sql`to_json(${ref})::text`;
    case "other": return null;
  }
}

/**
 * The select list of a COPY CSV export of `select`, reading the table under the alias `t`
 * (settings: DateStyle ISO; `utc` when the session's TimeZone is UTC); null when the
 * export keeps the batched path.
 */
export function csvCellsSql(catalog: TableCatalog, select: ReadQuery["select"], utc: boolean): Sql | null {
  const columns = exportColumns(catalog, select);
  if (columns.length < 2) return null;
  const cells: Sql[] = [];
  for (const { column, kind } of columns) {
    const cell = cellSql(kind, exportRefSql(column), utc);
    if (!cell) return null;
    cells.push(cell);
  }
  return sql.join(cells);
}

/** TimeZone names that are UTC (Postgres prints the one it was given). */
const UTC_ZONES = new Set(["utc", "etc/utc", "gmt", "etc/gmt", "uct", "etc/uct", "universal", "etc/universal", "zulu", "etc/zulu", "greenwich", "etc/greenwich", "gmt0", "etc/gmt0"]);
export const isUtcZone = (timeZone: string) => UTC_ZONES.has(timeZone.toLowerCase());
