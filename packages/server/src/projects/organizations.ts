/** Organizations, their members and roles, and their projects. */
import { FieldworkError } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB, Role } from "../db/schema";
import { revokeKeysMadeBy } from "../auth/api-keys";
import { checkedName, taken } from "./names";


export async function createOrganization(
  db: Kysely<DB>, ownerId: string, input: { name: string; display_name?: string | undefined },
) {
  checkedName(input.name);
  return db.transaction().execute(async (trx) => {
    const org = await trx.insertInto("organization")
      .values({ name: input.name, display_name: input.display_name?.trim() || input.name })
      .returning(["id", "name", "display_name"]).executeTakeFirstOrThrow().catch(taken("organization"));
    await trx.insertInto("organization_member").values({ organization_id: org.id, user_id: ownerId, role: "owner" }).execute();
    return org;
  });
}

export async function createProject(db: Kysely<DB>, organizationId: string, name: string) {
  checkedName(name);
  return db.insertInto("project").values({ organization_id: organizationId, name })
    .returning(["id", "name"]).executeTakeFirstOrThrow().catch(taken("project"));
}

export async function listMembers(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("organization_member as m")
    .innerJoin("app_user as u", "u.id", "m.user_id")
    .leftJoin("user_profile as p", "p.uid", "m.user_id")
    .select(["m.user_id", "u.email", "p.display_name", "m.role"])
    .where("m.organization_id", "=", organizationId).orderBy("m.created_at").execute();
}

/** Changes a member's role (an owner's "add" of someone already in); LAST_OWNER when no owner would be left. */
export async function setMemberRole(db: Kysely<DB>, organizationId: string, userId: string, role: Role) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("organization_member").set({ role })
      .where("organization_id", "=", organizationId).where("user_id", "=", userId).execute();
    await assertAnOwnerLeft(trx, organizationId);
  });
  return { user_id: userId, role };
}

export async function removeMember(db: Kysely<DB>, organizationId: string, userId: string) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("organization_member")
      .where("organization_id", "=", organizationId).where("user_id", "=", userId).executeTakeFirst();
    if (!removed.numDeletedRows) throw new FieldworkError("NOT_FOUND");
    await assertAnOwnerLeft(trx, organizationId);
    // The keys they made in this organization's projects go with them.
    await revokeKeysMadeBy(trx, userId, organizationId);
  });
  return { user_id: userId };
}

async function assertAnOwnerLeft(trx: Kysely<DB>, organizationId: string) {
  const owner = await trx.selectFrom("organization_member").select("user_id")
    .where("organization_id", "=", organizationId).where("role", "=", "owner").forUpdate().executeTakeFirst();
  if (!owner) throw new FieldworkError("LAST_OWNER");
}

/** What the workbench needs at start: the user, their organizations with roles and projects. */
export async function describeUser(db: Kysely<DB>, userId: string) {
  const [user, profile, memberships, projects] = await Promise.all([
    db.selectFrom("app_user").select(["id", "email", "name"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    db.selectFrom("user_profile").select(["uid", "display_name", "avatar_path"]).where("uid", "=", userId).executeTakeFirst(),
    db.selectFrom("organization_member as m").innerJoin("organization as o", "o.id", "m.organization_id")
      .select(["o.id", "o.name", "o.display_name", "m.role"]).where("m.user_id", "=", userId).orderBy("o.name").execute(),
    db.selectFrom("project").innerJoin("organization_member as m", "m.organization_id", "project.organization_id")
      .select(["project.id", "project.name", "project.organization_id"]).where("m.user_id", "=", userId).orderBy("project.name").execute(),
  ]);
  return {
    user,
    profile: { uid: userId, display_name: profile?.display_name ?? user.name, avatar: profile?.avatar_path ?? null },
    organizations: memberships.map((org) => ({
      ...org, projects: projects.filter((p) => p.organization_id === org.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}

/** Renames the caller: their profile's display name (what members and cursors show) and better-auth's name. */
export async function updateProfile(db: Kysely<DB>, userId: string, input: { display_name: string }) {
  const display_name = input.display_name.trim().replace(/\s+/g, " ");
  if (!display_name) throw new FieldworkError("MALFORMED_REQUEST", "A display name cannot be empty.");
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("user_profile").values({ uid: userId, display_name })
      .onConflict((oc) => oc.column("uid").doUpdateSet({ display_name })).execute();
    await trx.updateTable("app_user").set({ name: display_name, updated_at: new Date() }).where("id", "=", userId).execute();
  });
  return describeUser(db, userId);
}
