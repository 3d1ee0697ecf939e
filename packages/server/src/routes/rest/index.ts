/**
 * Where the Data API is mounted:
 *
 * - `/rest/v1` for scripts and PostgREST clients, with a project API key in
 *   `Authorization: Bearer fwk_…` or the `apikey` header (what supabase-js sends);
 * - `/private/editor/projects/{project_id}/rest/v1` for signed-in members (the private
 *   API's cookie session and CSRF header), registered by the private routes.
 *
 * Errors answer in PostgREST's shape, `{ code, message, details, hint }`, which
 * postgrest-js hands to the caller as `error`.
 */
import { FieldworkError, roleAtLeast } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireProjectRole } from "../../auth/access";
import { API_KEY_REFUSALS, findApiKey, type ApiKeyCaller } from "../../auth/api-keys";
import { audit } from "../../auth/audit";
import { toFieldworkError } from "../../http-errors";
import { queryErrorOf } from "../../query/pg-errors";
import { limitCallerRate } from "../../limits/load-limits";
import { bearerTokenOf, callerOf } from "../private/authenticate";
import { restHandlers } from "./handlers";

export function restErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  let known = toFieldworkError(error) ?? queryErrorOf(error);
  if (!known) {
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    known = new FieldworkError("INTERNAL_SERVER_ERROR", `Something went wrong on our side (request ${request.id}).`);
  }
  const body = { ...known.toJSON(), details: null, hint: null };
  return reply.code(known.status).type("application/json; charset=utf-8").send(body);
}

/** The key of `Authorization: Bearer …`, else of the `apikey` header supabase-js sends. */
const apiKeyOf = (request: FastifyRequest) => {
  const apikey = request.headers.apikey;
  return bearerTokenOf(request) ?? (typeof apikey === "string" ? apikey.trim() : undefined);
};

const API_KEY = Symbol("the request's API key");
type WithKey = FastifyRequest & { [API_KEY]?: ApiKeyCaller };

/**
 * `/rest/v1`: a project API key picks the project; its role must reach `min`. The key is
 * checked in an onRequest hook, before Fastify reads the body: a request without a valid
 * key is answered 401 whatever it sends.
 */
export async function restApiRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ ...new FieldworkError("NOT_FOUND").toJSON(), details: null, hint: null }));
  app.addHook("onRequest", async (request: WithKey) => {
    const token = apiKeyOf(request);
    const key = token ? await findApiKey(app.db, token) : undefined;
    if (!key || "refused" in key) {
      await audit(app.db, request, {
        event: "auth.api_key_invalid", status: 401, api_key_id: key?.id ?? null,
        ...(key ? { details: { reason: key.refused } } : {}), persist: key !== undefined && key.refused !== "invalid",
      });
      throw new FieldworkError("UNAUTHORIZED", key ? API_KEY_REFUSALS[key.refused] : "Send a project API key: Authorization: Bearer fwk_… or apikey: fwk_….");
    }
    request[API_KEY] = key;
  });
  await app.register(restHandlers({
    async projectOf(request: WithKey, reply, min) {
      const key = request[API_KEY];
      if (!key) throw new FieldworkError("UNAUTHORIZED");
      request.caller = { kind: "api_key", api_key_id: key.id, project_id: key.project_id, role: key.role };
      await limitCallerRate(request, reply);
      if (!roleAtLeast(key.role, min)) {
        throw new FieldworkError("FORBIDDEN", `This needs the ${min} role; the key has the ${key.role} role.`);
      }
      return key.project_id;
    },
  }));
}

/** The same routes for a signed-in member, under a project's path in the private API. */
export async function memberRestRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  await app.register(restHandlers({
    async projectOf(request, _reply, min) {
      const projectId = (request.params as { project_id?: string }).project_id ?? "";
      await requireProjectRole(app.db, callerOf(request), projectId, min);
      return projectId;
    },
  }));
}
