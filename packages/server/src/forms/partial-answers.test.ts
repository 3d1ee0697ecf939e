/**
 * Partial answers cannot grow without bound (issue 19 item 8), on both backends with the caps
 * lowered: one session keeps at most `sessionBytes` (413 SESSION_ANSWERS_TOO_LARGE), a form's
 * unsubmitted sessions together at most `formBytes` (409 FORM_PARTIAL_ANSWERS_FULL), a value
 * that shrinks a session is always saved, and retention deletes empty sessions after a day,
 * unsubmitted ones after 7 days, and frees the form's room for new answers.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { EMPTY_SESSION_RETENTION_HOURS, pruneExpired, UNSUBMITTED_SESSION_RETENTION_DAYS } from "../limits/retention";
import { as, ORIGIN, signUp } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";

const CAPS = { sessionBytes: 3_000, formBytes: 7_000 };
const FORM = {
  title: "Partial",
  fields: [{ name: "a", type: "textarea" }, { name: "b", type: "textarea" }],
  blocks: [{ type: "field", field: "a" }, { type: "field", field: "b" }],
};
const HOUR = 3_600_000;

describe.each(BACKENDS)("partial answer caps on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;
  let fields: Record<string, string>;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0, partialAnswerCaps: CAPS });
    const owner = await signUp(app, "partial@example.com", "correct horse battery", "10.40.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "partial" })).json().data.id;
    const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "site" })).json().data.id;
    formId = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, FORM)).json().data.id as string;
    const list = (await app.inject({ method: "GET", url: `/v1/${formId}` })).json().data.fields as { id: string; name: string }[];
    fields = Object.fromEntries(list.map((f) => [f.name, f.id]));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newSession = async () => (await app.inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id as string;
  const patch = (session: string, name: string, value: string) =>
    app.inject({ method: "PATCH", url: `/v1/session/${session}/field/${fields[name]}`, payload: { value }, headers: { accept: "application/json" } });
  const tally = async () => Number((await sql<{ bytes: string }>`select coalesce(sum(bytes), 0) as bytes from form_partial_bytes where form_id = ${formId}::uuid`.execute(database.db)).rows[0]!.bytes);

  it.skipIf(!backend.available)("caps a session and a form, keeps shrinking values, and retention frees the room", async () => {
    const first = await newSession();
    expect((await patch(first, "a", "x".repeat(2_000))).statusCode).toBe(200);
    const tooLarge = await patch(first, "b", "y".repeat(1_500));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe("SESSION_ANSWERS_TOO_LARGE");
    expect((await patch(first, "b", "y".repeat(500))).statusCode).toBe(200);
    expect((await patch(first, "a", "x".repeat(1_900))).statusCode).toBe(200); // rewriting a field counts its new size only

    const second = await newSession();
    expect((await patch(second, "a", "z".repeat(2_500))).statusCode).toBe(200);
    const third = await newSession();
    const full = await patch(third, "a", "w".repeat(2_500));
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe("FORM_PARTIAL_ANSWERS_FULL");
    expect(await tally()).toBeLessThanOrEqual(CAPS.formBytes);
    expect((await patch(second, "a", "z")).statusCode).toBe(200); // shrinking is always saved
    expect((await patch(third, "a", "w".repeat(2_500))).statusCode).toBe(200);
    const fourth = await newSession();
    expect((await patch(fourth, "a", "u".repeat(2_500))).statusCode).toBe(409);

    // A submit ends a session's partial answers counting toward the form, at the next recount.
    const body = multipart({ a: "done", __fw_session: first });
    expect((await app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } })).statusCode).toBe(201);
    const empty = await newSession();
    await pruneExpired(database.db, new Date(Date.now() + 2 * HOUR));
    expect(await tally()).toBeLessThan(3_000); // second and third, not the submitted first
    expect((await patch(fourth, "a", "u".repeat(2_500))).statusCode).toBe(200);

    // An empty session goes after a day; one with answers stays until 7 days after its last answer.
    const pruned = await pruneExpired(database.db, new Date(Date.now() + (EMPTY_SESSION_RETENTION_HOURS + 1) * HOUR));
    expect(pruned.sessions).toBe(1);
    const left = async () => (await database.db.selectFrom("response_session").select("id").where("form_id", "=", formId).execute()).map((r) => r.id).sort();
    expect(await left()).toEqual([first, second, third, fourth].sort());
    expect(empty).not.toBe(first);
    await pruneExpired(database.db, new Date(Date.now() + (UNSUBMITTED_SESSION_RETENTION_DAYS * 24 + 1) * HOUR));
    expect(await left()).toEqual([first]);
    expect(await tally()).toBe(0);
  });
});
