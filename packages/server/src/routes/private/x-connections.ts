/**
 * External database connections (spec 2 §7 "x-supabase"; core's external/connection-api.ts;
 * docs/databases.md), under /private/editor. Access is checked before a body is read; a
 * connection of another project answers CONNECTION_NOT_FOUND like a missing one. Every
 * failure of the connected database goes through connectionErrorOf, which says why without
 * the secret.
 */
import {
  AUTH_USERS_PER_PAGE, AuthUsersQuery, ConnectionCreate, ConnectTableBody, CustomSchemaBody, LIMITS, ServiceKeyBody,
} from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { requireFormRole } from "../../auth/access";
import { connectionErrorOf } from "../../external/connection-errors";
import { connectionView } from "../../external/connection-service";
import { externalCatalog, snapshotTable } from "../../external/external-catalog";
import { connectFormTable, disconnectFormTable, formTarget } from "../../external/form-target";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const Params = z.object({ id: z.string().max(LIMITS.short_text_length) });
const FormParams = z.object({ form_id: z.string().max(LIMITS.short_text_length) });
const ListQuery = z.looseObject({ grida_project_id: z.string().max(LIMITS.short_text_length) });

export async function xConnectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = "/x-supabase/projects";

  app.post(base, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const body = parseBody(ConnectionCreate, request.body);
    return reply.code(201).send({ data: await app.external.create(callerOf(request), body), error: null });
  });

  app.get(base, async (request) => {
    const { grida_project_id } = parseBody(ListQuery, request.query);
    return { data: await app.external.list(callerOf(request), grida_project_id), error: null };
  });

  app.get(`${base}/:id`, { schema: { params: Params } }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "viewer");
    return { data: connectionView(row, true), error: null };
  });

  app.patch(`${base}/:id`, { schema: { params: Params }, bodyLimit: 1024 }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "editor");
    return { data: await app.external.refresh(row), error: null };
  });

  app.post(`${base}/:id/custom-schema`, { schema: { params: Params }, bodyLimit: 1024 }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "editor");
    const { schema_name } = parseBody(CustomSchemaBody, request.body);
    return { data: await app.external.refresh(row, schema_name), error: null };
  });

  // spec 2 §7: the service key goes in sealed and never comes back; GET says whether one is kept.
  app.post(`${base}/:id/secure-service-key`, { schema: { params: Params }, bodyLimit: 4096 }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "editor");
    const { service_key } = parseBody(ServiceKeyBody, request.body);
    return { data: await app.external.setServiceKey(row, service_key), error: null };
  });
  app.get(`${base}/:id/secure-service-key`, { schema: { params: Params } }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "viewer");
    return { data: app.external.hasServiceKey(row), error: null };
  });

  app.delete(`${base}/:id`, { schema: { params: Params } }, async (request, reply) => {
    const row = await app.external.require(callerOf(request), request.params.id, "editor");
    await app.external.remove(row);
    return reply.code(204).send();
  });

  // spec 3: auth users of a connected project, read only, page (from 1) and perPage (100).
  app.get(`${base}/:id/x/auth.users/query`, { schema: { params: Params } }, async (request) => {
    const row = await app.external.require(callerOf(request), request.params.id, "viewer");
    const query = parseBody(AuthUsersQuery, request.query);
    const opened = app.external.open(row);
    const table = snapshotTable(opened.snapshot, "auth", "users");
    const catalog = externalCatalog(table);
    const perPage = query.perPage ?? AUTH_USERS_PER_PAGE;
    const page = query.page ?? 1;
    const order = catalog.columns.some((c) => c.name === "created_at") ? sql`${sql.id("created_at")}, ${sql.id("id")}` : sql`1`;
    try {
      const { rows } = await sql<{ users: string; total: string | number }>`
        select coalesce((select json_agg(u)::text from (select ${sql.join(catalog.columns.map((c) => sql.id(c.name)))}
          from ${catalog.from} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}) u), '[]') as users,
          (select count(*) from ${catalog.from}) as total`.execute(opened.db);
      return { data: { users: JSON.parse(rows[0]!.users) as unknown[], total: Number(rows[0]!.total), page, perPage }, error: null };
    } catch (error) {
      throw connectionErrorOf(error, opened.secrets);
    }
  });

  // spec 2 §7: a form writes its answers into a connected table (external/form-target.ts).
  const connect = "/forms/:form_id/connect/with-x-sb-table";
  app.put(connect, { schema: { params: FormParams }, bodyLimit: 64 * 1024 }, async (request) => {
    await requireFormRole(app.db, callerOf(request), request.params.form_id, "editor"); // before the body is read
    const body = parseBody(ConnectTableBody, request.body);
    return { data: await connectFormTable(app.db, app.external, callerOf(request), request.params.form_id, body), error: null };
  });
  app.get(connect, { schema: { params: FormParams } }, async (request) => (
    { data: await formTarget(app.db, callerOf(request), request.params.form_id), error: null }
  ));
  app.delete(connect, { schema: { params: FormParams } }, async (request, reply) => {
    await disconnectFormTable(app.db, callerOf(request), request.params.form_id);
    return reply.code(204).send();
  });
}
