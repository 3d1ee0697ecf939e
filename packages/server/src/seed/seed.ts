/**
 * First start: a demo organization, project, owner and form, made once. The owner's
 * password is generated and printed once; only its argon2 hash is stored (by better-auth).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/better-auth";
import type { DB } from "../db/schema";
import { importForm } from "../forms/definition-import";

export const DEMO_FORM_FILE = new URL("./demo-form.json", import.meta.url);
export const DEMO_OWNER_EMAIL = "owner@fieldwork.local";

export function demoFormDefinition(): unknown {
  return JSON.parse(readFileSync(DEMO_FORM_FILE, "utf8"));
}

export interface SeedResult {
  created: boolean;
  project_id: string;
  form_id: string | null;
  owner: { email: string; password: string } | null;
}

/** The project scripts and the CLI use when none is named: the first one made. */
export async function defaultProject(db: Kysely<DB>): Promise<string> {
  const existing = await db.selectFrom("project").select("id").orderBy("created_at").limit(1).executeTakeFirst();
  if (existing) return existing.id;
  const org = await db.insertInto("organization").values({ name: "demo", display_name: "Demo" })
    .onConflict((oc) => oc.column("name").doUpdateSet({ display_name: "Demo" })).returning("id").executeTakeFirstOrThrow();
  const project = await db.insertInto("project").values({ organization_id: org.id, name: "demo" })
    .returning("id").executeTakeFirstOrThrow();
  return project.id;
}

export async function seedDemo(db: Kysely<DB>, auth: Auth): Promise<SeedResult> {
  const hasOrganization = await db.selectFrom("organization").select("id").limit(1).executeTakeFirst();
  if (hasOrganization) {
    const project_id = await defaultProject(db);
    const form = await db.selectFrom("form").select("id").where("project_id", "=", project_id)
      .orderBy("created_at").limit(1).executeTakeFirst();
    return { created: false, project_id, form_id: form?.id ?? null, owner: null };
  }
  const project_id = await defaultProject(db);
  const password = randomBytes(9).toString("base64url");
  const { user } = await auth.api.signUpEmail({ body: { email: DEMO_OWNER_EMAIL, password, name: "Demo Owner" } });
  const org = await db.selectFrom("project").select("organization_id").where("id", "=", project_id).executeTakeFirstOrThrow();
  await db.insertInto("organization_member").values({ organization_id: org.organization_id, user_id: user.id, role: "owner" }).execute();
  const form = await importForm(db, project_id, demoFormDefinition());
  return { created: true, project_id, form_id: form.id, owner: { email: DEMO_OWNER_EMAIL, password } };
}
