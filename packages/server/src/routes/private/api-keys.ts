import { FieldworkError } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireProjectRole } from "../../auth/access";
import { createApiKey } from "../../auth/api-keys";
import { isUuid } from "../../forms/form-record";
import { callerOf } from "./authenticate";
import { parseBody, RoleSchema } from "./parse";

type ProjectParams = { Params: { project_id: string } };

export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get<ProjectParams>("/projects/:project_id/api-keys", async (request) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "owner");
    const keys = await app.db.selectFrom("project_api_key")
      .select(["id", "name", "role", "prefix", "created_at", "last_used_at"])
      .where("project_id", "=", request.params.project_id).orderBy("created_at").execute();
    return { data: keys, error: null };
  });

  app.post<ProjectParams>("/projects/:project_id/api-keys", async (request, reply) => {
    const caller = callerOf(request);
    await requireProjectRole(app.db, caller, request.params.project_id, "owner");
    const body = parseBody(z.object({ name: z.string().min(1).max(100), role: RoleSchema }), request.body);
    const key = await createApiKey(app.db, {
      project_id: request.params.project_id, name: body.name, role: body.role,
      created_by: caller.kind === "user" ? caller.user_id : null,
    });
    return reply.code(201).send({ data: { id: key.id, name: body.name, role: body.role, token: key.token }, error: null });
  });

  app.delete<{ Params: { project_id: string; key_id: string } }>("/projects/:project_id/api-keys/:key_id", async (request) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "owner");
    if (!isUuid(request.params.key_id)) throw new FieldworkError("NOT_FOUND");
    const deleted = await app.db.deleteFrom("project_api_key")
      .where("id", "=", request.params.key_id).where("project_id", "=", request.params.project_id).executeTakeFirst();
    if (!deleted.numDeletedRows) throw new FieldworkError("NOT_FOUND");
    return { data: { id: request.params.key_id }, error: null };
  });
}
