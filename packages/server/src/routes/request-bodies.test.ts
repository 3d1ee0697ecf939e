import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS, multipart } from "../test/backends";

const FORM = {
  title: "Bodies",
  fields: [{ name: "name", type: "text", required: true }, { name: "plan", type: "radio", options: [{ value: "a" }, { value: "b" }] }],
  blocks: [{ type: "field", field: "name" }, { type: "field", field: "plan" }],
};

describe.each(BACKENDS)("request bodies on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;
  let log = "";

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk.toString(); done(); } });
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, logger: { level: "info", stream }, rateLimitFactor: 0 });
    owner = await signUp(app, "bodies@example.com", "correct horse battery", "10.30.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "bodies" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "site" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("a refused native submit answers the form again and logs no error", async () => {
    const formId = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, FORM)).json().data.id as string;
    const before = log.length;
    const body = multipart({ name: "", plan: "a" });
    const refused = await app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: body.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    const urlencoded = await app.inject({
      method: "POST", url: `/submit/${formId}`, payload: "name=&plan=a", headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(urlencoded.statusCode).toBe(400);
    const written = log.slice(before);
    expect(written).not.toMatch(/already sent|"level":(50|40)/);
  });
});
