import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireOrganizationRole } from "../../auth/access";
import { answerInvitation, myInvitations } from "../../projects/email-invitations";
import { acceptInvitation, createInvitation, listInvitations, previewInvitation, revokeInvitation } from "../../projects/invitations";
import { callerOf, userOf } from "./authenticate";
import { parseBody, RoleSchema } from "./parse";

type OrgParams = { Params: { org_id: string } };
type TokenParams = { Params: { token: string } };

/** Owners make and revoke invitation links; any signed-in person opens and accepts one. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const userIdOf = (request: Parameters<typeof callerOf>[0]) => userOf(callerOf(request), "Invitations are for people: sign in to accept one.").user_id;

  app.get<OrgParams>("/organizations/:org_id/invitations", async (request) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    return { data: await listInvitations(app.db, request.params.org_id), error: null };
  });

  app.post<OrgParams>("/organizations/:org_id/invitations", async (request, reply) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    const body = parseBody(z.object({ role: RoleSchema, label: z.string().max(100).optional() }).strict(), request.body);
    const created = await createInvitation(app.db, { organization_id: request.params.org_id, ...body, created_by: userIdOf(request) });
    return reply.code(201).send({ data: created, error: null });
  });

  app.delete<{ Params: { org_id: string; invitation_id: string } }>("/organizations/:org_id/invitations/:invitation_id", async (request) => {
    await requireOrganizationRole(app.db, callerOf(request), request.params.org_id, "owner");
    return { data: await revokeInvitation(app.db, request.params.org_id, request.params.invitation_id), error: null };
  });

  /** Invitations by email to the caller's account, and their answer. */
  app.get("/me/invitations", async (request) => ({ data: await myInvitations(app.db, userIdOf(request)), error: null }));
  app.post<{ Params: { invitation_id: string } }>("/me/invitations/:invitation_id/accept", async (request) => {
    return { data: await answerInvitation(app.db, userIdOf(request), request.params.invitation_id, true), error: null };
  });
  app.post<{ Params: { invitation_id: string } }>("/me/invitations/:invitation_id/decline", async (request) => {
    return { data: await answerInvitation(app.db, userIdOf(request), request.params.invitation_id, false), error: null };
  });

  app.get<TokenParams>("/invitations/:token", async (request) => {
    return { data: await previewInvitation(app.db, request.params.token, userIdOf(request)), error: null };
  });

  app.post<TokenParams>("/invitations/:token/accept", async (request) => {
    return { data: await acceptInvitation(app.db, request.params.token, userIdOf(request)), error: null };
  });
}
