import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireOrganizationRole } from "../../auth/access";
import { inviteByEmail } from "../../projects/email-invitations";
import { createOrganization, createProject, listMembers, removeMember } from "../../projects/organizations";
import { deleteOrganization, updateOrganization } from "../../projects/settings";
import { callerOf, userOf } from "./authenticate";
import { parseBody, RoleSchema } from "./parse";

type OrgParams = { Params: { org_id: string } };

export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  app.post("/organizations", async (request, reply) => {
    const caller = userOf(callerOf(request));
    const body = parseBody(z.object({ name: z.string(), display_name: z.string().max(100).optional() }), request.body);
    return reply.code(201).send({ data: await createOrganization(app.db, caller.user_id, body), error: null });
  });

  app.patch<OrgParams>("/organizations/:org_id", async (request) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    const body = parseBody(z.object({ name: z.string().optional(), display_name: z.string().max(100).optional() }).strict(), request.body);
    return { data: await updateOrganization(app.db, request.params.org_id, body), error: null };
  });

  /** Its projects, documents and every form's response table go with it. */
  app.delete<OrgParams>("/organizations/:org_id", async (request) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    return { data: await deleteOrganization(app.db, request.params.org_id), error: null };
  });

  app.get<OrgParams>("/organizations/:org_id/members", async (request) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "viewer");
    return { data: await listMembers(app.db, request.params.org_id), error: null };
  });

  /**
   * An invitation to the account with this email (it accepts or declines on its home page);
   * a member's own address changes their role. The same 202 whether an account has the address or not.
   */
  app.post<OrgParams>("/organizations/:org_id/members", async (request, reply) => {
    const caller = callerOf(request);
    await requireOrganizationRole(app.db, caller, request.params.org_id, "owner");
    const body = parseBody(z.object({ email: z.string().max(254).email(), role: RoleSchema }), request.body);
    const created_by = caller.kind === "user" ? caller.user_id : null;
    return reply.code(202).send({ data: await inviteByEmail(app.db, request.params.org_id, { ...body, created_by }), error: null });
  });

  app.delete<{ Params: { org_id: string; user_id: string } }>("/organizations/:org_id/members/:user_id", async (request) => {
    // Owners remove anyone; every member may leave (the last owner cannot: LAST_OWNER).
    const caller = callerOf(request);
    const leaving = caller.kind === "user" && caller.user_id === request.params.user_id;
    await requireOrganizationRole(app.db, caller, request.params.org_id, leaving ? "viewer" : "owner");
    return { data: await removeMember(app.db, request.params.org_id, request.params.user_id), error: null };
  });

  app.post<OrgParams>("/organizations/:org_id/projects", async (request, reply) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    const body = parseBody(z.object({ name: z.string() }), request.body);
    return reply.code(201).send({ data: await createProject(app.db, request.params.org_id, body.name), error: null });
  });
}
