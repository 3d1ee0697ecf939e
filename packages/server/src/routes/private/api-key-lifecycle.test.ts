/**
 * Issue 19 item 7 on both backends: an API key acts for the member who made it. It stops
 * answering when that member is removed, leaves, loses the role, or deletes the account; the
 * key list says who made each key and whether it still works; a key may expire.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createApiKey } from "../../auth/api-keys";
import type { Database } from "../../db/database";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

describe.each(BACKENDS)("API key lifecycle on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let org: string;
  let project: string;
  let n = 0;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    owner = await signUp(app, "keys-owner@example.com", "correct horse battery", "10.60.0.1");
    org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "keys" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "site" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A second owner of the organization. */
  async function coOwner(): Promise<Member> {
    const member = await signUp(app, `co-owner-${++n}@example.com`, "correct horse battery", `10.60.1.${n}`);
    await database.db.insertInto("organization_member").values({ organization_id: org, user_id: member.user_id, role: "owner" }).execute();
    return member;
  }
  const makeKey = async (who: Member, body: Record<string, unknown> = {}) => {
    const made = await as(app, who)("POST", `/private/editor/projects/${project}/api-keys`, { name: `key ${++n}`, role: "editor", ...body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as { id: string; token: string };
  };
  const use = (token: string) => as(app, { bearer: token })("GET", `/private/editor/projects/${project}/documents`);
  const listed = async () =>
    (await as(app, owner)("GET", `/private/editor/projects/${project}/api-keys`)).json().data as {
      id: string; status: string; expires_at: string | null; created_by: { id: string; email: string | null; display_name: string | null } | null;
    }[];

  it.skipIf(!backend.available)("stops a removed member's keys and deletes them", async () => {
    const member = await coOwner();
    const key = await makeKey(member);
    expect((await use(key.token)).statusCode).toBe(200);
    expect((await listed()).find((k) => k.id === key.id)).toMatchObject({
      status: "active", created_by: { id: member.user_id, email: member.email }, expires_at: null,
    });
    expect((await as(app, owner)("DELETE", `/private/editor/organizations/${org}/members/${member.user_id}`)).statusCode).toBe(200);
    const refused = await use(key.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("UNAUTHORIZED");
    expect((await listed()).map((k) => k.id)).not.toContain(key.id);
    // The Data API refuses it too.
    expect((await app.inject({ method: "GET", url: "/rest/v1/", headers: { authorization: `Bearer ${key.token}` } })).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("stops the keys of an owner who deleted their account", async () => {
    const member = await coOwner();
    const key = await makeKey(member);
    expect((await use(key.token)).statusCode).toBe(200);
    const deleted = await as(app, member)("POST", "/private/editor/me/delete", { password: "correct horse battery" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await use(key.token)).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("stops a key whose maker lost the role, and an orphan key from before, and says so in the list", async () => {
    const member = await coOwner();
    const key = await makeKey(member);
    await database.db.updateTable("organization_member").set({ role: "viewer" })
      .where("organization_id", "=", org).where("user_id", "=", member.user_id).execute();
    const refused = await use(key.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/member who made it/);
    expect((await listed()).find((k) => k.id === key.id)?.status).toBe("creator_gone");

    const orphan = await createApiKey(database.db, { project_id: project, name: "orphan", role: "viewer", created_by: null });
    expect((await use(orphan.token)).statusCode).toBe(401);
    expect((await listed()).find((k) => k.id === orphan.id)).toMatchObject({ status: "creator_gone", created_by: null });
  });

  it.skipIf(!backend.available)("lets a key expire, refuses a past expiry, and lets no key make keys", async () => {
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const key = await makeKey(owner, { expires_at: later });
    expect((await use(key.token)).statusCode).toBe(200);
    expect((await listed()).find((k) => k.id === key.id)).toMatchObject({ status: "active", created_by: { id: owner.user_id } });
    expect(new Date((await listed()).find((k) => k.id === key.id)!.expires_at!).toISOString()).toBe(later);
    await database.db.updateTable("project_api_key").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", key.id).execute();
    const expired = await use(key.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/expired/);
    expect((await listed()).find((k) => k.id === key.id)?.status).toBe("expired");

    const past = await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "old", role: "viewer", expires_at: "2001-01-01T00:00:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe("MALFORMED_REQUEST");

    const ownerKey = await makeKey(owner, { role: "owner" });
    const byKey = await as(app, { bearer: ownerKey.token })("POST", `/private/editor/projects/${project}/api-keys`, { name: "child", role: "owner" });
    expect(byKey.statusCode).toBe(403);
  });
});
