/**
 * Invitations by email: an owner who "adds" someone by email makes an invitation to the
 * account that has that address, which that account sees on its home page and accepts or
 * declines; nobody joins an organization without saying yes. The answer is the same
 * whether an account has the address or not, so the call cannot tell who has an account.
 * An invitation to an address without an account stays pending until it expires: emails
 * are not verified, so a later sign-up with that address must not inherit it (share an
 * invitation link instead). A member's own address changes their role, as before.
 */
import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { newSecretToken, tokenDigest } from "../auth/secret-token";
import type { DB, Role } from "../db/schema";
import { isUuid } from "../forms/form-record";
import { INVITATION_DAYS, INVITATION_PREFIX } from "./invitations";
import { setMemberRole } from "./organizations";

export interface EmailInvitationAnswer { email: string; role: Role; invited: true; expires_at: Date }

export async function inviteByEmail(
  db: Kysely<DB>, organizationId: string, input: { email: string; role: Role; created_by: string | null },
): Promise<EmailInvitationAnswer> {
  const email = input.email.trim().toLowerCase();
  const expires_at = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const user = await db.selectFrom("app_user").select("id").where("email", "=", email).executeTakeFirst();
  const member = user ? await db.selectFrom("organization_member").select("role")
    .where("organization_id", "=", organizationId).where("user_id", "=", user.id).executeTakeFirst() : undefined;
  if (user && member) {
    await setMemberRole(db, organizationId, user.id, input.role);
    return { email, role: input.role, invited: true, expires_at };
  }
  await db.transaction().execute(async (trx) => {
    // One pending invitation per address: a second one replaces the first.
    await trx.deleteFrom("organization_invitation")
      .where("organization_id", "=", organizationId).where("email", "=", email).where("accepted_at", "is", null).execute();
    await trx.insertInto("organization_invitation").values({
      organization_id: organizationId, role: input.role, label: null, created_by: input.created_by,
      // Never shown: an email invitation is accepted by its account, not by a link.
      token_hash: tokenDigest(newSecretToken(INVITATION_PREFIX)), expires_at, email, invitee_user_id: user?.id ?? null,
    }).execute();
  });
  return { email, role: input.role, invited: true, expires_at };
}

/** The caller's pending invitations, newest first, with their organizations. */
export async function myInvitations(db: Kysely<DB>, userId: string) {
  const rows = await db.selectFrom("organization_invitation as i").innerJoin("organization as o", "o.id", "i.organization_id")
    .leftJoin("app_user as u", "u.id", "i.created_by")
    .select(["i.id", "i.role", "i.created_at", "i.expires_at", "o.id as organization_id", "o.name", "o.display_name", "u.name as invited_by"])
    .where("i.invitee_user_id", "=", userId).where("i.accepted_at", "is", null).where("i.expires_at", ">", sql<Date>`now()`)
    .orderBy("i.created_at", "desc").execute();
  return rows.map(({ organization_id, name, display_name, ...row }) => ({ ...row, organization: { id: organization_id, name, display_name } }));
}

/** Accepts (joins with the invitation's role) or declines (deletes it) one of the caller's invitations. */
export async function answerInvitation(db: Kysely<DB>, userId: string, invitationId: string, accept: boolean) {
  if (!isUuid(invitationId)) throw new FieldworkError("INVITATION_NOT_FOUND");
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("organization_invitation").select(["id", "organization_id", "role"])
      .where("id", "=", invitationId).where("invitee_user_id", "=", userId).where("accepted_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`).forUpdate().executeTakeFirst();
    if (!row) throw new FieldworkError("INVITATION_NOT_FOUND");
    if (!accept) {
      await trx.deleteFrom("organization_invitation").where("id", "=", row.id).execute();
      return { organization_id: row.organization_id, joined: false };
    }
    await trx.insertInto("organization_member").values({ organization_id: row.organization_id, user_id: userId, role: row.role })
      .onConflict((oc) => oc.columns(["organization_id", "user_id"]).doNothing()).execute();
    await trx.updateTable("organization_invitation").set({ accepted_by: userId, accepted_at: new Date() }).where("id", "=", row.id).execute();
    return { organization_id: row.organization_id, role: row.role, joined: true };
  });
}
