/**
 * An export on PostgreSQL at COPY speed, the default there (EXPORT_COPY=0 turns it off): one
 * `COPY (select …) TO STDOUT` (pg-copy-streams) on a pool client of its own, so the whole
 * file is read in one statement and one snapshot. The rows are the batched path's
 * (export-rows.ts): the same filter, order (with the key as tiebreaker), limit and offset
 * from sql-builder. CSV is `COPY … (format csv)` of one column per cell, each cell built by
 * copy-csv.ts as the batched path writes it, COPY doing the quoting and copy-crlf.ts the
 * CRLF line ends; JSON lines are the same `row_to_json` texts, in COPY's text format
 * (copy-text.ts undoes its escapes). bench/RESULTS.md "bench:copy-export" has its speed.
 * PGlite keeps the batches (it cannot stream a COPY while other statements run), and so does
 * a CSV with one column or a column type copy-csv.ts does not write.
 *
 * Bounds (docs/ARCHITECTURE.md "Hostile input"):
 * - statement_timeout is off for the COPY: with backpressure the COPY waits on its client, so
 *   a healthy long export may run longer than QUERY_TIMEOUT_MS. Instead, the first byte must
 *   come within QUERY_TIMEOUT_MS (else the backend is cancelled: 400 QUERY_TIMEOUT), and
 *   after it the route's stall deadline (EXPORT_STALL_TIMEOUT_MS with no byte produced or
 *   taken) cuts the export; cutting, or a client that goes, cancels the backend
 *   (pg_cancel_backend) and destroys the client's connection, so the pool gets a fresh one.
 * - Each export holds one pool connection while it runs: COPY is used only while
 *   EXPORTS_PER_SERVER is at most half the pool, so exports never take the whole pool.
 */
import type { ReadQuery } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { poolOf } from "../db/database";
import type { DB } from "../db/schema";
import type { TableCatalog } from "./catalog";
import { csvCellsSql, isUtcZone } from "./copy-csv";
import { csvCrlf } from "./copy-crlf";
import { inlineParameters } from "./copy-sql-text";
import { copyTextDecoder } from "./copy-text";
import { exportColumns, exportSelectSql } from "./export-columns";
import { csvHeader, csvLine, type ExportFormat } from "./export-format";
import { queryErrorOf } from "./pg-errors";
import type { QueryGuard } from "./query-guard";
import { columnRef, effectiveOrder, orderSql, whereSql } from "./sql-builder";

export type ExportWrite = (data: string | Buffer) => Promise<boolean>;

/**
 * The `COPY … TO STDOUT` text of an export, or null when it keeps the batched path. Run with
 * DateStyle ISO; `utc`: the session's TimeZone is UTC (copy-csv.ts).
 */
export function copySql(db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, format: ExportFormat, utc = true): string | null {
  const line = format === "csv" ? csvCellsSql(catalog, query.select, utc) : sql`row_to_json(__fw_r)::text`;
  if (!line) return null;
  const limit = query.limit !== undefined && query.limit !== null ? sql` limit ${query.limit}` : sql``;
  // The rows are found and sorted first, and each line built as it goes out (`offset` keeps
  // Postgres from building every line before the sort).
  const offset = sql` offset ${query.offset ?? 0}`;
  // Only the columns exported: a sort then carries no column it does not need (a search vector, JSON).
  const names = [...new Set(exportColumns(catalog, query.select).map((c) => c.column.name))];
  const rows = sql`(select ${sql.join(names.map(columnRef))} from ${catalog.from} as t where ${whereSql(catalog, query.where)}
    order by ${orderSql(effectiveOrder(catalog, query.order))}${limit}${offset}) as t`;
  const from = format === "csv" ? rows : sql`${rows} cross join lateral (select ${exportSelectSql(catalog, query.select)}) as __fw_r`;
  const select = sql`select ${line} from ${from}`;
  const compiled = select.compile(db);
  return `copy (${inlineParameters(compiled.sql, compiled.parameters)}) to stdout${format === "csv" ? " (format csv)" : ""}`;
}

/** The pool an export may COPY through: PostgreSQL, with room for every export at once. */
export function copyPool(db: Kysely<DB>, exportsPerServer: number): pg.Pool | null {
  const pool = poolOf(db);
  const max = pool?.options.max ?? 10;
  return pool && exportsPerServer * 2 <= max ? pool : null;
}

/**
 * Writes the export of `query` through `write` by COPY and resolves true, or resolves false
 * at once (nothing written) when this query or database keeps the batched path. As
 * writeExport: nothing is written before the first row (or the end) arrives, so an error in
 * the query comes before any output; `write` returning false stops the export.
 */
export async function copyExport(
  db: Kysely<DB>, catalog: TableCatalog, query: ReadQuery, format: ExportFormat, write: ExportWrite,
  options: { guard?: QueryGuard | undefined; enabled: boolean; exportsPerServer: number },
): Promise<boolean> {
  const pool = options.enabled ? copyPool(db, options.exportsPerServer) : null;
  if (!pool || !copySql(db, catalog, query, format)) return false;
  const { guard } = options;
  guard?.signal?.throwIfAborted();
  const client = await pool.connect();
  let failure: Error | undefined;
  let firstByte: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    await client.query("begin read only");
    // JIT off: compiling the per-cell expressions of a wide table took longer than the export.
    const { rows } = await client.query<{ pid: number; tz: string }>(`select set_config('statement_timeout', '0', true),
      set_config('jit', 'off', true), set_config('DateStyle', 'ISO', true), current_setting('TimeZone') as tz, pg_backend_pid() as pid`);
    const { pid, tz } = rows[0]!;
    const text = copySql(db, catalog, query, format, isUtcZone(tz))!;
    const cancel = () => void sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => undefined);
    const stream = client.query(copyTo(text));
    onAbort = () => {
      cancel();
      stream.destroy(new Error("The client of the export went away."));
    };
    guard?.signal?.addEventListener("abort", onAbort, { once: true });
    if (guard && guard.timeoutMs > 0) firstByte = setTimeout(cancel, guard.timeoutMs);
    const decode = format === "csv" ? csvCrlf() : copyTextDecoder();
    let pending: Buffer | string = format === "csv" ? csvLine(csvHeader(catalog, query.select)) : "";
    let started = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      clearTimeout(firstByte);
      const data = decode(chunk);
      if (data.length === 0) continue;
      const out = started ? data : Buffer.concat([Buffer.from(pending), data]);
      started = true;
      pending = "";
      if (!(await write(out))) {
        failure = new Error("The reader of the export went away.");
        cancel();
        return true;
      }
    }
    if (!started && pending) await write(pending);
    await client.query("commit");
    return true;
  } catch (error) {
    failure = error as Error;
    throw queryErrorOf(error) ?? error;
  } finally {
    clearTimeout(firstByte);
    if (onAbort) guard?.signal?.removeEventListener("abort", onAbort);
    // A COPY left midway leaves the connection mid-protocol: it is closed, not reused.
    client.release(failure ?? false);
  }
}
