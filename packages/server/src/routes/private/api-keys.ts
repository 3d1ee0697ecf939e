import { FieldworkError, roleAtLeast } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireProjectRole } from "../../auth/access";
import { createApiKey } from "../../auth/api-keys";
import { isUuid } from "../../forms/form-record";
import { callerOf, userOf } from "./authenticate";
import { parseBody, RoleSchema } from "./parse";

type ProjectParams = { Params: { project_id: string } };

export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get<ProjectParams>("/projects/:project_id/api-keys", async (request) => {
    await requireProjectRole(app.db, callerOf(request), request.params.project_id, "owner");
    const keys = await app.db.selectFrom("project_api_key as k")
      .innerJoin("project as p", "p.id", "k.project_id")
      .leftJoin("app_user as u", "u.id", "k.created_by")
      .leftJoin("user_profile as up", "up.uid", "k.created_by")
      .leftJoin("organization_member as m", (join) => join.onRef("m.organization_id", "=", "p.organization_id").onRef("m.user_id", "=", "k.created_by"))
      .select(["k.id", "k.name", "k.role", "k.prefix", "k.created_at", "k.last_used_at", "k.expires_at", "k.created_by",
        "u.email as created_by_email", "up.display_name as created_by_name", "m.role as creator_role"])
      .where("k.project_id", "=", request.params.project_id).orderBy("k.created_at").execute();
    const now = Date.now();
    return {
      data: keys.map(({ creator_role, created_by_email, created_by_name, ...key }) => ({
        ...key,
        created_by: key.created_by ? { id: key.created_by, email: created_by_email, display_name: created_by_name } : null,
        status: key.expires_at && key.expires_at.getTime() <= now ? "expired"
          : !creator_role || !roleAtLeast(creator_role, key.role) ? "creator_gone" : "active",
      })),
      error: null,
    };
  });

  app.post<ProjectParams>("/projects/:project_id/api-keys", async (request, reply) => {
    const caller = callerOf(request);
    await requireProjectRole(app.db, caller, request.params.project_id, "owner");
    const body = parseBody(z.object({
      name: z.string().min(1).max(100), role: RoleSchema,
      expires_at: z.iso.datetime({ offset: true }).nullish(),
    }), request.body);
    const expires_at = body.expires_at ? new Date(body.expires_at) : null;
    if (expires_at && expires_at.getTime() <= Date.now()) throw new FieldworkError("MALFORMED_REQUEST", "expires_at must be in the future.");
    // A key acts for the member who makes it; a key cannot make keys (it would outlive nobody).
    const maker = userOf(caller, "Keys are made by a signed-in owner: a key acts for the member who made it.");
    const key = await createApiKey(app.db, {
      project_id: request.params.project_id, name: body.name, role: body.role, created_by: maker.user_id, expires_at,
    });
    return reply.code(201).send({
      data: { id: key.id, name: body.name, role: body.role, token: key.token, expires_at: expires_at?.toISOString() ?? null }, error: null,
    });
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
