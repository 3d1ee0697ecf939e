/**
 * `Accept: text/csv` or `application/x-ndjson` on a read: every row of the query, streamed.
 * On PostgreSQL by one `COPY … TO STDOUT` (query/copy-export.ts: one snapshot, a connection
 * held while it runs, cancelled when cut); on PGlite, or for a column type the COPY's CSV
 * does not write, in batches that each take a connection only while they run
 * (query/export-rows.ts). Memory stays flat whatever the row count.
 *
 * A caller runs at most EXPORTS_PER_CALLER exports at once and the server EXPORTS_PER_SERVER
 * (429 TOO_MANY_EXPORTS); an export whose client reads nothing for EXPORT_STALL_TIMEOUT_MS
 * is cut (the connection is closed mid-file, so the client sees a truncated download).
 */
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { FieldworkError, type ReadQuery } from "@fieldwork/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { callerKeyOf, queryGuardOf } from "../../limits/load-limits";
import type { TableCatalog } from "../../query/catalog";
import { copyExport } from "../../query/copy-export";
import { writeExport, type ExportFormat } from "../../query/export-format";

const TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" };

/**
 * Sends every row of `query`. The query runs and its first batch arrives before the answer
 * starts, so a bad filter value is still a 400; a failure later cuts the stream.
 */
export async function exportRows(
  request: FastifyRequest, reply: FastifyReply, catalog: TableCatalog, query: ReadQuery, format: ExportFormat,
  options: { db?: Kysely<DB>; mapError?: (error: unknown) => unknown } = {},
): Promise<FastifyReply> {
  const { load, slots } = request.server;
  const release = slots.take("export", callerKeyOf(request) ?? `ip:${request.ip}`,
    { perCaller: load.exportsPerCaller, perServer: load.exportsPerServer },
    new FieldworkError("TOO_MANY_EXPORTS", `At most ${load.exportsPerCaller} exports per member or API key, and ${load.exportsPerServer} on this server, run at once. Wait for one to finish.`));
  const out = new PassThrough();
  const guard = queryGuardOf(request, reply);
  // No byte taken by the client for exportStallMs: the export is cut.
  let stall: NodeJS.Timeout | undefined;
  const cut = () => {
    request.log.warn({ reqId: request.id }, "export cut: the client stopped reading");
    out.destroy();
    reply.raw.destroy();
  };
  const arm = () => {
    clearTimeout(stall);
    stall = setTimeout(cut, load.exportStallMs);
    stall.unref();
  };
  const finish = () => {
    clearTimeout(stall);
    release();
  };
  // Progress: the client took enough that a buffer on the way to it emptied.
  out.on("drain", arm);
  reply.raw.on("drain", arm);
  out.once("close", finish);
  reply.raw.once("close", finish);
  reply.raw.once("finish", () => clearTimeout(stall));

  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const write = async (text: string | Buffer) => {
    if (out.destroyed) return false;
    start();
    arm();
    if (!out.write(text)) await Promise.race([once(out, "drain"), once(out, "close")]);
    return !out.destroyed;
  };
  // A connected table's export reads its connection's pool (batches: the pool is too small to COPY).
  const db = options.db ?? request.server.db;
  const done = copyExport(db, catalog, query, format, write, { guard, enabled: load.exportCopy, exportsPerServer: load.exportsPerServer })
    .then((copied) => (copied ? undefined : writeExport(db, catalog, query, format, write, guard)))
    .then(() => out.end());
  try {
    await Promise.race([started, done]);
  } catch (error) {
    finish();
    out.destroy();
    throw options.mapError ? options.mapError(error) : error;
  }
  done.catch((error: unknown) => {
    if (!out.destroyed) request.log.error({ err: error, reqId: request.id }, "export failed midway");
    out.destroy(error as Error);
  });
  return reply.type(TYPES[format])
    .header("content-disposition", `attachment; filename="${catalog.name}.${format}"`)
    .send(out);
}
