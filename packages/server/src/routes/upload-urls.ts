/**
 * A file field's request and resolve urls (spec 1 §7 "Upload calls"): thin adapters over
 * forms/files/upload-urls.ts. The signed upload itself goes to storage's object route.
 */
import {
  BODY_LIMIT_BYTES, ErrorEnvelope, ResolveAnswer, ResolveQuery, UploadUrlAnswer, UploadUrlBody, UploadUrlParams,
} from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requestUploadUrl, resolveUploadUrl } from "../forms/files/upload-urls";

const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };

export async function uploadUrlRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put("/v1/session/:session_id/field/:field_id/upload-url", {
    config: { rate_limit: "answer" },
    bodyLimit: BODY_LIMIT_BYTES.session_field,
    schema: { params: UploadUrlParams, body: UploadUrlBody, response: { 200: UploadUrlAnswer, ...errors } },
  }, async (request) => {
    const { session_id, field_id } = request.params;
    const data = await requestUploadUrl(app.db, app.signStorageUrl, session_id, field_id, request.body.file);
    return { data, error: null };
  });

  app.get("/v1/session/:session_id/field/:field_id/upload-url/resolve", {
    config: { rate_limit: "read" },
    schema: { params: UploadUrlParams, querystring: ResolveQuery, response: { 200: ResolveAnswer, ...errors } },
  }, async (request) => {
    const { session_id, field_id } = request.params;
    const publicUrl = await resolveUploadUrl(app.db, app.signStorageUrl, session_id, field_id, request.query.path);
    return { data: { publicUrl }, error: null };
  });
}
