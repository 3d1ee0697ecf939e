import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { as, cookieFrom, joinOrganization, ORIGIN, signUp } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { runCommand } from "../../cli/commands";

describe.each(BACKENDS)("accounts on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const signIn = (email: string, password: string, remoteAddress: string) => app.inject({
    method: "POST", url: "/api/auth/sign-in/email", remoteAddress,
    headers: { origin: ORIGIN, "content-type": "application/json" }, payload: { email, password },
  });
  const auditEvents = async (event: string) =>
    (await database.db.selectFrom("audit_log").selectAll().where("event", "=", event).execute());

  it.skipIf(!backend.available)("signs up, signs in with an HTTP-only SameSite cookie, and signs out", async () => {
    const member = await signUp(app, "ada@example.com", "correct horse battery", "10.1.0.1");
    expect(member.csrf).toEqual(expect.any(String));
    const hash = await database.db.selectFrom("auth_account").select("password").executeTakeFirstOrThrow();
    expect(hash.password).toMatch(/^\$argon2id\$/);

    const response = await signIn("ada@example.com", "correct horse battery", "10.1.0.1");
    expect(response.statusCode).toBe(200);
    const setCookie = [response.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/fieldwork\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieFrom(response.headers["set-cookie"]);
    expect((await app.inject({ method: "GET", url: "/private/editor/me", headers: { cookie } })).json().data.user.email).toBe("ada@example.com");

    const out = await app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: ORIGIN, "content-type": "application/json" }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/private/editor/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("refuses a wrong password and an unknown email with a clear error and an audit row", async () => {
    await signUp(app, "grace@example.com", "correct horse battery", "10.2.0.1");
    const wrong = await signIn("grace@example.com", "wrong password!", "10.2.0.2");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const unknown = await signIn("nobody@example.com", "whatever123", "10.2.0.3");
    expect(unknown.statusCode).toBe(401);
    const rows = await auditEvents("sign_in.failed");
    expect(rows.map((r) => r.details.email)).toEqual(expect.arrayContaining(["grace@example.com", "nobody@example.com"]));
  });

  it.skipIf(!backend.available)("limits sign-in attempts per client address", async () => {
    const statuses: number[] = [];
    // A different account each time: the per-account limit (sign-in-limits.test.ts) stays out of the way.
    for (let i = 0; i < 7; i++) statuses.push((await signIn(`guess${i}@example.com`, `guess-${i}-xxxx`, "10.3.0.1")).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await auditEvents("sign_in.rate_limited")).length).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn("grace@example.com", "correct horse battery", "10.3.0.2")).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("does not let a client pick its address with X-Forwarded-For (only loopback proxies are believed)", async () => {
    const attempt = (remoteAddress: string, forwarded: string) => app.inject({
      method: "POST", url: "/api/auth/sign-in/email", remoteAddress,
      headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": forwarded },
      payload: { email: `forwarded${forwarded}@example.com`, password: "not it at all" },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt("10.3.1.1", `198.51.100.${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // A proxy on loopback is believed: its clients are counted apart.
    expect((await attempt("127.0.0.1", "198.51.100.77")).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("answers 401 for an expired session", async () => {
    const member = await signUp(app, "expired@example.com", "correct horse battery", "10.4.0.1");
    await database.db.updateTable("auth_session").set({ expires_at: new Date(Date.now() - 60_000) })
      .where("user_id", "=", member.user_id).execute();
    const response = await as(app, member)("GET", "/private/editor/me");
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: "UNAUTHORIZED", message: "Your session has expired. Sign in again." });
  });

  it.skipIf(!backend.available)("refuses cookie mutations without the session's CSRF token and changes nothing", async () => {
    const member = await signUp(app, "csrf@example.com", "correct horse battery", "10.5.0.1");
    const before = await database.db.selectFrom("organization").select("id").execute();
    for (const token of [undefined, "forged-token", (await signUp(app, "other@example.com", "correct horse battery", "10.5.0.2")).csrf]) {
      const response = await app.inject({
        method: "POST", url: "/private/editor/organizations",
        headers: { cookie: member.cookie, ...(token ? { "x-fieldwork-csrf": token } : {}) }, payload: { name: "evil-org" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("CSRF_TOKEN_INVALID");
    }
    expect(await database.db.selectFrom("organization").select("id").execute()).toEqual(before);
    expect((await auditEvents("auth.csrf_rejected")).length).toBe(3);
    expect((await as(app, member)("POST", "/private/editor/organizations", { name: "good-org" })).statusCode).toBe(201);
  });

  it.skipIf(!backend.available)("renames the caller's profile, and refuses a blank name and API keys", async () => {
    const member = await signUp(app, "rename@example.com", "correct horse battery", "10.6.0.1");
    const renamed = await as(app, member)("PATCH", "/private/editor/me", { display_name: "  Ada   King " });
    expect(renamed.json().data.profile.display_name).toBe("Ada King");
    expect(renamed.json().data.csrf_token).toBe(member.csrf);
    const user = await database.db.selectFrom("app_user").select("name").where("id", "=", member.user_id).executeTakeFirstOrThrow();
    expect(user.name).toBe("Ada King");
    expect((await as(app, member)("PATCH", "/private/editor/me", { display_name: "   " })).json().error.code).toBe("MALFORMED_REQUEST");
    expect((await as(app, member)("PATCH", "/private/editor/me", { display_name: "x".repeat(81) })).statusCode).toBe(400);
    expect((await as(app, null)("PATCH", "/private/editor/me", { display_name: "Nobody" })).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("lists the caller's sessions without tokens and signs out the others", async () => {
    const laptop = await signUp(app, "devices@example.com", "correct horse battery", "10.6.3.1");
    const phones = [];
    for (const ip of ["10.6.3.2", "10.6.3.3"]) {
      const response = await signIn("devices@example.com", "correct horse battery", ip);
      phones.push({ ...laptop, cookie: cookieFrom(response.headers["set-cookie"]) });
    }
    const listed = (await as(app, laptop)("GET", "/private/editor/me/sessions")).json().data as { id: string; current: boolean }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toMatch(/token/);
    const other = listed.find((s) => !s.current)!;
    const current = listed.find((s) => s.current)!;
    expect((await as(app, laptop)("POST", "/private/editor/me/sessions/revoke", { session_id: current.id })).statusCode).toBe(400);
    expect((await as(app, laptop)("POST", "/private/editor/me/sessions/revoke", { session_id: other.id })).json().data).toEqual({ revoked: 1 });
    expect((await as(app, laptop)("POST", "/private/editor/me/sessions/revoke", { session_id: other.id })).statusCode).toBe(404);
    expect((await as(app, laptop)("POST", "/private/editor/me/sessions/revoke", {})).json().data).toEqual({ revoked: 1 });
    for (const phone of phones) expect((await app.inject({ method: "GET", url: "/private/editor/me", headers: { cookie: phone.cookie } })).statusCode).toBe(401);
    expect((await as(app, laptop)("GET", "/private/editor/me")).statusCode).toBe(200);
    const stranger = await signUp(app, "not-devices@example.com", "correct horse battery", "10.6.3.9");
    expect((await as(app, stranger)("POST", "/private/editor/me/sessions/revoke", { session_id: current.id })).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("deletes an account with its password, but not while it is an organization's only owner", async () => {
    const leaving = await signUp(app, "leaving@example.com", "correct horse battery", "10.6.4.1");
    const partner = await signUp(app, "partner@example.com", "correct horse battery", "10.6.4.2");
    const org = (await as(app, leaving)("POST", "/private/editor/organizations", { name: "leaving-org", display_name: "Leaving Co" })).json().data.id;
    const remove = (password: string) => as(app, leaving)("POST", "/private/editor/me/delete", { password });

    expect((await remove("not my password")).json().error.code).toBe("INVALID_PASSWORD");
    const sole = (await remove("correct horse battery")).json().error;
    expect(sole).toMatchObject({ code: "LAST_OWNER", message: expect.stringContaining("Leaving Co") });

    await joinOrganization(app, leaving, org, partner, "owner");
    expect((await remove("correct horse battery")).json().data).toEqual({ id: leaving.user_id });
    expect((await as(app, leaving)("GET", "/private/editor/me")).statusCode).toBe(401);
    expect((await signIn("leaving@example.com", "correct horse battery", "10.6.4.3")).statusCode).toBe(401);
    const members = (await as(app, partner)("GET", `/private/editor/organizations/${org}/members`)).json().data;
    expect(members.map((m: { email: string }) => m.email)).toEqual(["partner@example.com"]);
    const events = (await database.db.selectFrom("audit_log").select("event").where("user_id", "=", leaving.user_id).execute()).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(["account.delete_refused", "account.deleted"]));
  });

  it.skipIf(!backend.available)("lets an operator set a forgotten password from the CLI, ending the user's sessions", async () => {
    const member = await signUp(app, "forgot@example.com", "correct horse battery", "10.6.2.1");
    const cli = (email: string, password: string) =>
      runCommand({ db: database.db, auth: app.auth, publicUrl: ORIGIN }, { cmd: "users.set-password", email, password });
    expect(JSON.parse((await cli("nobody@example.com", "a brand new secret")).stdout).error.code).toBe("USER_NOT_FOUND");
    expect(JSON.parse((await cli("forgot@example.com", "short")).stdout).error.code).toBe("MALFORMED_REQUEST");
    const done = await cli("Forgot@Example.com", "a brand new secret");
    expect(done.exit_code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ id: member.user_id, sessions_revoked: true });
    expect((await as(app, member)("GET", "/private/editor/me")).statusCode).toBe(401);
    expect((await signIn("forgot@example.com", "correct horse battery", "10.6.2.2")).statusCode).toBe(401);
    expect((await signIn("forgot@example.com", "a brand new secret", "10.6.2.3")).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("changes a password only with the current one, auditing each attempt", async () => {
    const member = await signUp(app, "change@example.com", "correct horse battery", "10.6.1.1");
    const change = (currentPassword: string, newPassword: string) => app.inject({
      method: "POST", url: "/api/auth/change-password", remoteAddress: "10.6.1.1",
      headers: { cookie: member.cookie, origin: ORIGIN, "content-type": "application/json" },
      payload: { currentPassword, newPassword, revokeOtherSessions: true },
    });
    const wrong = await change("not my password", "a brand new secret");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_PASSWORD");
    expect((await signIn("change@example.com", "correct horse battery", "10.6.1.2")).statusCode).toBe(200);
    const right = await change("correct horse battery", "a brand new secret");
    expect(right.statusCode).toBe(200);
    expect((await signIn("change@example.com", "correct horse battery", "10.6.1.3")).statusCode).toBe(401);
    expect((await signIn("change@example.com", "a brand new secret", "10.6.1.4")).statusCode).toBe(200);
    const rows = await database.db.selectFrom("audit_log").select(["event", "user_id"]).where("event", "like", "password_change.%").execute();
    expect(rows).toEqual(expect.arrayContaining([
      { event: "password_change.failed", user_id: member.user_id },
      { event: "password_change.succeeded", user_id: member.user_id },
    ]));
  });
});
