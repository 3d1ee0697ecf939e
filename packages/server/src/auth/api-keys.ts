/**
 * Project API keys for scripts and the CLI: `fwk_` + 32 random bytes (secret-token.ts), only
 * its SHA-256 stored; the token is shown once when made. A key acts for the member who made
 * it: it answers only while that member still belongs to the project's organization with at
 * least the key's role (removing a member or deleting an account also deletes their keys),
 * and only until its optional `expires_at`.
 */
import { roleAtLeast } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB, Role } from "../db/schema";
import { newSecretToken, tokenDigest } from "./secret-token";

export const API_KEY_PREFIX = "fwk_";

export async function createApiKey(
  db: Kysely<DB>, input: { project_id: string; name: string; role: Role; created_by: string | null; expires_at?: Date | null },
): Promise<{ id: string; token: string; prefix: string }> {
  const token = newSecretToken(API_KEY_PREFIX);
  const prefix = token.slice(0, 10);
  const row = await db.insertInto("project_api_key")
    .values({ ...input, prefix, token_hash: tokenDigest(token) })
    .returning("id").executeTakeFirstOrThrow();
  return { id: row.id, token, prefix };
}

export interface ApiKeyCaller { id: string; project_id: string; role: Role }

/** How stale `last_used_at` may get: a busy script does not write a row on every read. */
const LAST_USED_PRECISION_MS = 60_000;

/** Why a token does not authenticate: unknown (or revoked), expired, or its maker is gone. */
export type ApiKeyRefusal = "invalid" | "expired" | "creator_gone";

export async function findApiKey(db: Kysely<DB>, token: string): Promise<ApiKeyCaller | { refused: ApiKeyRefusal; id?: string }> {
  if (!token.startsWith(API_KEY_PREFIX)) return { refused: "invalid" };
  const key = await db.selectFrom("project_api_key as k")
    .innerJoin("project as p", "p.id", "k.project_id")
    .leftJoin("organization_member as m", (join) => join.onRef("m.organization_id", "=", "p.organization_id").onRef("m.user_id", "=", "k.created_by"))
    .select(["k.id", "k.project_id", "k.role", "k.last_used_at", "k.expires_at", "m.role as creator_role"])
    .where("k.token_hash", "=", tokenDigest(token)).executeTakeFirst();
  if (!key) return { refused: "invalid" };
  if (key.expires_at && key.expires_at.getTime() <= Date.now()) return { refused: "expired", id: key.id };
  if (!key.creator_role || !roleAtLeast(key.creator_role, key.role)) return { refused: "creator_gone", id: key.id };
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable("project_api_key").set({ last_used_at: new Date() }).where("id", "=", key.id).execute();
  }
  return { id: key.id, project_id: key.project_id, role: key.role };
}

/** The message a refused key gets with its 401. */
export const API_KEY_REFUSALS: Record<ApiKeyRefusal, string> = {
  invalid: "This API key is not valid.",
  expired: "This API key has expired. An owner can make a new one.",
  creator_gone: "This API key no longer works: the member who made it left the organization or lost the role it needs. An owner can make a new one.",
};

/** Deletes the keys `userId` made, in the projects of `organizationId` (all projects when omitted). */
export async function revokeKeysMadeBy(db: Kysely<DB>, userId: string, organizationId?: string): Promise<void> {
  let query = db.deleteFrom("project_api_key").where("created_by", "=", userId);
  if (organizationId) query = query.where("project_id", "in", db.selectFrom("project").select("id").where("organization_id", "=", organizationId));
  await query.execute();
}
