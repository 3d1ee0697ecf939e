/**
 * Buckets (issue 21 item 9; migration 0022): a `v0_bucket` document and its bucket row share
 * one id and are made and removed together; the name is the document's title. Objects live
 * in the app's storage under `buckets/{id}/` (core `bucketPrefix`), never inside a form's
 * folder. Access follows the project's roles: viewers list and read, editors upload, make
 * folders and remove, owners set the policy.
 */
import {
  bucketFolderOf, bucketKeyOf, bucketPrefix, bucketPublicPath, FieldworkError, type Bucket, type BucketChoice, type BucketListing, type Role,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import { requireDocumentRole, type Caller } from "../auth/access";
import type { DB } from "../db/schema";
import { queueStorageDelete } from "../forms/files/storage-deletes";
import type { StorageDriver } from "../storage/driver";
import { bucketListingOf } from "./bucket-listing";

export interface BucketRow { id: string; project_id: string; name: string; public: boolean }

export const bucketView = (row: BucketRow): Bucket => ({
  id: row.id, project_id: row.project_id, name: row.name, public: row.public,
  public_base: row.public ? bucketPublicPath(row.id, "") : null,
});

async function bucketRow(db: Kysely<DB>, id: string): Promise<BucketRow | undefined> {
  return db.selectFrom("bucket").innerJoin("document", "document.id", "bucket.id")
    .select(["bucket.id", "bucket.project_id", "document.title as name", "bucket.public"])
    .where("bucket.id", "=", id).executeTakeFirst();
}

/** The bucket, when the caller has at least `min` in its project (NOT_FOUND otherwise, as for any document). */
export async function requireBucketRole(db: Kysely<DB>, caller: Caller, bucketId: string, min: Role): Promise<BucketRow> {
  const doc = await requireDocumentRole(db, caller, bucketId, min);
  const row = doc.doctype === "v0_bucket" ? await bucketRow(db, doc.id) : undefined;
  if (!row) throw new FieldworkError("BUCKET_NOT_FOUND");
  return row;
}

/** A public bucket by id, for the public object route (undefined when missing or private). */
export async function publicBucket(db: Kysely<DB>, bucketId: string): Promise<BucketRow | undefined> {
  const row = await bucketRow(db, bucketId);
  return row?.public ? row : undefined;
}

export async function projectBuckets(db: Kysely<DB>, projectId: string): Promise<BucketChoice[]> {
  const rows = await db.selectFrom("bucket").innerJoin("document", "document.id", "bucket.id")
    .select(["bucket.id", "document.title as name", "bucket.public"])
    .where("bucket.project_id", "=", projectId).orderBy("document.title").execute();
  return rows;
}

/** In the document's transaction (projects/documents.ts). */
export async function createBucketRow(trx: Kysely<DB>, doc: { id: string; project_id: string }): Promise<void> {
  await trx.insertInto("bucket").values({ id: doc.id, project_id: doc.project_id }).execute();
}

/** In the document's transaction: the objects go through the storage outbox (forms/files/storage-deletes.ts). */
export async function queueBucketDelete(trx: Kysely<DB>, bucketId: string): Promise<void> {
  await queueStorageDelete(trx, bucketPrefix(bucketId), true);
}

export async function setBucketPolicy(db: Kysely<DB>, bucket: BucketRow, isPublic: boolean): Promise<BucketRow> {
  await db.updateTable("bucket").set({ public: isPublic, updated_at: new Date() }).where("id", "=", bucket.id).execute();
  return { ...bucket, public: isPublic };
}

export async function listBucketFolder(storage: StorageDriver, bucketId: string, folderPath: unknown, page: { cursor?: string | undefined; limit: number }): Promise<BucketListing> {
  const folder = bucketFolderOf(folderPath ?? "");
  const prefix = bucketPrefix(bucketId);
  return bucketListingOf(storage.list(prefix + folder), prefix, folder, page);
}

/** Removes files, and folders (a path ending in `/`) with everything in them. */
export async function removeBucketPaths(storage: StorageDriver, bucketId: string, paths: readonly string[]): Promise<number> {
  const keys = new Set<string>();
  for (const path of paths) {
    if (path.endsWith("/")) {
      const folder = bucketFolderOf(path);
      if (folder === "") throw new FieldworkError("STORAGE_KEY_INVALID", "Remove the bucket document to remove everything in it.");
      for await (const object of storage.list(bucketPrefix(bucketId) + folder)) keys.add(object.key);
    } else {
      keys.add(bucketKeyOf(bucketId, path));
    }
  }
  const all = [...keys];
  for (let at = 0; at < all.length; at += 500) await storage.delete(all.slice(at, at + 500));
  return all.length;
}
