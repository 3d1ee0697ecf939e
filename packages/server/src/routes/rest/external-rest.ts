/**
 * The Data API on a connected database's tables (issue 24 item 3), for signed-in members at
 * /private/editor/x-supabase/projects/{id}/rest/v1/{table}, the schema in `Accept-Profile`
 * (reads) or `Content-Profile` (writes), `public` by default. Reads go through the same query
 * engine as a form's table (readPage on the connection's pool, catalog from introspection);
 * writes through external-write.ts. `Accept: text/csv` or `application/x-ndjson` streams an
 * export as a form table's does (export.ts), in batches on the connection's pool, each
 * statement under the pool's statement_timeout. Viewers read, editors write.
 */
import { FieldworkError, LIMITS, parseConditions, parseReadQuery, type Role } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { connectionErrorOf } from "../../external/connection-errors";
import type { OpenConnection } from "../../external/connection-service";
import { externalCatalog } from "../../external/external-catalog";
import { deleteExternal, insertExternal, updateExternal } from "../../external/external-write";
import { gridCountHeader } from "../../query/count";
import { readPage } from "../../query/read";
import type { WriteResult } from "../../query/write";
import type { RowInput } from "../../query/write-values";
import { useDepthLimitedJson } from "../json-body";
import { callerOf } from "../private/authenticate";
import { exportRows } from "./export";
import { restErrorHandler } from "./index";
import { contentRange, preferencesOf, rangeOf, representationOf } from "./prefer";

const Params = z.looseObject({ id: z.string().max(LIMITS.short_text_length), table: z.string().min(1).max(256) });
type Req = FastifyRequest<{ Params: { id: string; table: string } }>;

const searchOf = (request: FastifyRequest) => new URL(request.url, "http://localhost").searchParams;
const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return ((Array.isArray(value) ? value[0] : value) ?? "").trim() || "public";
};

function singleObject(body: string, rows: number): string {
  if (rows !== 1) throw new FieldworkError("NOT_SINGLE_ROW", `One row was requested; the result has ${rows}.`);
  return body.slice(1, -1).trim();
}

export async function externalRestRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  useDepthLimitedJson(app, { emptyDelete: true });

  const target = async (request: Req, min: Role, profile: "accept-profile" | "content-profile") => {
    const { row, table } = await app.external.requireTable(callerOf(request), request.params.id, min, headerOf(request, profile), request.params.table);
    return { opened: app.external.open(row), table, catalog: externalCatalog(table) };
  };
  /** Runs `work` on the connection; its failures say why without the secret. */
  const onConnection = async <T>(opened: OpenConnection, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw connectionErrorOf(error, opened.secrets);
    }
  };
  const returning = (request: FastifyRequest) => {
    if (preferencesOf(request).return !== "representation") return null;
    const select = searchOf(request).get("select");
    return parseReadQuery(new URLSearchParams(select === null ? [] : [["select", select]])).select;
  };
  const sendWrite = (request: FastifyRequest, reply: FastifyReply, result: WriteResult, created: boolean) => {
    reply.header("content-range", `*/${result.count}`);
    if (result.body === null) return reply.code(created ? 201 : 204).send();
    const body = representationOf(request) === "object" ? singleObject(result.body, result.count) : result.body;
    return reply.code(created ? 201 : 200).type("application/json; charset=utf-8").send(body);
  };

  app.get<{ Params: { id: string; table: string } }>("/:table", { schema: { params: Params } }, async (request, reply) => {
    const { opened, catalog } = await target(request, "viewer", "accept-profile");
    const query = parseReadQuery(searchOf(request), { range: rangeOf(request) });
    // The same streamed export as a form's table (routes/rest/export.ts), in batches on the connection's pool.
    const representation = representationOf(request);
    if (representation === "csv" || representation === "jsonl") {
      return exportRows(request, reply, catalog, query, representation, { db: opened.db, mapError: (error) => connectionErrorOf(error, opened.secrets) });
    }
    const { count } = preferencesOf(request);
    const page = await onConnection(opened, () => readPage(opened.db, catalog, query, {
      count: count ?? undefined, maxRows: LIMITS.rest_max_rows, counting: app.counting,
    }));
    reply.header("content-range", contentRange(page.offset, page.rows, page.count));
    if (page.grid) reply.header("fieldwork-count", gridCountHeader(page.grid));
    reply.header("fieldwork-read-only", catalog.read_only ? "true" : "false");
    const partial = page.count !== null && (page.offset > 0 || page.offset + page.rows < page.count);
    const body = representation === "object" ? singleObject(page.body, page.rows) : page.body;
    return reply.code(partial ? 206 : 200).type("application/json; charset=utf-8").send(body);
  });

  app.post<{ Params: { id: string; table: string } }>("/:table", { schema: { params: Params } }, async (request, reply) => {
    const { opened, table, catalog } = await target(request, "editor", "content-profile");
    const rows = (Array.isArray(request.body) ? request.body : [request.body]) as RowInput[];
    const result = await onConnection(opened, () => insertExternal(opened.db, table, catalog, rows, returning(request)));
    return sendWrite(request, reply, result, true);
  });

  app.patch<{ Params: { id: string; table: string } }>("/:table", { schema: { params: Params } }, async (request, reply) => {
    const { opened, table, catalog } = await target(request, "editor", "content-profile");
    const where = parseConditions(searchOf(request));
    const result = await onConnection(opened, () => updateExternal(opened.db, table, catalog, where, request.body as RowInput, returning(request)));
    return sendWrite(request, reply, result, false);
  });

  app.delete<{ Params: { id: string; table: string } }>("/:table", { schema: { params: Params } }, async (request, reply) => {
    const { opened, table, catalog } = await target(request, "editor", "content-profile");
    const where = parseConditions(searchOf(request));
    const result = await onConnection(opened, () => deleteExternal(opened.db, table, catalog, where, returning(request)));
    return sendWrite(request, reply, result, false);
  });
}
