/** The public form API (spec 1 §7): sessions, preload, partial answers and submit. */
import { PARAM } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { preloadForm } from "../forms/preload";
import { createSession, saveSessionField } from "../forms/session";
import { submitResponse } from "../forms/submit/submit";
import { readPostedEntries } from "./posted-entries";

export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");

type FormParams = { Params: { form_id: string } };

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  app.get<FormParams>("/v1/:form_id/session", async (request) => {
    const id = await createSession(app.db, request.params.form_id, request.headers["user-agent"]);
    return { data: { id }, error: null };
  });

  app.get<FormParams & { Querystring: Record<string, string | string[]> }>("/v1/:form_id", async (request) => {
    const query = flatQuery(request.query);
    const preload = await preloadForm(app.db, {
      form_id: request.params.form_id,
      session_id: query[PARAM.session],
      visitor_id: query[PARAM.visitor_id],
      params: query,
    });
    return { data: preload, error: preload.error };
  });

  app.patch<{ Params: { session_id: string; field_id: string }; Body: { value?: unknown } }>(
    "/v1/session/:session_id/field/:field_id",
    {
      schema: {
        body: { type: "object", required: ["value"], properties: { value: {} } },
      },
    },
    async (request) => {
      await saveSessionField(app.db, request.params.session_id, request.params.field_id, request.body.value);
      return { data: { ok: true }, error: null };
    },
  );

  app.post<FormParams>("/submit/:form_id", { config: { html: true } }, async (request, reply) => {
    const entries = await readPostedEntries(request);
    const result = await submitResponse(app.db, request.params.form_id, entries, {
      user_agent: request.headers["user-agent"]?.slice(0, 512) ?? null,
      referer: request.headers.referer?.slice(0, 2048) ?? null,
      ip: request.ip ?? null,
    });
    if (wantsJson(request)) {
      return reply.code(result.duplicate ? 200 : 201).send({
        data: {
          id: result.id, form_id: result.form_id, local_index: result.local_index,
          created_at: result.created_at, duplicate: result.duplicate, redirect: result.redirect,
        },
        error: null,
      });
    }
    return reply.redirect(result.redirect, 303);
  });
}

/** Query strings as plain name → value (the last one wins for repeated names). */
export function flatQuery(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.at(-1) ?? "" : v]),
  );
}
