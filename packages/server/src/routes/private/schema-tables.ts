/**
 * A schema document's tables (spec 2 §7): `POST /schema/{schema_id}/tables/new`,
 * `DELETE /schema/{schema_id}/tables/{table_id}` with `{ user_confirmation_txt }`, and the
 * columns of a table. `schema_id` is the document's id; a viewer lists, an editor changes;
 * a document of another project is 404 like one that does not exist. Rows go through the
 * Data API (`/projects/{project_id}/rest/v1/{name}`).
 */
import { LIMITS } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireDocumentRole } from "../../auth/access";
import {
  addSchemaColumn, changeSchemaColumn, createSchemaTable, deleteSchemaTable, dropSchemaColumn, listSchemaTables,
} from "../../schemas/schema-service";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

const Id = z.string().max(LIMITS.short_text_length);
const SchemaParams = z.object({ schema_id: Id });
const TableParams = z.object({ schema_id: Id, table_id: Id });
const ColumnParams = z.object({ schema_id: Id, table_id: Id, column: Id });
const NewTable = z.object({ name: z.string().max(256), description: z.string().max(1_000).nullable().optional(), attributes: z.array(z.unknown()).max(200).optional() });
const DeleteTable = z.object({ user_confirmation_txt: z.string().max(256) });

export async function schemaTableRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const doc = (request: FastifyRequest<{ Params: { schema_id: string } }>, min: "viewer" | "editor") =>
    requireDocumentRole(app.db, callerOf(request), request.params.schema_id, min);

  app.get("/schema/:schema_id/tables", { schema: { params: SchemaParams } }, async (request) => {
    return { data: await listSchemaTables(app.db, await doc(request, "viewer")), error: null };
  });

  app.post("/schema/:schema_id/tables/new", { schema: { params: SchemaParams } }, async (request, reply) => {
    const schema = await doc(request, "editor");
    const body = parseBody(NewTable, request.body);
    return reply.code(201).send({ data: await createSchemaTable(app.db, schema, body), error: null });
  });

  app.delete("/schema/:schema_id/tables/:table_id", { schema: { params: TableParams } }, async (request) => {
    const schema = await doc(request, "editor");
    const body = parseBody(DeleteTable, request.body);
    return { data: await deleteSchemaTable(app.db, schema, request.params.table_id, body.user_confirmation_txt), error: null };
  });

  app.post("/schema/:schema_id/tables/:table_id/columns", { schema: { params: TableParams } }, async (request, reply) => {
    const schema = await doc(request, "editor");
    return reply.code(201).send({ data: await addSchemaColumn(app.db, schema, request.params.table_id, request.body), error: null });
  });

  app.put("/schema/:schema_id/tables/:table_id/columns/:column", { schema: { params: ColumnParams } }, async (request) => {
    const schema = await doc(request, "editor");
    return { data: await changeSchemaColumn(app.db, schema, request.params.table_id, request.params.column, request.body), error: null };
  });

  app.delete("/schema/:schema_id/tables/:table_id/columns/:column", { schema: { params: ColumnParams } }, async (request) => {
    const schema = await doc(request, "editor");
    return { data: await dropSchemaColumn(app.db, schema, request.params.table_id, request.params.column), error: null };
  });
}
