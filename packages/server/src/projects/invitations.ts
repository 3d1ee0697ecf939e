/**
 * Invitation links: an owner makes one for a role (shown once, like an API key: `fwi_` + 32
 * random bytes, only its SHA-256 stored; auth/secret-token.ts), hands it over, and any
 * signed-in person who opens it before it expires joins the organization with that role. A
 * link works once.
 */
import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB, Role } from "../db/schema";
import { newSecretToken, tokenDigest } from "../auth/secret-token";
import { isUuid } from "../forms/form-record";

export const INVITATION_PREFIX = "fwi_";
export const INVITATION_DAYS = 7;

export async function createInvitation(db: Kysely<DB>, input: { organization_id: string; role: Role; label?: string | undefined; created_by: string | null }) {
  const token = newSecretToken(INVITATION_PREFIX);
  const row = await db.insertInto("organization_invitation")
    .values({
      organization_id: input.organization_id, role: input.role, label: input.label?.trim() || null, created_by: input.created_by,
      token_hash: tokenDigest(token), expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning(["id", "role", "label", "created_at", "expires_at"]).executeTakeFirstOrThrow();
  return { ...row, token };
}

/** The links not yet used or expired, newest first. */
export async function listInvitations(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("organization_invitation as i").leftJoin("app_user as u", "u.id", "i.created_by")
    .select(["i.id", "i.role", "i.label", "i.email", "i.created_at", "i.expires_at", "u.name as created_by_name"])
    .where("i.organization_id", "=", organizationId).where("i.accepted_at", "is", null).where("i.expires_at", ">", sql<Date>`now()`)
    .orderBy("i.created_at", "desc").execute();
}

export async function revokeInvitation(db: Kysely<DB>, organizationId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw new FieldworkError("NOT_FOUND");
  const removed = await db.deleteFrom("organization_invitation")
    .where("id", "=", invitationId).where("organization_id", "=", organizationId).where("accepted_at", "is", null)
    .executeTakeFirst();
  if (!removed.numDeletedRows) throw new FieldworkError("NOT_FOUND");
  return { id: invitationId };
}

/** A usable invitation by its token, with its organization; INVITATION_NOT_FOUND otherwise. */
async function pendingInvitation(db: Kysely<DB>, token: string, lock = false) {
  let query = db.selectFrom("organization_invitation as i").innerJoin("organization as o", "o.id", "i.organization_id")
    .select(["i.id", "i.role", "i.expires_at", "o.id as organization_id", "o.name", "o.display_name"])
    .where("i.token_hash", "=", tokenDigest(token)).where("i.accepted_at", "is", null).where("i.expires_at", ">", sql<Date>`now()`);
  if (lock) query = query.forUpdate("i");
  const row = token.startsWith(INVITATION_PREFIX) ? await query.executeTakeFirst() : undefined;
  if (!row) throw new FieldworkError("INVITATION_NOT_FOUND");
  return row;
}

async function roleOf(db: Kysely<DB>, organizationId: string, userId: string): Promise<Role | null> {
  const member = await db.selectFrom("organization_member").select("role")
    .where("organization_id", "=", organizationId).where("user_id", "=", userId).executeTakeFirst();
  return member?.role ?? null;
}

const organizationOf = (row: { organization_id: string; name: string; display_name: string }) =>
  ({ id: row.organization_id, name: row.name, display_name: row.display_name });

/** What the link offers, and whether the caller is in already (then accepting changes nothing). */
export async function previewInvitation(db: Kysely<DB>, token: string, userId: string) {
  const row = await pendingInvitation(db, token);
  return { organization: organizationOf(row), role: row.role, expires_at: row.expires_at, member_role: await roleOf(db, row.organization_id, userId) };
}

/**
 * Joins the caller with the link's role and uses the link up. A member already in keeps
 * their role and leaves the link for whoever it was meant for.
 */
export async function acceptInvitation(db: Kysely<DB>, token: string, userId: string) {
  return db.transaction().execute(async (trx) => {
    const row = await pendingInvitation(trx, token, true);
    const current = await roleOf(trx, row.organization_id, userId);
    if (current) return { organization: organizationOf(row), role: current, joined: false };
    await trx.insertInto("organization_member").values({ organization_id: row.organization_id, user_id: userId, role: row.role }).execute();
    await trx.updateTable("organization_invitation").set({ accepted_by: userId, accepted_at: new Date() }).where("id", "=", row.id).execute();
    return { organization: organizationOf(row), role: row.role, joined: true };
  });
}
