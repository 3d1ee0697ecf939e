/**
 * The Data API's routes for one mount point (`/rest/v1` with an API key, or a project's
 * path in the private API with a member's session): thin adapters from PostgREST's HTTP
 * conventions to the query engine. Reads need the viewer role, writes the editor role.
 */
import { FieldworkError, LIMITS, parseConditions, parseReadQuery, type Role } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { withFileReferences } from "../../forms/files/file-references";
import { queryGuardOf } from "../../limits/load-limits";
import { guarded } from "../../query/query-guard";
import { gridCountHeader } from "../../query/count";
import { readPage } from "../../query/read";
import { listTables, profileOf, resolveTable } from "../../query/tables";
import { deleteRows, insertRows, updateRows, type WriteResult } from "../../query/write";
import { deleteSchemaRows, insertSchemaRows, updateSchemaRows } from "../../schemas/schema-write";
import { schemaIndexTarget } from "../../schemas/schema-indexes";
import type { ApiTable } from "../../query/tables";
import type { RowInput } from "../../query/write-values";
import { useDepthLimitedJson } from "../json-body";
import { exportRows } from "./export";
import { openApiDocument } from "./openapi";
import { contentRange, preferencesOf, rangeOf, representationOf } from "./prefer";

export interface RestMount {
  /** The project the caller reads or writes, after checking the caller has `min` there. */
  projectOf(request: FastifyRequest, reply: FastifyReply, min: Role): Promise<string>;
}

/** Loose: under the member mount the params also hold `project_id`. */
const TableParams = z.looseObject({ table: z.string().min(1).max(256) });
type TableRequest = FastifyRequest<{ Params: { table: string } }>;

const searchOf = (request: FastifyRequest) => new URL(request.url, "http://localhost").searchParams;

const sendJson = (reply: FastifyReply, body: string) => reply.type("application/json; charset=utf-8").send(body);

/** `[{…}]` → `{…}` for `Accept: application/vnd.pgrst.object+json`; anything but one row is 406. */
function singleObject(body: string, rows: number): string {
  if (rows !== 1) throw new FieldworkError("NOT_SINGLE_ROW", `One row was requested; the result has ${rows}.`);
  return body.slice(1, -1).trim();
}

function checkOnConflict(request: FastifyRequest, key: readonly string[]) {
  const onConflict = searchOf(request).get("on_conflict");
  if (onConflict !== null && onConflict.split(",").map((s) => s.trim().replaceAll('"', "")).join(",") !== key.join(",")) {
    throw new FieldworkError("QUERY_INVALID", `on_conflict takes the primary key, ${key.join(",")}.`);
  }
}

/** A form's table writes through its form's rules (query/write.ts), a schema table through its attributes (schemas/schema-write.ts). */
const writesOf = (table: ApiTable) => (table.schemaTable
  ? { insert: insertSchemaRows, update: updateSchemaRows, remove: deleteSchemaRows }
  : { insert: insertRows, update: updateRows, remove: deleteRows });

function sendWrite(request: FastifyRequest, reply: FastifyReply, result: WriteResult, created: boolean) {
  reply.header("content-range", `*/${result.count}`);
  if (result.body === null) return reply.code(created ? 201 : 204).send();
  const body = representationOf(request) === "object" ? singleObject(result.body, result.count) : result.body;
  return sendJson(reply.code(created ? 201 : 200), body);
}

