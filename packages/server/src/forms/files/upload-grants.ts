/**
 * Upload grants (migration 0017): every object written for an answer that has no row yet.
 * A submit claims its grants in the row's transaction; retention removes unclaimed ones.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export interface UploadGrant {
  key: string; form_id: string; field_id: string; session_id: string | null; max_bytes: number;
  /** An owner's file for this row (added to it when its PUT lands), and its name. */
  row_id?: string; name?: string;
}

export async function grantUpload(db: Kysely<DB>, grant: UploadGrant): Promise<void> {
  await db.insertInto("upload_grant").values(grant).execute();
}

/** Forgets grants whose objects were removed (or were never written). */
export async function releaseUploads(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom("upload_grant").where("key", "in", [...keys]).execute();
}
