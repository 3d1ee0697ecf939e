/**
 * `PUT` and `GET /v1/storage/object/{key}?token=…` (issue 21 items 3, 6, 7): a signed URL's
 * upload streamed into the driver under the token's limits, and a stored file served with
 * its sniffed type, in a sandbox, as an attachment unless it is safe to show, with ranges and
 * image transforms. The token is the only gate: it names one key and one operation.
 */
import { basename } from "node:path";
import { Readable } from "node:stream";
import {
  assertStorageKey, ErrorEnvelope, FieldworkError, imageTransformOf, StorageObjectParams, StorageObjectQuery, StoragePutAnswer, type StoredFile,
} from "@fieldwork/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tooLarge } from "./byte-limit";
import { uncheckedDriverOf } from "./checked-storage";
import { verifyStorageToken, type StorageGrant } from "./signed-url";
import { byteRangeOf, contentDisposition, OBJECT_CSP, servesInline } from "./serving";
import { storeUpload } from "./store-upload";
import { transformedImage } from "./transform";

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
      const file = await storeUpload(app.storage, key, request.raw, { maxBytes, accept: grant.accept, signal });
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
    const parsed = imageTransformOf(request.query);
    if (!parsed.ok) throw new FieldworkError("STORAGE_TRANSFORM_INVALID");
    const download = request.query.download === "true" || request.query.download === "1";
    const object = await app.storage.head(key);
    if (!object) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    commonHeaders(reply, grant, object.lastModified);

    if (parsed.transform) {
      const image = await transformedImage(uncheckedDriverOf(app.storage), key, object, parsed.transform);
      return reply
        .header("content-type", image.type)
        .header("content-disposition", contentDisposition(download ? "attachment" : "inline", basename(key)))
        .header("content-length", image.bytes.length)
        .send(image.bytes);
    }

    const range = byteRangeOf(request.headers.range, object.size);
    if (range === "unsatisfiable") {
      reply.header("content-range", `bytes */${object.size}`);
      throw new FieldworkError("STORAGE_RANGE_NOT_SATISFIABLE");
    }
    // HEAD: the headers of GET from the object's head, without reading (or downloading) its bytes.
    const got = request.method === "HEAD" ? { body: undefined, object } : await app.storage.get(key, range ? { range } : {});
    if (!got) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    const { contentType, size } = got.object;
    const inline = !download && servesInline(contentType);
    reply
      .header("content-type", contentType)
      .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", basename(key)))
      .header("accept-ranges", "bytes");
    if (range) {
      const end = Math.min(range.end, size - 1);
      reply.code(206).header("content-range", `bytes ${range.start}-${end}/${size}`).header("content-length", end - range.start + 1);
    } else {
      reply.header("content-length", size);
    }
    // An empty stream keeps the Content-Length set above (an empty payload would set 0).
    return reply.send(got.body ?? Readable.from([]));
  });
}

function commonHeaders(reply: FastifyReply, grant: StorageGrant, lastModified: Date) {
  const left = Math.max(0, Math.min(MAX_AGE_SECONDS, grant.expiresAt - Math.floor(Date.now() / 1000)));
  reply
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", OBJECT_CSP)
    .header("cross-origin-resource-policy", "same-origin")
    .header("cache-control", `private, max-age=${left}`)
    .header("last-modified", lastModified.toUTCString());
}

/** Aborts at the deadline, or when the client goes away before the answer is sent. */
function uploadSignal(reply: FastifyReply, deadlineMs: number): AbortSignal {
  const gone = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) gone.abort(new Error("the client closed the connection"));
  });
  return AbortSignal.any([AbortSignal.timeout(deadlineMs), gone.signal]);
}