export function restHandlers(mount: RestMount) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const db = app.db;
    // postgrest-js sends `Content-Type: application/json` with every DELETE, which has no body.
    useDepthLimitedJson(app, { emptyDelete: true });
    const table = async (request: TableRequest, reply: FastifyReply, min: Role, profileHeader: string) => {
      const projectId = await mount.projectOf(request, reply, min);
      return resolveTable(db, projectId, profileOf(request.headers[profileHeader]), request.params.table);
    };
    const returning = (request: FastifyRequest) =>
      preferencesOf(request).return === "representation" ? parseReadQuery(new URLSearchParams(pick(searchOf(request), "select"))).select : null;

    app.get("/", async (request, reply) => {
      const projectId = await mount.projectOf(request, reply, "viewer");
      const profile = profileOf(request.headers["accept-profile"]);
      const basePath = new URL(request.url, "http://localhost").pathname.replace(/\/$/, "");
      const tables = await listTables(db, projectId, profile);
      return reply.type("application/openapi+json; charset=utf-8")
        .send(openApiDocument({ profile, basePath, host: request.host, tables }));
    });

    app.get<{ Params: { table: string } }>("/:table", { schema: { params: TableParams } }, async (request, reply) => {
      const { catalog, record, schemaTable } = await table(request, reply, "viewer", "accept-profile");
      const query = parseReadQuery(searchOf(request), { range: rangeOf(request) });
      // The indexes this read would use are queued, not waited for (tables/lazy-indexes.ts).
      app.lazyIndexes.note(schemaTable ? await schemaIndexTarget(db, schemaTable) : record, query);
      const representation = representationOf(request);
      if (representation === "csv" || representation === "jsonl") return exportRows(request, reply, catalog, query, representation);
      const { count } = preferencesOf(request);
      const page = await readPage(db, catalog, query, {
        count: count ?? undefined, maxRows: LIMITS.rest_max_rows, counting: app.counting, guard: queryGuardOf(request, reply),
      });
      if (count === "exact" && page.count !== null && page.offset > 0 && page.offset >= page.count) {
        throw new FieldworkError("RANGE_NOT_SATISFIABLE", `The range starts at row ${page.offset}; there are ${page.count}.`);
      }
      reply.header("content-range", contentRange(page.offset, page.rows, page.count));
      if (page.grid) reply.header("fieldwork-count", gridCountHeader(page.grid));
      const partial = page.count !== null && (page.offset > 0 || page.offset + page.rows < page.count);
      // File columns read as file references with signed links (forms/files/file-references.ts).
      const rowsBody = record ? withFileReferences(page.body, record, app.signStorageUrl, false) : page.body;
      const body = representation === "object" ? singleObject(rowsBody, page.rows) : rowsBody;
      return sendJson(reply.code(partial ? 206 : 200), body);
    });

    app.post<{ Params: { table: string } }>("/:table", { schema: { params: TableParams } }, async (request, reply) => {
      const target = await table(request, reply, "editor", "content-profile");
      checkOnConflict(request, target.schemaTable ? target.catalog.key : ["id"]);
      const body = request.body;
      const rows = (Array.isArray(body) ? body : [body]) as RowInput[];
      const result = await writesOf(target).insert(db, target, rows, preferencesOf(request).resolution, { returning: returning(request) });
      if (target.record) app.searchFiller.note(target.record.form.table_name);
      return sendWrite(request, reply, result, true);
    });

    app.patch<{ Params: { table: string } }>("/:table", { schema: { params: TableParams } }, async (request, reply) => {
      const target = await table(request, reply, "editor", "content-profile");
      const where = parseConditions(searchOf(request));
      const result = await guarded(db, queryGuardOf(request, reply), (g) => writesOf(target).update(g, target, where, request.body as RowInput, { returning: returning(request) }));
      if (target.record) app.searchFiller.note(target.record.form.table_name);
      return sendWrite(request, reply, result, false);
    });

    app.delete<{ Params: { table: string } }>("/:table", { schema: { params: TableParams } }, async (request, reply) => {
      const target = await table(request, reply, "editor", "content-profile");
      const where = parseConditions(searchOf(request));
      const result = await guarded(db, queryGuardOf(request, reply), (g) => writesOf(target).remove(g, target, where, { returning: returning(request) }));
      return sendWrite(request, reply, result, false);
    });
  };
}

function pick(params: URLSearchParams, key: string): [string, string][] {
  const value = params.get(key);
  return value === null ? [] : [[key, value]];
}
