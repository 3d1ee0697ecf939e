/**
 * Who is calling a private route: a project API key (`Authorization: Bearer fwk_…`) or a
 * better-auth session cookie. Runs for every request under /private/editor before routing
 * (unknown paths included); cookie-authenticated mutations must also carry the CSRF token.
 */
import { CSRF_HEADER, FieldworkError } from "@fieldwork/core";
import type { FastifyRequest } from "fastify";
import type { Caller } from "../../auth/access";
import { API_KEY_REFUSALS, findApiKey } from "../../auth/api-keys";
import { audit } from "../../auth/audit";
import type { Auth } from "../../auth/better-auth";
import { csrfTokenValid } from "../../auth/csrf";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The token of `Authorization: Bearer …`, if the request sends one. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];

export function authenticator(options: { auth: Auth; secret: string }) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const db = request.server.db;
    const bearer = bearerTokenOf(request);
    if (bearer) {
      const key = await findApiKey(db, bearer);
      if ("refused" in key) {
        await audit(db, request, {
          event: "auth.api_key_invalid", status: 401, api_key_id: key.id ?? null, details: { reason: key.refused }, persist: key.refused !== "invalid",
        });
        throw new FieldworkError("UNAUTHORIZED", API_KEY_REFUSALS[key.refused]);
      }
      request.caller = { kind: "api_key", api_key_id: key.id, project_id: key.project_id, role: key.role };
      return;
    }

    const headers = new Headers();
    if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
    const found = request.headers.cookie ? await options.auth.api.getSession({ headers }) : null;
    if (!found) {
      const reason = request.headers.cookie?.includes("session_token") ? "session expired or invalid" : "no credentials";
      await audit(db, request, { event: "auth.unauthenticated", status: 401, details: { reason }, persist: false });
      throw new FieldworkError("UNAUTHORIZED", reason === "no credentials" ? undefined : "Your session has expired. Sign in again.");
    }
    const caller: Caller = { kind: "user", user_id: found.user.id, session_id: found.session.id };
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers[CSRF_HEADER];
      if (!csrfTokenValid(options.secret, found.session.id, typeof given === "string" ? given : undefined)) {
        await audit(db, request, { event: "auth.csrf_rejected", status: 403, user_id: caller.user_id });
        throw new FieldworkError("CSRF_TOKEN_INVALID");
      }
    }
    request.caller = caller;
  };
}

/** The caller of a private route (set by `authenticate`, which runs first). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new FieldworkError("UNAUTHORIZED");
  return request.caller;
}

/** The caller as a signed-in person; an API key is refused (403) with `why`. */
export function userOf(caller: Caller, why = "API keys act on one project; this needs a signed-in member."): Extract<Caller, { kind: "user" }> {
  if (caller.kind !== "user") throw new FieldworkError("FORBIDDEN", why);
  return caller;
}
