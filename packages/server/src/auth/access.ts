/**
 * Who may do what: a caller is a signed-in member (role per organization) or a project API
 * key (one role on one project). A resource the caller cannot see is NOT_FOUND, exactly as
 * if it did not exist; a role that is too low is FORBIDDEN.
 */
import { FieldworkError, roleAtLeast } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB, Role } from "../db/schema";
import { isUuid } from "../forms/form-record";

export type Caller =
  | { kind: "user"; user_id: string; session_id: string }
  | { kind: "api_key"; api_key_id: string; project_id: string; role: Role };


export async function roleInOrganization(db: Kysely<DB>, caller: Caller, organizationId: string): Promise<Role | null> {
  if (caller.kind !== "user" || !isUuid(organizationId)) return null;
  const row = await db.selectFrom("organization_member").select("role")
    .where("organization_id", "=", organizationId).where("user_id", "=", caller.user_id).executeTakeFirst();
  return row?.role ?? null;
}

export async function roleInProject(db: Kysely<DB>, caller: Caller, projectId: string): Promise<Role | null> {
  if (!isUuid(projectId)) return null;
  if (caller.kind === "api_key") return caller.project_id === projectId ? caller.role : null;
  const row = await db.selectFrom("project")
    .innerJoin("organization_member as m", "m.organization_id", "project.organization_id")
    .select("m.role").where("project.id", "=", projectId).where("m.user_id", "=", caller.user_id).executeTakeFirst();
  return row?.role ?? null;
}

function check(role: Role | null, min: Role): Role {
  if (role === null) throw new FieldworkError("NOT_FOUND");
  if (!roleAtLeast(role, min)) throw new FieldworkError("FORBIDDEN", `This needs the ${min} role; you are ${role === "viewer" ? "a" : "an"} ${role}.`);
  return role;
}

export async function requireOrganizationRole(db: Kysely<DB>, caller: Caller, organizationId: string, min: Role): Promise<Role> {
  return check(await roleInOrganization(db, caller, organizationId), min);
}

export async function requireProjectRole(db: Kysely<DB>, caller: Caller, projectId: string, min: Role): Promise<Role> {
  return check(await roleInProject(db, caller, projectId), min);
}

/** The project owning a document, checked against the caller's role. */
export async function requireDocumentRole(db: Kysely<DB>, caller: Caller, documentId: string, min: Role) {
  const document = isUuid(documentId)
    ? await db.selectFrom("document").selectAll().where("id", "=", documentId).executeTakeFirst()
    : undefined;
  if (!document) throw new FieldworkError("NOT_FOUND");
  await requireProjectRole(db, caller, document.project_id, min);
  return document;
}

/** The project owning a form, checked against the caller's role. */
export async function requireFormRole(db: Kysely<DB>, caller: Caller, formId: string, min: Role) {
  const form = isUuid(formId)
    ? await db.selectFrom("form").select(["id", "project_id", "table_name"]).where("id", "=", formId).executeTakeFirst()
    : undefined;
  if (!form) throw new FieldworkError("NOT_FOUND");
  await requireProjectRole(db, caller, form.project_id, min);
  return form;
}
