/**
 * Issue 19 items 15 and 16, through the real app on both backends: failed sign-ins are
 * limited per account whatever address they come from (with a back-off, across instances),
 * and a password typed into the email field reaches neither the log nor the audit table.
 */
import { Writable } from "node:stream";
import { SIGN_IN_BACKOFF } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { ORIGIN, signUp } from "../test/accounts";
import { BACKENDS } from "../test/backends";

describe.each(BACKENDS)("sign-in limits on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let log = "";
  let address = 0;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk.toString(); done(); } });
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, logger: { level: "info", stream } });
    // A second instance on the same database.
    other = await buildApp({ db: database.db, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
    await database?.close();
  });

  /** Each attempt from a new client address, so the per-address limit never answers. */
  const signIn = (email: string, password: string, through = app) => through.inject({
    method: "POST", url: "/api/auth/sign-in/email", remoteAddress: `10.50.${Math.floor(++address / 250)}.${address % 250}`,
    headers: { origin: ORIGIN, "content-type": "application/json" }, payload: { email, password },
  });
  /** Lets the current back-off run out, as time would. */
  const waitOut = () => sql`update sign_in_failure set blocked_until = now() - interval '1 second'`.execute(database.db);
  const auditRows = () => database.db.selectFrom("audit_log").selectAll().execute();

  it.skipIf(!backend.available)("refuses an account after repeated failures from many addresses, with 429, Retry-After and a back-off, on every instance", async () => {
    await signUp(app, "target@example.com", "correct horse battery", "10.49.0.1");
    for (let i = 0; i < SIGN_IN_BACKOFF.failures; i++) {
      expect((await signIn("target@example.com", `guess number ${i}`)).statusCode).toBe(401);
    }
    // The right password from yet another address, through another instance: refused unchecked.
    const locked = await signIn("target@example.com", "correct horse battery", other);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("SIGN_IN_LOCKED");
    const first = Number(locked.headers["retry-after"]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(SIGN_IN_BACKOFF.first_delay_seconds);
    expect((await auditRows()).some((row) => row.event === "sign_in.locked" && row.details.email === "target@example.com")).toBe(true);

    // One more failure after the delay doubles it.
    await waitOut();
    expect((await signIn("TARGET@example.com", "another guess")).statusCode).toBe(401);
    const longer = await signIn("target@example.com", "correct horse battery");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBeGreaterThan(first);

    // Once it runs out, the right password works and the count starts again.
    await waitOut();
    expect((await signIn("target@example.com", "correct horse battery")).statusCode).toBe(200);
    expect((await signIn("target@example.com", "one more guess")).statusCode).toBe(401);
    expect((await signIn("target@example.com", "correct horse battery")).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("treats an unknown email like a known one", async () => {
    for (let i = 0; i < SIGN_IN_BACKOFF.failures; i++) expect((await signIn("ghost@example.com", `guess ${i}`)).statusCode).toBe(401);
    const locked = await signIn("ghost@example.com", "guess again");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("SIGN_IN_LOCKED");
  });

  it.skipIf(!backend.available)("keeps a password typed into the email field out of the log and the audit table", async () => {
    const typed = "Tr0ub4dor&3-horse-staple";
    const answer = await signIn(typed, "whatever it is");
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    const rows = await auditRows();
    expect(JSON.stringify(rows)).not.toContain(typed);
    expect(log).not.toContain(typed);
    expect(rows.some((row) => row.event === "sign_in.failed" && row.details.email_redacted === "not an email address")).toBe(true);
    // A well-formed address is still kept, for whoever reads the audit log.
    await signIn("someone@example.com", "wrong password");
    expect((await auditRows()).some((row) => row.details.email === "someone@example.com")).toBe(true);
    expect(log).toContain("someone@example.com");
  });
});
