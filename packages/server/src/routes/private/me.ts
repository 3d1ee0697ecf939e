import { LIMITS } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { csrfTokenFor } from "../../auth/csrf";
import { audit } from "../../auth/audit";
import { deleteAccount } from "../../auth/delete-account";
import { listSessions, revokeSessions } from "../../auth/sessions";
import { describeUser, updateProfile } from "../../projects/organizations";
import { callerOf, userOf } from "./authenticate";
import { parseBody } from "./parse";
import type { PrivateOptions } from "./index";

/** The signed-in person: who they are (with the CSRF token), their name, their sessions. */
export async function meRoutes(app: FastifyInstance, options: Omit<PrivateOptions, "payments">): Promise<void> {
  app.get("/me", async (request) => {
    const caller = userOf(callerOf(request));
    const me = await describeUser(app.db, caller.user_id);
    return { data: { ...me, csrf_token: csrfTokenFor(options.secret, caller.session_id) }, error: null };
  });

  app.patch("/me", async (request) => {
    const caller = userOf(callerOf(request));
    const body = parseBody(z.object({ display_name: z.string().max(LIMITS.display_name_length) }).strict(), request.body);
    const me = await updateProfile(app.db, caller.user_id, body);
    return { data: { ...me, csrf_token: csrfTokenFor(options.secret, caller.session_id) }, error: null };
  });

  /** `{ password }`: deletes the caller's account (not while they are an organization's only owner). */
  app.post("/me/delete", async (request) => {
    const caller = userOf(callerOf(request));
    const body = parseBody(z.object({ password: z.string().max(256) }).strict(), request.body);
    try {
      const deleted = await deleteAccount(app.db, options.auth, caller.user_id, body.password);
      await audit(app.db, request, { event: "account.deleted", status: 200, user_id: caller.user_id });
      return { data: deleted, error: null };
    } catch (error) {
      await audit(app.db, request, { event: "account.delete_refused", status: 400, user_id: caller.user_id, details: { reason: String((error as { code?: string }).code ?? "error") } });
      throw error;
    }
  });

  app.get("/me/sessions", async (request) => {
    const caller = userOf(callerOf(request));
    return { data: await listSessions(app.db, caller.user_id, caller.session_id), error: null };
  });

  /** `{ session_id }` signs out that session; `{}` signs out every session but this one. */
  app.post("/me/sessions/revoke", async (request) => {
    const caller = userOf(callerOf(request));
    const body = parseBody(z.object({ session_id: z.string().max(LIMITS.short_text_length).optional() }).strict(), request.body);
    return { data: await revokeSessions(app.db, caller.user_id, caller.session_id, body.session_id), error: null };
  });
}
