import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

describe.each(BACKENDS)("invitation links on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let org: string;
  let n = 0;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    owner = await signUp(app, "inviter@example.com", "correct horse battery", "10.12.0.1");
    org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "inviting", display_name: "Inviting Inc" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newcomer = () => signUp(app, `newcomer-${++n}@example.com`, "correct horse battery", `10.12.1.${n}`);
  const invite = async (role = "editor", label?: string) =>
    (await as(app, owner)("POST", `/private/editor/organizations/${org}/invitations`, { role, ...(label ? { label } : {}) })).json().data as { id: string; token: string };
  const pending = async () => (await as(app, owner)("GET", `/private/editor/organizations/${org}/invitations`)).json().data as { id: string }[];

  it.skipIf(!backend.available)("lets someone without access join once with the link's role", async () => {
    const link = await invite("editor", "Bo from sales");
    expect(link.token).toMatch(/^fwi_/);
    const listed = await pending();
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: link.id, role: "editor", label: "Bo from sales", created_by_name: "inviter" })]));
    expect(JSON.stringify(listed)).not.toContain(link.token);

    const bo = await newcomer();
    const preview = (await as(app, bo)("GET", `/private/editor/invitations/${link.token}`)).json().data;
    expect(preview).toMatchObject({ organization: { id: org, name: "inviting", display_name: "Inviting Inc" }, role: "editor", member_role: null });
    const accepted = (await as(app, bo)("POST", `/private/editor/invitations/${link.token}/accept`)).json().data;
    expect(accepted).toMatchObject({ organization: { name: "inviting" }, role: "editor", joined: true });
    const me = (await as(app, bo)("GET", "/private/editor/me")).json().data;
    expect(me.organizations).toEqual([expect.objectContaining({ id: org, role: "editor" })]);

    const late = await newcomer();
    const reused = await as(app, late)("POST", `/private/editor/invitations/${link.token}/accept`);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.code).toBe("INVITATION_NOT_FOUND");
    expect((await pending()).map((i) => i.id)).not.toContain(link.id);

    // A member who is not an owner may leave, but not remove anyone else.
    expect((await as(app, bo)("DELETE", `/private/editor/organizations/${org}/members/${owner.user_id}`)).statusCode).toBe(403);
    expect((await as(app, bo)("DELETE", `/private/editor/organizations/${org}/members/${bo.user_id}`)).statusCode).toBe(200);
    expect((await as(app, bo)("GET", "/private/editor/me")).json().data.organizations).toEqual([]);
  });

  it.skipIf(!backend.available)("refuses expired, revoked and made-up links", async () => {
    const someone = await newcomer();
    const expired = await invite();
    await database.db.updateTable("organization_invitation").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", expired.id).execute();
    const revoked = await invite();
    expect((await as(app, owner)("DELETE", `/private/editor/organizations/${org}/invitations/${revoked.id}`)).statusCode).toBe(200);
    for (const token of [expired.token, revoked.token, "fwi_made-up", "not-even-a-token"]) {
      expect((await as(app, someone)("GET", `/private/editor/invitations/${token}`)).json().error.code).toBe("INVITATION_NOT_FOUND");
      expect((await as(app, someone)("POST", `/private/editor/invitations/${token}/accept`)).statusCode).toBe(404);
    }
    expect((await as(app, owner)("DELETE", `/private/editor/organizations/${org}/invitations/not-a-uuid`)).statusCode).toBe(404);
    const me = (await as(app, someone)("GET", "/private/editor/me")).json().data;
    expect(me.organizations).toEqual([]);
  });

  it.skipIf(!backend.available)("leaves a member's role and the link alone when a member opens it", async () => {
    const link = await invite("viewer");
    const again = (await as(app, owner)("POST", `/private/editor/invitations/${link.token}/accept`)).json().data;
    expect(again).toMatchObject({ role: "owner", joined: false });
    expect((await pending()).map((i) => i.id)).toContain(link.id);
  });

  it.skipIf(!backend.available)("is for people: an API key can neither make nor accept one", async () => {
    const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "keys" })).json().data.id;
    const { token } = (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "ci", role: "owner" })).json().data;
    const key = as(app, { bearer: token });
    const link = await invite();
    expect((await key("POST", `/private/editor/invitations/${link.token}/accept`)).statusCode).toBe(403);
    expect((await key("POST", `/private/editor/organizations/${org}/invitations`, { role: "owner" })).statusCode).not.toBe(201);
  });
});
