/**
 * Storage bucket routes (issue 21 item 9; docs/private-api.md "Storage buckets"), under
 * /private/editor, shapes in core's bucket-api.ts. Access is checked before a body is read
 * (a stranger learns nothing but 404); a hostile path is STORAGE_KEY_INVALID before any
 * driver sees it. Uploads are signed PUTs to the object route: streamed, sniffed, at most 50 MB.
 */
import { Readable } from "node:stream";
import {
  BUCKET_FOLDER_MARKER, BUCKET_LIST_LIMITS, BucketFolderBody, bucketFolderOf, bucketKeyOf, BucketListQuery, BucketMoveBody, BucketParams,
  BucketPolicyBody, bucketPublicPath, BucketRemoveBody, BucketUploadBody, FieldworkError, FILE_LIMITS, FILE_REFERENCE_TTL_SECONDS,
  fileTooLargeMessage, LIMITS, storageNameOf,
} from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireProjectRole } from "../../auth/access";
import {
  bucketView, listBucketFolder, projectBuckets, removeBucketPaths, requireBucketRole, setBucketPolicy,
} from "../../buckets/bucket-service";
import { UPLOAD_URL_SECONDS } from "../../forms/files/upload-urls";
import { callerOf } from "./authenticate";
import { parseBody } from "./parse";

/** A remove of 1,000 paths of 4 KB fits; anything else is far smaller. */
const BODY_LIMIT = 4_200_000;
const PathQuery = z.looseObject({ path: z.string().max(4096).optional() });

export async function bucketRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = callerOf;

  app.get("/projects/:project_id/buckets", { schema: { params: z.object({ project_id: z.string().max(LIMITS.short_text_length) }) } }, async (request) => {
    await requireProjectRole(app.db, caller(request), request.params.project_id, "viewer");
    return { data: await projectBuckets(app.db, request.params.project_id), error: null };
  });

  app.get("/buckets/:bucket_id", { schema: { params: BucketParams } }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "viewer");
    return { data: bucketView(bucket), error: null };
  });

  app.patch("/buckets/:bucket_id", { schema: { params: BucketParams }, bodyLimit: 1024 }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "owner");
    const body = parseBody(BucketPolicyBody, request.body);
    return { data: bucketView(await setBucketPolicy(app.db, bucket, body.public)), error: null };
  });

  app.get("/buckets/:bucket_id/objects", { schema: { params: BucketParams } }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "viewer");
    const query = parseBody(BucketListQuery, request.query);
    const page = { cursor: query.cursor, limit: query.limit ?? BUCKET_LIST_LIMITS.default };
    return { data: await listBucketFolder(app.storage, bucket.id, query.folder ?? "", page), error: null };
  });

  app.get("/buckets/:bucket_id/objects/url", { schema: { params: BucketParams } }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "viewer");
    const { path } = parseBody(PathQuery, request.query);
    if (!path) throw new FieldworkError("STORAGE_NO_PATH");
    const key = bucketKeyOf(bucket.id, path);
    if (!(await app.storage.head(key))) throw new FieldworkError("STORAGE_OBJECT_NOT_FOUND");
    const signedUrl = app.signStorageUrl({ key, op: "get", expiresInSeconds: FILE_REFERENCE_TTL_SECONDS });
    return { data: { signedUrl, publicUrl: bucket.public ? bucketPublicPath(bucket.id, path) : null }, error: null };
  });

  app.post("/buckets/:bucket_id/uploads", { schema: { params: BucketParams }, bodyLimit: 16 * 1024 }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "editor");
    const body = parseBody(BucketUploadBody, request.body);
    if (body.size > FILE_LIMITS.signed_url_bytes) throw new FieldworkError("STORAGE_OBJECT_TOO_LARGE", fileTooLargeMessage(FILE_LIMITS.signed_url_bytes));
    const path = bucketFolderOf(body.folder) + storageNameOf(body.name);
    const key = bucketKeyOf(bucket.id, path);
    const signedUrl = app.signStorageUrl({ key, op: "put", expiresInSeconds: UPLOAD_URL_SECONDS, maxBytes: FILE_LIMITS.signed_url_bytes, accept: null });
    return { data: { signedUrl, path }, error: null };
  });

  app.post("/buckets/:bucket_id/folders", { schema: { params: BucketParams }, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "editor");
    const folder = bucketFolderOf(parseBody(BucketFolderBody, request.body).path);
    if (folder === "") throw new FieldworkError("STORAGE_NO_PATH");
    const marker = `${bucketKeyOf(bucket.id, folder.slice(0, -1))}/${BUCKET_FOLDER_MARKER}`;
    await app.storage.put(marker, Readable.from([]), { contentType: "application/x-directory", maxBytes: 0 });
    return reply.code(201).send({ data: { path: folder }, error: null });
  });

  app.post("/buckets/:bucket_id/objects/remove", { schema: { params: BucketParams }, bodyLimit: BODY_LIMIT }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "editor");
    const { paths } = parseBody(BucketRemoveBody, request.body);
    return { data: { removed: await removeBucketPaths(app.storage, bucket.id, paths) }, error: null };
  });

  app.post("/buckets/:bucket_id/objects/move", { schema: { params: BucketParams }, bodyLimit: 16 * 1024 }, async (request) => {
    const bucket = await requireBucketRole(app.db, caller(request), request.params.bucket_id, "editor");
    const { from, to } = parseBody(BucketMoveBody, request.body);
    await app.storage.move(bucketKeyOf(bucket.id, from), bucketKeyOf(bucket.id, to));
    return { data: { path: to }, error: null };
  });
}
