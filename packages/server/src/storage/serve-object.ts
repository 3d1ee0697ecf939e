/**
 * Sends one stored object (issue 21 item 7), for a signed URL (object-routes.ts) and a public
 * bucket's stable URL (public-bucket-routes.ts) alike: its sniffed type, `nosniff`, a sandbox
 * CSP, inline only for what a browser shows without running anything (serving.ts), ranges,
 * image transforms, `download=true` as an attachment with a safe file name.
 */
import { basename } from "node:path";
import { Readable } from "node:stream";
import { FieldworkError, imageTransformOf } from "@fieldwork/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { uncheckedDriverOf } from "./checked-storage";
import { byteRangeOf, contentDisposition, OBJECT_CSP, servesInline } from "./serving";
import { transformedImage } from "./transform";

export interface ServeOptions {
  /** `private, max-age=…` for a signed URL; public buckets are cached briefly (their policy can change). */
  cacheControl: string;
  /** `same-origin` for signed URLs; `cross-origin` for a public bucket's objects, meant to be embedded anywhere. */
  resourcePolicy: "same-origin" | "cross-origin";
}

/** The object routes' query (core StorageObjectQuery): transform parameters and `download`. */
type ObjectQuery = Record<string, unknown> & { download?: string | undefined };

export async function serveStoredObject(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, query: ObjectQuery, options: ServeOptions) {
  const parsed = imageTransformOf(query);
  if (!parsed.ok) throw new FieldworkError("STORAGE_TRANSFORM_INVALID");
  const download = query.download === "true" || query.download === "1";
  const object = await app.storage.head(key);
  if (!object) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
  reply
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", OBJECT_CSP)
    .header("cross-origin-resource-policy", options.resourcePolicy)
    .header("cache-control", options.cacheControl)
    .header("last-modified", object.lastModified.toUTCString());

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
}
