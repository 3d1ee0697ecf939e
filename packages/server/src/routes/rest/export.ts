/**
 * Streaming exports of any query: CSV (a header of the selected columns, then one line per
 * row) or JSON lines. Rows come from a server-side cursor a batch at a time and the stream
 * waits for the client to read (backpressure), so memory stays flat whatever the row count.
 */
import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { ReadQuery } from "@fieldwork/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TableCatalog } from "../../query/catalog";
import { streamRows } from "../../query/read";

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(catalog: TableCatalog, select: ReadQuery["select"]): string[] {
  return select === "*" ? catalog.columns.filter((c) => !c.hidden).map((c) => c.name) : select.map((s) => s.alias ?? s.column);
}

/**
 * Sends every row of `query`. The query runs and its first batch arrives before the answer
 * starts, so a bad filter value is still a 400; a failure later cuts the stream.
 */
export async function exportRows(
  request: FastifyRequest, reply: FastifyReply, catalog: TableCatalog, query: ReadQuery, format: "csv" | "jsonl",
): Promise<FastifyReply> {
  const out = new PassThrough();
  const columns = csvHeader(catalog, query.select);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, "drain"), once(out, "close")]);
    return !out.destroyed;
  };
  let started = false;
  let start!: () => void;
  const ready = new Promise<void>((resolve) => (start = resolve));
  const run = async () => {
    await streamRows(request.server.db, catalog, query, async (rows) => {
      if (!started) {
        started = true;
        start();
        if (format === "csv") await write(`${columns.map(csvCell).join(",")}\r\n`);
      }
      let chunk = "";
      for (const row of rows) {
        if (format === "jsonl") chunk += `${row}\n`;
        else {
          const values = JSON.parse(row) as Record<string, unknown>;
          chunk += `${columns.map((c) => csvCell(values[c])).join(",")}\r\n`;
        }
      }
      return write(chunk);
    });
    if (!started && format === "csv") out.write(`${columns.map(csvCell).join(",")}\r\n`);
    out.end();
  };
  const done = run();
  await Promise.race([ready, done]);
  done.catch((error: unknown) => {
    request.log.error({ err: error, reqId: request.id }, "export failed midway");
    out.destroy(error as Error);
  });
  const type = format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8";
  const extension = format === "csv" ? "csv" : "jsonl";
  return reply.type(type).header("content-disposition", `attachment; filename="${catalog.name}.${extension}"`).send(out);
}
