/**
 * `Accept: text/csv` or `application/x-ndjson` on a read: every row of the query, streamed
 * (query/export-format.ts formats it a cursor batch at a time, waiting for the client
 * between batches), so memory stays flat whatever the row count.
 */
import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { ReadQuery } from "@fieldwork/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TableCatalog } from "../../query/catalog";
import { writeExport, type ExportFormat } from "../../query/export-format";

const TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" };

/**
 * Sends every row of `query`. The query runs and its first batch arrives before the answer
 * starts, so a bad filter value is still a 400; a failure later cuts the stream.
 */
export async function exportRows(
  request: FastifyRequest, reply: FastifyReply, catalog: TableCatalog, query: ReadQuery, format: ExportFormat,
): Promise<FastifyReply> {
  const out = new PassThrough();
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const write = async (text: string) => {
    start();
    if (!out.write(text)) await Promise.race([once(out, "drain"), once(out, "close")]);
    return !out.destroyed;
  };
  const done = writeExport(request.server.db, catalog, query, format, write).then(() => out.end());
  await Promise.race([started, done]);
  done.catch((error: unknown) => {
    request.log.error({ err: error, reqId: request.id }, "export failed midway");
    out.destroy(error as Error);
  });
  return reply.type(TYPES[format])
    .header("content-disposition", `attachment; filename="${catalog.name}.${format}"`)
    .send(out);
}
