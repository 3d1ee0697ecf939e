/**
 * Issue 19 item 14 on both backends: an owner's "add by email" is an invitation the account
 * accepts or declines (nobody is put into an organization, let alone as owner, without saying
 * yes); the answer is the same for an address with an account and one without; a sign-up with
 * an address that has an account answers like a new one.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

describe.each(BACKENDS)("invitations by email on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let bob: Member;
  let org: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    owner = await signUp(app, "inviter@example.com", "correct horse battery", "10.70.0.1");
    bob = await signUp(app, "bob@example.com", "correct horse battery", "10.70.0.2");
    org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "inviting" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const invite = (who: Member, organization: string, email: string, role = "owner") =>
    as(app, who)("POST", `/private/editor/organizations/${organization}/members`, { email, role });
  const memberEmails = async (organization: string) =>
    ((await as(app, owner)("GET", `/private/editor/organizations/${organization}/members`)).json().data as { email: string }[]).map((m) => m.email);
  const mine = async (who: Member) =>
    (await as(app, who)("GET", "/private/editor/me/invitations")).json().data as { id: string; role: string; organization: { id: string } }[];
  /** An answer with its values' types only: what could tell the two apart. */
  const shape = (answer: { statusCode: number; json(): unknown }) =>
    JSON.stringify({ status: answer.statusCode, body: answer.json() }, (_key, value: unknown) => (typeof value === "string" ? typeof value : value));

  it.skipIf(!backend.available)("makes an invitation the account must accept, answering alike for known and unknown emails", async () => {
    const known = await invite(owner, org, "Bob@Example.com");
    const unknown = await invite(owner, org, "nobody-here@example.com");
    expect(known.statusCode).toBe(202);
    expect(shape(known)).toBe(shape(unknown));
    expect(known.json().data).toMatchObject({ email: "bob@example.com", role: "owner", invited: true });
    // Not a member until Bob says yes.
    expect(await memberEmails(org)).toEqual(["inviter@example.com"]);
    expect((await as(app, bob)("GET", `/private/editor/organizations/${org}/members`)).statusCode).toBe(404);
    // The owner sees both as pending, alike.
    const pending = (await as(app, owner)("GET", `/private/editor/organizations/${org}/invitations`)).json().data as { email: string }[];
    expect(pending.map((p) => p.email).sort()).toEqual(["bob@example.com", "nobody-here@example.com"]);

    const [offer] = await mine(bob);
    expect(offer).toMatchObject({ role: "owner", organization: { id: org } });
    const accepted = await as(app, bob)("POST", `/private/editor/me/invitations/${offer!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await memberEmails(org)).toEqual(["inviter@example.com", "bob@example.com"]);
    expect(await mine(bob)).toEqual([]);
    expect((await as(app, bob)("POST", `/private/editor/me/invitations/${offer!.id}/accept`)).json().error.code).toBe("INVITATION_NOT_FOUND");
  });

  it.skipIf(!backend.available)("lets any signed-in stranger only invite, never add, and the invitee decline", async () => {
    const stranger = await signUp(app, "stranger@example.com", "correct horse battery", "10.70.0.3");
    const theirs = (await as(app, stranger)("POST", "/private/editor/organizations", { name: "strangers" })).json().data.id;
    expect((await invite(stranger, theirs, bob.email)).statusCode).toBe(202);
    const me = (await as(app, bob)("GET", "/private/editor/me")).json().data;
    expect(me.organizations.map((o: { id: string }) => o.id)).not.toContain(theirs);
    const offer = (await mine(bob)).find((i) => i.organization.id === theirs)!;
    expect((await as(app, stranger)("POST", `/private/editor/me/invitations/${offer.id}/accept`)).json().error.code).toBe("INVITATION_NOT_FOUND");
    expect((await as(app, bob)("POST", `/private/editor/me/invitations/${offer.id}/decline`)).statusCode).toBe(200);
    expect(await mine(bob)).toEqual([]);
    expect((await as(app, stranger)("GET", `/private/editor/organizations/${theirs}/members`)).json().data).toHaveLength(1);
  });

  it.skipIf(!backend.available)("does not hand an invitation to whoever signs up later with the address", async () => {
    expect((await invite(owner, org, "later@example.com", "editor")).statusCode).toBe(202);
    const later = await signUp(app, "later@example.com", "correct horse battery", "10.70.0.4");
    expect(await mine(later)).toEqual([]);
  });

  it.skipIf(!backend.available)("answers a sign-up with an address that has an account like a new one", async () => {
    const signUpAs = (email: string) => app.inject({
      method: "POST", url: "/api/auth/sign-up/email", remoteAddress: "10.70.1.1",
      headers: { origin: ORIGIN, "content-type": "application/json" }, payload: { email, password: "another password", name: "Someone" },
    });
    const fresh = await signUpAs("brand-new@example.com");
    const taken = await signUpAs("bob@example.com");
    expect(fresh.statusCode).toBe(200);
    expect(shape(taken)).toBe(shape(fresh));
    expect(taken.json().user.email).toBe("bob@example.com");
    // Bob's account is untouched: his password still works, the new one does not.
    const signIn = (password: string) => app.inject({
      method: "POST", url: "/api/auth/sign-in/email", remoteAddress: "10.70.1.2",
      headers: { origin: ORIGIN, "content-type": "application/json" }, payload: { email: "bob@example.com", password },
    });
    expect((await signIn("another password")).statusCode).toBe(401);
    expect((await signIn("correct horse battery")).statusCode).toBe(200);
  });
});
