/**
 * The public form API (spec 1 §7): sessions, preload, partial answers and submit. Each route
 * declares its schemas (from @fieldwork/core) and the public rate limit it counts against.
 */
import {
  BODY_LIMIT_BYTES, ErrorEnvelope, FieldPatchAnswer, FieldPatchBody, FieldPatchParams, FormParams, FormQuery, PARAM, PreloadAnswer, ReferenceLookupQuery, SearchMetaAnswer,
  SessionAnswer, SubmitAnswer,
} from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { preloadForm } from "../forms/preload";
import { createSession, PARTIAL_ANSWER_CAPS, saveSessionField, type PartialAnswerCaps } from "../forms/session";
import { fileReceiver } from "../forms/files/submit-files";
import { submitResponse, type SubmitResult } from "../forms/submit/submit";
import { countUnlessCounted, RateLimitedError } from "../limits/rate-limit";
import { readPostedEntries } from "./posted-entries";
import { queryGuardOf } from "../limits/load-limits";
import { lookupRows, searchMeta, sessionReference } from "../references/reference-lookup";

export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");

const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };

export interface PublicOptions {
  /** Bytes of partial answers a session and a form keep (tests lower them). */
  partialAnswerCaps?: PartialAnswerCaps;
}

export async function publicRoutes(fastify: FastifyInstance, options: PublicOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caps = options.partialAnswerCaps ?? PARTIAL_ANSWER_CAPS;

  app.get("/v1/:form_id/session", {
    config: { rate_limit: "session" },
    schema: { params: FormParams, response: { 200: SessionAnswer, ...errors } },
  }, async (request) => {
    const id = await createSession(app.db, request.params.form_id, request.headers["user-agent"]);
    return { data: { id }, error: null };
  });

  app.get("/v1/:form_id", {
    config: { rate_limit: "read" },
    schema: { params: FormParams, querystring: FormQuery, response: { 200: PreloadAnswer, ...errors } },
  }, async (request) => {
    const query = flatQuery(request.query);
    const preload = await preloadForm(app.db, {
      form_id: request.params.form_id,
      session_id: query[PARAM.session],
      visitor_id: query[PARAM.visitor_id],
      customer_cookie: cookieValue(request.headers.cookie, PARAM.customer_uuid),
      params: query,
    });
    return { data: { ...preload }, error: preload.error };
  });

  app.patch("/v1/session/:session_id/field/:field_id", {
    config: { rate_limit: "answer" },
    bodyLimit: BODY_LIMIT_BYTES.session_field,
    schema: { params: FieldPatchParams, body: FieldPatchBody, response: { 200: FieldPatchAnswer, ...errors } },
  }, async (request) => {
    await saveSessionField(app.db, request.params.session_id, request.params.field_id, request.body.value, caps);
    return { data: { ok: true as const }, error: null };
  });

  /** A reference field's meta (spec 1 §3.6) and its lookup: only the columns the owner exposed. */
  app.get("/v1/session/:session_id/field/:field_id/search/meta", {
    config: { rate_limit: "lookup" },
    schema: { params: FieldPatchParams, response: { 200: SearchMetaAnswer, ...errors } },
  }, async (request) => {
    const { target } = await sessionReference(app.db, request.params.session_id, request.params.field_id);
    return { data: searchMeta(target), error: null };
  });

  app.get("/v1/session/:session_id/field/:field_id/search", {
    config: { rate_limit: "lookup" },
    schema: { params: FieldPatchParams, querystring: ReferenceLookupQuery, response: { ...errors } },
  }, async (request, reply) => {
    const { target } = await sessionReference(app.db, request.params.session_id, request.params.field_id);
    const rows = await lookupRows(app.db, target, request.query, { counting: app.counting, guard: queryGuardOf(request, reply), external: app.external });
    // The rows are JSON built by Postgres (query/read.ts), sent as they are.
    return (reply as FastifyReply).type("application/json; charset=utf-8").send(`{"data":${rows},"error":null}`);
  });

  /** Multipart or urlencoded (read by `readPostedEntries`); JSON answer with `Accept: application/json`, else 303. */
  app.post("/submit/:form_id", {
    config: { html: true, rate_limit: "submit", rate_limit_in_transaction: true },
    schema: { params: FormParams, response: { 200: SubmitAnswer, 201: SubmitAnswer, ...errors } },
  }, async (request, reply) => {
    const files = fileReceiver(app.db, app.storage, request.params.form_id);
    let result: SubmitResult;
    try {
      result = await submitFrom(request, files);
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retry_after));
      await files.discard().catch((failure: unknown) => request.log.warn({ err: failure }, "could not remove the files of a refused submit"));
      throw error;
    }
    if (files.any) {
      // What the row did not claim goes (a repeated submit's files, a field logic hid); the rest moves out of tmp/ now.
      await files.discard().catch((failure: unknown) => request.log.warn({ err: failure }, "could not remove unclaimed files"));
      if (!result.duplicate) void app.storageMoves.kick();
    }
    if (wantsJson(request)) {
      const answer: SubmitAnswer = {
        data: {
          id: result.id, form_id: result.form_id, local_index: result.local_index,
          created_at: result.created_at.toISOString(), duplicate: result.duplicate, redirect: result.redirect,
        },
        error: null,
      };
      // Serialized here (its type is the schema's): the schema's check of every answer was a measurable part of a submit's CPU.
      return (reply as FastifyReply).code(result.duplicate ? 200 : 201).type("application/json; charset=utf-8").send(JSON.stringify(answer));
    }
    return reply.redirect(result.redirect, 303);
  });
}

/** Reads the posted answers and submits them; a body that cannot be read still counts against the address's limit. */
async function submitFrom(request: FastifyRequest<{ Params: { form_id: string } }>, files: ReturnType<typeof fileReceiver>) {
  const db = request.server.db;
  const entries = await readPostedEntries(request, files.onFile).catch(async (error: unknown) => {
    await countUnlessCounted(db, request.rate_hit);
    throw error;
  });
  return submitResponse(db, request.params.form_id, entries, {
    meta: {
      user_agent: request.headers["user-agent"]?.slice(0, 512) ?? null,
      referer: request.headers.referer?.slice(0, 2048) ?? null,
      ip: request.ip ?? null,
    },
    customer_cookie: cookieValue(request.headers.cookie, PARAM.customer_uuid),
    request_id: request.id,
    rate_hit: request.rate_hit,
    files: await files.collect(entries),
    signatures: files.signatures,
    external: request.server.external,
  });
}

/** One cookie's value from a Cookie header (the first of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").slice(0, 8192).split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim().slice(0, 64);
  }
  return undefined;
}

/** Query strings as plain name → value (the last one wins for repeated names). */
export function flatQuery(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.at(-1) ?? "" : v]),
  );
}
