import { PARAM } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS, multipart } from "../../test/backends";

describe.each(BACKENDS)("a submit from an older revision of the form on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let form: string;
  let field: string;

  const editor = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => as(app, owner)(method, `/private/editor${path}`, body);
  const revision = async () => (await editor("GET", `/forms/${form}`)).json().data.revision as number;
  const post = (entries: Record<string, string>, json = true) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${form}`, payload: body.payload, headers: { ...body.headers, ...(json ? { accept: "application/json" } : {}) } });
  };

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0, supportUrl: "mailto:help@example.com" });
    owner = await signUp(app, "outdated@example.com", "correct horse battery", "10.22.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "outdated" })).json().data.id;
    const project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "forms" })).json().data.id;
    const doc = (await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Survey" })).json().data;
    form = doc.form_id;
    field = (await editor("POST", `/forms/${form}/fields`, { revision: await revision(), field: { name: "name", type: "text" } })).json().data.field_id;
    await as(app, owner)("PATCH", `/private/editor/documents/${doc.id}`, { published: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("renders the revision into the page and accepts answers that still fit", async () => {
    const preload = (await app.inject({ method: "GET", url: `/v1/${form}` })).json().data;
    const page = await app.inject({ method: "GET", url: `/d/e/${form}` });
    expect(page.body).toMatch(new RegExp(`name="${PARAM.revision}" value="${preload.revision}"`));
    // A label changes: the old page's answers still read.
    const now = await revision();
    expect((await editor("PATCH", `/forms/${form}/fields/${field}`, { revision: now, field: { name: "name", type: "text", label: "Your name" } })).statusCode).toBe(200);
    const accepted = await post({ name: "Ada", [PARAM.revision]: String(preload.revision) });
    expect(accepted.statusCode).toBe(201);
  });

  it.skipIf(!backend.available)("sends the visitor to the outdated-schema page when the answers no longer fit", async () => {
    const old = await revision();
    const added = await editor("POST", `/forms/${form}/fields`, { revision: old, field: { name: "age", type: "number", required: true } });
    expect(added.statusCode).toBe(201);
    const refused = await post({ name: "Ada", [PARAM.revision]: String(old) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("FORM_SCHEMA_OUTDATED");
    const native = await post({ name: "Ada", [PARAM.revision]: String(old) }, false);
    expect(native.statusCode).toBe(303);
    expect(native.headers.location).toBe(`/d/e/${form}/outdated?revision=${old}&current=${old + 1}`);
    const screen = await app.inject({ method: "GET", url: native.headers.location as string });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain("Error: outdated schema version");
    expect(screen.body).toContain("The document version is outdated.");
    // Spec 1 §2.2: back to the form and the project home, and the details as JSON.
    const links = [...screen.body.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([[`/d/e/${form}`, "Reload the form"], ["/", "Project home"], ["mailto:help@example.com", "Contact support"]]);
    expect(screen.body.includes(`&quot;revision&quot;: ${old},`)).toBe(true);
    // From the current page, the same answers are simply incomplete.
    const current = await post({ name: "Ada", [PARAM.revision]: String(await revision()) });
    expect(current.json().error.code).toBe("REQUIRED_FIELD_MISSING");
    expect((await post({ name: "Ada", age: "36", [PARAM.revision]: String(old) })).statusCode).toBe(201);
  });
});
