import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS, multipart } from "../test/backends";
import { listResponses } from "../forms/responses";
import { renameField } from "../forms/field-service";

const VALID = {
  full_name: "Ada Lovelace", email: "ada@example.com", phone: "555-123-4567", website: "https://ada.dev",
  team_size: "12", role: "engineer", start_date: "2026-12-01", plan: "team", features: ["forms", "payments"],
  satisfaction: "9", newsletter: "on", call_time: "09:30", comments: "Great", accept_terms: "on", source: "ad",
};

describe.each(BACKENDS)("public form API on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let formId: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    // Many submits from one address: the limits have their own test (rate-limit.test.ts).
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (id: string, entries: Record<string, string | string[]>, json = true) => {
    const body = multipart(entries);
    return app.inject({
      method: "POST", url: `/submit/${id}`, payload: body.payload,
      headers: { ...body.headers, ...(json ? { accept: "application/json" } : {}) },
    });
  };
  const submit = (entries: Record<string, string | string[]>, json = true) => post(formId, entries, json);
  const rowCount = async () => (await listResponses(database.db, formId)).length;

  it.skipIf(!backend.available)("requires only the fields a visitor can see: not those in a hidden block, section or group, nor in no block", async () => {
    const definition = {
      format: "fieldwork.form", version: 1, title: "Visibility", settings: { published: true },
      fields: ["name", "secret", "grouped", "orphan"].map((name) => ({ name, type: "text", label: name, required: true })),
      blocks: [
        { type: "section", children: [{ type: "field", field: "name" }, { type: "group", v_hidden: true, children: [{ type: "field", field: "grouped" }] }] },
        { type: "section", v_hidden: true, children: [{ type: "field", field: "secret" }] },
      ],
    };
    const id = (await importForm(database.db, await defaultProject(database.db), definition)).id;
    const missing = await post(id, {});
    expect([missing.statusCode, missing.json().error.code, missing.json().error.fields]).toEqual([400, "REQUIRED_FIELD_MISSING", ["name"]]);
    const accepted = await post(id, { name: "Ada", secret: "kept when posted" });
    expect(accepted.statusCode).toBe(201);
    const [row] = await listResponses(database.db, id);
    expect(row).toMatchObject({ name: "Ada", secret: "kept when posted", grouped: null, orphan: null });
  });

  it.skipIf(!backend.available)("takes a visitor from session to preload to patch to submit, landing a typed row", async () => {
    const session = await app.inject({ method: "GET", url: `/v1/${formId}/session` });
    expect(session.statusCode).toBe(200);
    const sessionId = session.json().data.id as string;

    const preload = await app.inject({ method: "GET", url: `/v1/${formId}?__fw_session=${sessionId}&source=newsletter` });
    expect(preload.statusCode).toBe(200);
    const data = preload.json().data;
    expect(data.error).toBeNull();
    expect(data.title).toBe("Fieldwork launch survey");
    expect(data.tree.map((n: { type: string }) => n.type)).toEqual(["section", "section"]);
    expect(data.default_values.source).toBe("newsletter");
    const email = data.fields.find((f: { name: string }) => f.name === "email");

    const patch = await app.inject({
      method: "PATCH", url: `/v1/session/${sessionId}/field/${email.id}`, payload: { value: "draft@example.com" },
    });
    expect(patch.statusCode).toBe(200);
    const again = await app.inject({ method: "GET", url: `/v1/${formId}?__fw_session=${sessionId}` });
    expect(again.json().data.default_values.email).toBe("draft@example.com");

    const response = await submit({ ...VALID, __fw_session: sessionId, __fw_utc_offset: "540", __fw_fingerprintjs_visitorid: "visitor-1" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data).toMatchObject({ form_id: formId, local_index: 1, duplicate: false });
    expect(body.data.redirect).toBe(`/d/e/${formId}/complete?response=1`);

    const [row] = await listResponses(database.db, formId);
    expect(row).toMatchObject({
      local_index: 1, session_id: sessionId, full_name: "Ada Lovelace", team_size: 12, role: "engineer",
      start_date: "2026-12-01", features: ["forms", "payments"], satisfaction: 9, newsletter: true,
      accept_terms: true, call_time: "09:30:00", utc_offset: 540, visitor_id: "visitor-1",
    });
    expect(row!.customer_id).toEqual(expect.any(String));
    const marked = await database.db.selectFrom("response_session").select("submitted_at").where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(marked.submitted_at).toBeInstanceOf(Date);
  });

  it.skipIf(!backend.available)("accepts a retried submit of the same session once", async () => {
    const sessionId = (await app.inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id;
    const before = await rowCount();
    const first = await submit({ ...VALID, __fw_session: sessionId });
    const second = await submit({ ...VALID, __fw_session: sessionId });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: first.json().data.id, duplicate: true });
    expect(await rowCount()).toBe(before + 1);
  });

  it.skipIf(!backend.available)("answers a browser's native post with a 303 to the completion page", async () => {
    const response = await submit(VALID, false);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(new RegExp(`^/d/e/${formId}/complete\\?response=\\d+$`));
    const page = await app.inject({ method: "GET", url: response.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Thank you!");
  });

  it.skipIf(!backend.available)("assigns local_index without gaps or duplicates under concurrency", async () => {
    const before = await rowCount();
    const results = await Promise.all(Array.from({ length: 25 }, () => submit(VALID)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await listResponses(database.db, formId);
    expect(rows.map((r) => r.local_index)).toEqual(Array.from({ length: before + 25 }, (_, i) => i + 1));
  });

  it.skipIf(!backend.available)("refuses bad input with a catalogue code and writes nothing", async () => {
    const before = await rowCount();
    const cases: [Promise<{ statusCode: number; body: string; json(): { error: { code: string; fields?: string[] } } }>, number, string][] = [
      [submit({ ...VALID, email: "not-an-email" }), 400, "INVALID_FIELD_VALUE"],
      [submit({ ...VALID, full_name: "" }), 400, "REQUIRED_FIELD_MISSING"],
      [submit({ ...VALID, plan: "platinum" }), 400, "INVALID_OPTION"],
      [submit({ ...VALID, team_size: "twelve" }), 400, "INVALID_FIELD_VALUE"],
      [submit({ ...VALID, plan: ["free", "team"] }), 400, "INVALID_FIELD_VALUE"],
      [app.inject({
        method: "POST", url: `/submit/${formId}`, payload: "--x\r\nbroken",
        headers: { "content-type": "multipart/form-data; boundary=x", accept: "application/json" },
      }), 400, "MALFORMED_REQUEST"],
      [submit({ ...VALID, comments: "x".repeat(6 * 1024 * 1024) }), 413, "PAYLOAD_TOO_LARGE"],
      [submit({ ...VALID, comments: "x".repeat(1024 * 1024 + 1) }), 413, "PAYLOAD_TOO_LARGE"],
      [app.inject({
        method: "POST", url: `/submit/${formId}`, payload: "{}",
        headers: { "content-type": "application/json", accept: "application/json" },
      }), 415, "UNSUPPORTED_MEDIA_TYPE"],
    ];
    for (const [request, status, code] of cases) {
      const response = await request;
      expect({ status: response.statusCode, code: response.json().error?.code, body: response.body.slice(0, 200) })
        .toMatchObject({ status, code });
    }
    const fields = (await submit({ ...VALID, email: "x", full_name: "" })).json().error.fields;
    expect(fields).toEqual(["full_name", "email"]);
    expect(await rowCount()).toBe(before);
  });

  it.skipIf(!backend.available)("answers 404 for unknown forms, sessions and fields", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await app.inject({ method: "GET", url: `/v1/${unknown}` })).json().error.code).toBe("FORM_NOT_FOUND");
    expect((await app.inject({ method: "GET", url: `/v1/not-a-uuid/session` })).statusCode).toBe(404);
    expect((await post(unknown, VALID)).statusCode).toBe(404);
    const page = await app.inject({ method: "GET", url: `/d/e/${unknown}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Form not found");
    const patch = await app.inject({ method: "PATCH", url: `/v1/session/${unknown}/field/${unknown}`, payload: { value: "x" } });
    expect(patch.json().error.code).toBe("SESSION_NOT_FOUND");
    const sessionId = (await app.inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id;
    const wrongField = await app.inject({ method: "PATCH", url: `/v1/session/${sessionId}/field/${unknown}`, payload: { value: "x" } });
    expect(wrongField.json().error.code).toBe("FIELD_NOT_FOUND");
    const badShape = await app.inject({ method: "PATCH", url: `/v1/session/${sessionId}/field/${unknown}`, payload: { value: { a: 1 } } });
    expect(badShape.json().error.code).toBe("INVALID_FIELD_VALUE");
  });

  it.skipIf(!backend.available)("redirects load errors to the pages of spec 1 §8", async () => {
    const closed = (await importForm(database.db, await defaultProject(database.db), {
      title: "Closed", settings: { is_force_closed: true }, fields: [{ name: "a", type: "text" }],
    })).id;
    const preload = await app.inject({ method: "GET", url: `/v1/${closed}` });
    expect(preload.json().data.error.code).toBe("FORM_FORCE_CLOSED");
    const page = await app.inject({ method: "GET", url: `/d/e/${closed}` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/d/e/${closed}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);
    const submitted = await post(closed, { a: "x" }, false);
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(`/d/e/${closed}/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING`);

    const hidden = (await importForm(database.db, await defaultProject(database.db), {
      title: "Hidden", fields: [{ name: "ref", type: "hidden", required: true }],
    })).id;
    expect((await app.inject({ method: "GET", url: `/d/e/${hidden}` })).headers.location)
      .toBe(`/d/e/${hidden}/badrequest?fields=ref&error=MISSING_REQUIRED_HIDDEN_FIELDS`);
    expect((await app.inject({ method: "GET", url: `/d/e/${hidden}?ref=x` })).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("accepts exactly the total limit under concurrency", async () => {
    const limited = (await importForm(database.db, await defaultProject(database.db), {
      title: "Limited", settings: { max_form_responses_in_total: 5 }, fields: [{ name: "a", type: "text" }],
    })).id;
    const results = await Promise.all(Array.from({ length: 15 }, () => post(limited, { a: "x" })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().error.code === "FORM_RESPONSE_LIMIT_REACHED")).toBe(true);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from form_data.${sql.id((await database.db.selectFrom("form").select("table_name").where("id", "=", limited).executeTakeFirstOrThrow()).table_name)}`.execute(database.db);
    expect(rows[0]!.n).toBe(5);
  });

  it.skipIf(!backend.available)("accepts exactly the per-customer limit when one visitor submits at once", async () => {
    const limited = (await importForm(database.db, await defaultProject(database.db), {
      title: "Once", settings: { max_form_responses_by_customer: 2 }, fields: [{ name: "a", type: "text" }],
    })).id;
    const results = await Promise.all(Array.from({ length: 8 }, () => post(limited, { a: "x", __fw_fingerprintjs_visitorid: "same-visitor" })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => r.json().error.code))
      .toEqual(Array(6).fill("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED"));
    expect((await post(limited, { a: "y", __fw_fingerprintjs_visitorid: "another-visitor" })).statusCode).toBe(201);
    const preload = await app.inject({ method: "GET", url: `/v1/${limited}?__fw_fingerprintjs_visitorid=same-visitor` });
    expect(preload.json().data.error.code).toBe("FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED");
    expect((await app.inject({ method: "GET", url: `/d/e/${limited}` })).statusCode).toBe(200);

    // alreadyresponded is told who was recognised (spec 2 §2): fingerprint, customer_id, and the session when there is one.
    const { id: customer_id } = await database.db.selectFrom("customer").select("id").where("visitor_id", "=", "same-visitor").executeTakeFirstOrThrow();
    const refused = results.find((r) => r.statusCode !== 201)!.json().error;
    expect(refused.page_query).toEqual({ fingerprint: "same-visitor", customer_id });
    expect(preload.json().data.error.page_query).toEqual({ fingerprint: "same-visitor", customer_id });
    const html = await post(limited, { a: "z", __fw_fingerprintjs_visitorid: "same-visitor" }, false);
    expect([html.statusCode, html.headers.location]).toEqual([303, `/d/e/${limited}/alreadyresponded?fingerprint=same-visitor&customer_id=${customer_id}`]);
  });

  it.skipIf(!backend.available)("reads a submit against the new definition after a field is renamed", async () => {
    const id = (await importForm(database.db, await defaultProject(database.db), {
      title: "Renamed", fields: [{ name: "comments", type: "text" }, { name: "age", type: "number" }],
    })).id;
    expect((await post(id, { comments: "first", age: "1" })).statusCode).toBe(201);
    const field = await database.db.selectFrom("form_field").select("id").where("form_id", "=", id).where("name", "=", "comments").executeTakeFirstOrThrow();
    await renameField(database.db, field.id, "notes");
    const second = await post(id, { notes: "second", age: "2" });
    expect(second.statusCode).toBe(201);
    const rows = await listResponses(database.db, id);
    expect(rows.map((r) => [r.notes, r.age])).toEqual([["first", 1], ["second", 2]]);
  });

  it.skipIf(!backend.available)("answers /healthz", async () => {
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
