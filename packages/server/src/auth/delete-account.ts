/**
 * Deleting one's own account: the password confirms it, and an organization that would be
 * left without an owner stops it (LAST_OWNER, naming the organizations). The account's rows
 * cascade (sessions, memberships, profile); the API keys it made are deleted (a key acts for
 * its maker); invitations it made keep working, their `created_by` cleared.
 */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { revokeKeysMadeBy } from "./api-keys";
import type { Auth } from "./better-auth";

/** Organizations where this user is the only owner. */
async function soleOwnerships(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("organization_member as m").innerJoin("organization as o", "o.id", "m.organization_id")
    .select(["o.name", "o.display_name"])
    .where("m.user_id", "=", userId).where("m.role", "=", "owner")
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom("organization_member as other").select("other.user_id")
        .whereRef("other.organization_id", "=", "m.organization_id").where("other.role", "=", "owner").where("other.user_id", "!=", userId),
    )))
    .orderBy("o.name").execute();
  return rows.map((row) => row.display_name || row.name);
}

export async function deleteAccount(db: Kysely<DB>, auth: Auth, userId: string, password: string): Promise<{ id: string }> {
  const context = await auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password || !(await context.password.verify({ hash: account.password, password }))) {
    throw new FieldworkError("INVALID_PASSWORD");
  }
  const sole = await soleOwnerships(db, userId);
  if (sole.length) {
    throw new FieldworkError("LAST_OWNER", `You are the only owner of ${sole.join(", ")}. Make someone else an owner, or delete ${sole.length === 1 ? "it" : "them"}, first.`);
  }
  await db.transaction().execute(async (trx) => {
    await revokeKeysMadeBy(trx, userId);
    await trx.deleteFrom("app_user").where("id", "=", userId).execute();
  });
  return { id: userId };
}
