/**
 * The bucket routes' shapes (docs/private-api.md "Storage buckets"), under /private/editor:
 *
 * - `GET /buckets/{bucket_id}` → Bucket; `PATCH` `{public}` → Bucket (owners)
 * - `GET /projects/{project_id}/buckets` → Bucket[] (the field panel's choices)
 * - `GET /buckets/{bucket_id}/objects?folder=&cursor=&limit=` → BucketListing (viewers)
 * - `POST /buckets/{bucket_id}/uploads` `{folder, name, size}` → BucketUploadGrant (editors):
 *   PUT the bytes to `signedUrl` (streamed, sniffed, at most 50 MB)
 * - `POST /buckets/{bucket_id}/folders` `{path}` (editors)
 * - `POST /buckets/{bucket_id}/objects/remove` `{paths}` (editors; a path ending in `/` is a folder and all in it)
 * - `POST /buckets/{bucket_id}/objects/move` `{from, to}` (editors; files only)
 * - `GET /buckets/{bucket_id}/objects/url?path=` → `{signedUrl, publicUrl}` (viewers)
 *
 * And, with no session, `GET /v1/storage/public/{bucket_id}/{path}` for a public bucket's objects.
 */
import { z } from "zod";
import { BUCKET_LIST_LIMITS, BUCKET_REMOVE_MAX_PATHS } from "./buckets";
import { LIMITS } from "./limits";

const path = z.string().max(4096);

export const Bucket = z.object({
  id: z.string(),
  project_id: z.string(),
  /** The document's title. */
  name: z.string(),
  public: z.boolean(),
  /** `/v1/storage/public/{id}/` when public, else null. */
  public_base: z.string().nullable(),
});
export type Bucket = z.infer<typeof Bucket>;

export const BucketObject = z.object({
  kind: z.enum(["file", "folder"]),
  /** The last segment. */
  name: z.string(),
  /** Inside the bucket: `a/b/file.pdf`, or `a/b/` for a folder. */
  path: z.string(),
  /** Bytes; null for a folder. */
  size: z.number().int().nonnegative().nullable(),
  /** Sniffed from the bytes when stored; null for a folder. */
  type: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type BucketObject = z.infer<typeof BucketObject>;

export const BucketListing = z.object({
  folder: z.string(),
  /** Folders first, then files, each by name. */
  objects: z.array(BucketObject),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type BucketListing = z.infer<typeof BucketListing>;

export const BucketListQuery = z.object({
  folder: path.optional(),
  cursor: path.optional(),
  limit: z.coerce.number().int().min(1).max(BUCKET_LIST_LIMITS.max).optional(),
});

export const BucketUploadBody = z.strictObject({
  folder: path.default(""),
  name: z.string().min(1).max(1024),
  size: z.number().int().nonnegative(),
});

export const BucketUploadGrant = z.object({ signedUrl: z.string(), path: z.string() });
export type BucketUploadGrant = z.infer<typeof BucketUploadGrant>;

export const BucketFolderBody = z.strictObject({ path });
export const BucketRemoveBody = z.strictObject({ paths: z.array(path).min(1).max(BUCKET_REMOVE_MAX_PATHS) });
export const BucketMoveBody = z.strictObject({ from: path, to: path });
export const BucketPolicyBody = z.strictObject({ public: z.boolean() });
export const BucketParams = z.object({ bucket_id: z.string().max(LIMITS.short_text_length) });

export const BucketObjectUrls = z.object({ signedUrl: z.string(), publicUrl: z.string().nullable() });
export type BucketObjectUrls = z.infer<typeof BucketObjectUrls>;

/** A public bucket object's stable URL on our origin, each segment encoded. */
export function bucketPublicPath(bucketId: string, path: string): string {
  return `/v1/storage/public/${encodeURIComponent(bucketId)}/${path.split("/").map(encodeURIComponent).join("/")}`;
}
