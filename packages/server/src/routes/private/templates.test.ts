/** "New form" from a starter template: the form, its fields, blocks and table, under the owner's title. */
import { FORM_TEMPLATES, FormDefinition } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { describeManagedTable } from "../../tables/managed-table";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

describe.each(BACKENDS)("form templates on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    owner = await signUp(app, "templates@example.com", "correct horse battery", "10.31.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "templates" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "starters" })).json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("makes a draft form from each template, with its fields, blocks and columns, under the owner's title", async () => {
    for (const template of FORM_TEMPLATES) {
      const created = await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: `My ${template.name}`, template: template.id });
      expect(created.statusCode, template.id).toBe(201);
      const { form_id, published } = created.json().data;
      expect(published).toBe(false);
      const exported = (await as(app, owner)("GET", `/private/editor/forms/${form_id}/definition`)).json().data;
      const expected = FormDefinition.parse({ ...template.definition, title: `My ${template.name}`, settings: { published: false } });
      const form = await database.db.selectFrom("form").select("table_name").where("id", "=", form_id).executeTakeFirstOrThrow();
      expect(exported).toEqual({ ...expected, table_name: form.table_name });
      const columns = (await describeManagedTable(database.db, form.table_name)).map((c) => c.name);
      for (const field of expected.fields) expect(columns).toContain(field.name);
    }
  });

  it.skipIf(!backend.available)("refuses an unknown template, and a template for anything but a form", async () => {
    const unknown = await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "X", template: "pizza" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("MALFORMED_REQUEST");
    const canvas = await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_canvas", title: "X", template: "contact" });
    expect(canvas.statusCode).toBe(400);
    const hostile = await as(app, owner)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "X", template: "t".repeat(100_000) });
    expect(hostile.statusCode).toBe(400);
  });
});
