/**
 * Project API keys for scripts and the CLI: `fwk_` + 32 random bytes (secret-token.ts), only
 * its SHA-256 stored; the token is shown once when made.
 */
import type { Kysely } from "kysely";
import type { DB, Role } from "../db/schema";
import { newSecretToken, tokenDigest } from "./secret-token";

export const API_KEY_PREFIX = "fwk_";

export async function createApiKey(
  db: Kysely<DB>, input: { project_id: string; name: string; role: Role; created_by: string | null },
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

export async function findApiKey(db: Kysely<DB>, token: string): Promise<ApiKeyCaller | undefined> {
  if (!token.startsWith(API_KEY_PREFIX)) return undefined;
  const key = await db.selectFrom("project_api_key")
    .select(["id", "project_id", "role", "last_used_at"])
    .where("token_hash", "=", tokenDigest(token)).executeTakeFirst();
  if (!key) return undefined;
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable("project_api_key").set({ last_used_at: new Date() }).where("id", "=", key.id).execute();
  }
  return { id: key.id, project_id: key.project_id, role: key.role };
}
