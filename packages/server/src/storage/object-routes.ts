/**
 * `PUT` and `GET /v1/storage/object/{key}?token=…` (issue 21 items 3, 6, 7): a signed URL's
 * upload streamed into the driver under the token's limits, and a stored file served with
 * its sniffed type, in a sandbox, as an attachment unless it is safe to show, with ranges and
 * image transforms. The token is the only gate: it names one key and one operation.
 */
import { assertStorageKey, ErrorEnvelope, FieldworkError, StorageObjectParams, StorageObjectQuery, StoragePutAnswer, type StoredFile } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tooLarge } from "./byte-limit";
import { serveStoredObject } from "./serve-object";
import { verifyStorageToken } from "./signed-url";
import { storeUpload } from "./store-upload";

/** How long one upload may take, headers to last byte (the server's REQUEST_TIMEOUT_MS may cut it sooner). */
export const UPLOAD_DEADLINE_MS = 10 * 60_000;
/** Browsers keep a served file at most this long, and never past its token. */
const MAX_AGE_SECONDS = 3_600;

export interface ObjectRouteOptions {
  secret: string;
  /** UPLOAD_DEADLINE_MS by default; tests shorten it. */
  uploadDeadlineMs?: number;
  /** What the stored bytes mean to the records (forms/files/upload-landing.ts), before the PUT answers. */
  onStored?: ((key: string, file: StoredFile, name: string | undefined) => Promise<void>) | undefined;
}

const errors = { "4xx": ErrorEnvelope, "5xx": ErrorEnvelope };
/** The file's bytes: a stream from the driver, or a transformed image. */
const FileBytes = z.custom<Buffer | NodeJS.ReadableStream>(() => true);

function keyOf(wildcard: string): string {
  if (wildcard === "") throw new FieldworkError("STORAGE_NO_PATH");
  assertStorageKey(wildcard);
  return wildcard;
}

export async function storageObjectRoutes(fastify: FastifyInstance, options: ObjectRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deadlineMs = options.uploadDeadlineMs ?? UPLOAD_DEADLINE_MS;

  // Raw bodies: no parser reads a PUT here; the handler streams it into the driver.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  // A refused upload is not read to its end: the answer closes the connection instead.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "PUT" && reply.statusCode >= 400 && !request.raw.complete) reply.header("connection", "close");
    return payload;
  });

  app.put("/v1/storage/object/*", {
    compress: false,
    schema: { params: StorageObjectParams, querystring: StorageObjectQuery, response: { 200: StoragePutAnswer, ...errors } },
  }, async (request, reply) => {
    const key = keyOf(request.params["*"]);
    const grant = verifyStorageToken(options.secret, { key, op: "put", token: request.query.token });
    const maxBytes = grant.maxBytes ?? 0;
    const length = request.headers["content-length"];
    if (length !== undefined && Number(length) > maxBytes) throw tooLarge(maxBytes);
    if (length === "0") throw new FieldworkError("STORAGE_NO_FILE");

    const signal = uploadSignal(reply, deadlineMs);
    try {
      // A Content-Length is what Node's parser holds the body to: S3 takes it in one PutObject.
      const size = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
      const file = await storeUpload(app.storage, key, request.raw, { maxBytes, accept: grant.accept, signal, ...(size !== undefined ? { size } : {}) });
      await options.onStored?.(key, file, request.query.name);
      return { data: file, error: null };
    } catch (error) {
      if (error instanceof FieldworkError) throw error;
      if (signal.aborted && signal.reason instanceof DOMException && signal.reason.name === "TimeoutError") throw new FieldworkError("STORAGE_UPLOAD_TIMEOUT");
      if (signal.aborted) throw error; // the client went away: no one reads the answer
      request.log.error({ err: error, reqId: request.id, key }, "upload failed");
      throw new FieldworkError("STORAGE_UPLOAD_FAILED");
    }
  });

  app.get("/v1/storage/object/*", {
    compress: false,
    schema: { params: StorageObjectParams, querystring: StorageObjectQuery, response: { 200: FileBytes, 206: FileBytes, ...errors } },
  }, async (request, reply) => {
    const key = keyOf(request.params["*"]);
    const grant = verifyStorageToken(options.secret, { key, op: "get", token: request.query.token });
    const left = Math.max(0, Math.min(MAX_AGE_SECONDS, grant.expiresAt - Math.floor(Date.now() / 1000)));
    return serveStoredObject(app, request, reply, key, request.query, { cacheControl: `private, max-age=${left}`, resourcePolicy: "same-origin" });
  });
}

/** Aborts at the deadline, or when the client goes away before the answer is sent. */
function uploadSignal(reply: FastifyReply, deadlineMs: number): AbortSignal {
  const gone = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) gone.abort(new Error("the client closed the connection"));
  });
  return AbortSignal.any([AbortSignal.timeout(deadlineMs), gone.signal]);
}
