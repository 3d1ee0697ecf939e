/**
 * A user's signed-in sessions (better-auth's `auth_session` rows), for "where am I signed
 * in" and signing out elsewhere. Tokens never leave the server: sessions are named by id.
 */
import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

export async function listSessions(db: Kysely<DB>, userId: string, currentId: string) {
  const rows = await db.selectFrom("auth_session").select(["id", "user_agent", "ip_address", "created_at", "updated_at"])
    .where("user_id", "=", userId).where("expires_at", ">", sql<Date>`now()`).orderBy("updated_at", "desc").execute();
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/** Ends one other session, or all others (`session_id` omitted); the current one stays. */
export async function revokeSessions(db: Kysely<DB>, userId: string, currentId: string, sessionId?: string) {
  if (sessionId === currentId) throw new FieldworkError("MALFORMED_REQUEST", "That is this session: sign out instead.");
  let query = db.deleteFrom("auth_session").where("user_id", "=", userId).where("id", "!=", currentId);
  if (sessionId !== undefined) query = query.where("id", "=", sessionId);
  const result = await query.executeTakeFirst();
  if (sessionId !== undefined && !result.numDeletedRows) throw new FieldworkError("NOT_FOUND");
  return { revoked: Number(result.numDeletedRows) };
}
