/**
 * `GET /v1/storage/public/{bucket_id}/{path}` (issue 21 item 9): a public bucket's object at a
 * stable URL, no token, served as every stored file is (serve-object.ts: nosniff, sandbox CSP,
 * HTML and SVG as attachments). A private or missing bucket, or a hostile path, is
 * STORAGE_OBJECT_NOT_FOUND / STORAGE_KEY_INVALID. Cached one minute: a bucket made private
 * stops answering within that.
 */
import { bucketKeyOf, ErrorEnvelope, FieldworkError, StorageObjectQuery } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicBucket } from "../buckets/bucket-service";
import { isUuid } from "../forms/form-record";
import { serveStoredObject } from "./serve-object";

const Params = z.object({ bucket_id: z.string().max(64), "*": z.string().max(4096) });
const FileBytes = z.custom<Buffer | NodeJS.ReadableStream>(() => true);
const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };

export async function publicBucketRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/v1/storage/public/:bucket_id/*", {
    compress: false,
    schema: { params: Params, querystring: StorageObjectQuery, response: { 200: FileBytes, 206: FileBytes, ...errors } },
  }, async (request, reply) => {
    if (!isUuid(request.params.bucket_id)) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    const key = bucketKeyOf(request.params.bucket_id, request.params["*"]);
    if (!(await publicBucket(app.db, request.params.bucket_id))) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    return serveStoredObject(app, request, reply, key, request.query, { cacheControl: "public, max-age=60", resourcePolicy: "cross-origin" });
  });
}
