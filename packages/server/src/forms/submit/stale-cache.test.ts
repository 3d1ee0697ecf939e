/**
 * Issue 19 item 18: a submit read against a cached definition that an edit made stale (on this
 * instance, or on another one sharing the database) is read again against the current form
 * before it is refused, so answers that fit the form as it is now are accepted.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS, createScratchDatabase, multipart } from "../../test/backends";

interface Fixture { form: string; field: string }

/** A published form with one required text field `favourite_colour`, made through `app`. */
async function publishedForm(app: FastifyInstance, owner: Member): Promise<Fixture> {
  const call = as(app, owner);
  const org = (await call("POST", "/private/editor/organizations", { name: "stale" })).json().data.id;
  const project = (await call("POST", `/private/editor/organizations/${org}/projects`, { name: "forms" })).json().data.id;
  const doc = (await call("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Colours" })).json().data;
  const revision = (await call("GET", `/private/editor/forms/${doc.form_id}`)).json().data.revision as number;
  const added = await call("POST", `/private/editor/forms/${doc.form_id}/fields`, { revision, field: { name: "favourite_colour", type: "text", required: true } });
  expect(added.statusCode).toBe(201);
  expect((await call("PATCH", `/private/editor/documents/${doc.id}`, { published: true })).statusCode).toBe(200);
  return { form: doc.form_id, field: added.json().data.field_id };
}

async function rename(app: FastifyInstance, owner: Member, { form, field }: Fixture, name: string) {
  const call = as(app, owner);
  const revision = (await call("GET", `/private/editor/forms/${form}`)).json().data.revision as number;
  const renamed = await call("PATCH", `/private/editor/forms/${form}/fields/${field}`, { revision, field: { name, type: "text", required: true } });
  expect(renamed.statusCode).toBe(200);
}

function submit(app: FastifyInstance, form: string, entries: Record<string, string>) {
  const body = multipart(entries);
  return app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
}

describe.each(BACKENDS)("a submit right after a field is renamed on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    owner = await signUp(app, "stale-cache@example.com", "correct horse battery", "10.23.0.1");
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("accepts answers that fit the current form, and refuses by the current form", async () => {
    const fixture = await publishedForm(app, owner);
    // The first submit caches the definition.
    expect((await submit(app, fixture.form, { favourite_colour: "teal" })).statusCode).toBe(201);
    await rename(app, owner, fixture, "colour");
    const accepted = await submit(app, fixture.form, { colour: "plum" });
    expect(accepted.json()).toMatchObject({ data: { local_index: 2 } });
    expect(accepted.statusCode).toBe(201);
    // A refusal names the current field, not the one the cache held.
    await rename(app, owner, fixture, "shade");
    const refused = await submit(app, fixture.form, { colour: "plum" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: "REQUIRED_FIELD_MISSING", fields: ["shade"] });
  });
});

describe.skipIf(!BACKENDS[1]!.available)("two instances on one PostgreSQL database: one edits, the other submits", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let databases: Database[] = [];
  let editing: FastifyInstance;
  let submitting: FastifyInstance;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    databases = [await openDatabase({ databaseUrl: scratch.url, poolSize: 4 }), await openDatabase({ databaseUrl: scratch.url, poolSize: 4 })];
    await migrate(databases[0]!.db);
    editing = await buildApp({ db: databases[0]!.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
    submitting = await buildApp({ db: databases[1]!.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
  });
  afterAll(async () => {
    await editing?.close();
    await submitting?.close();
    for (const database of databases) await database.close();
    databases = [];
    await scratch?.drop();
  });

  it("the submitting instance accepts answers that fit the form the other instance just changed", async () => {
    const owner = await signUp(editing, "two-instances@example.com", "correct horse battery", "10.23.0.2");
    const fixture = await publishedForm(editing, owner);
    expect((await submit(submitting, fixture.form, { favourite_colour: "teal" })).statusCode).toBe(201);
    await rename(editing, owner, fixture, "colour");
    const accepted = await submit(submitting, fixture.form, { colour: "plum" });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.local_index).toBe(2);
  });
});
