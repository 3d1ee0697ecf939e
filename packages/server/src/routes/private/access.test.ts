import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { describeManagedTable } from "../../tables/managed-table";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

interface World {
  owner: Member; editor: Member; viewer: Member; stranger: Member;
  org: string; project: string; document: string; form: string; form_document: string; key: string;
  strangerProject: string;
}

describe.each(BACKENDS)("roles and the private route table on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let w: World;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    const [owner, editor, viewer, stranger] = await Promise.all(
      ["owner", "editor", "viewer", "stranger"].map((n, i) => signUp(app, `${n}@example.com`, "correct horse battery", `10.9.0.${i + 1}`)),
    );
    const org = (await as(app, owner!)("POST", "/private/editor/organizations", { name: "acme", display_name: "Acme" })).json().data.id;
    const project = (await as(app, owner!)("POST", `/private/editor/organizations/${org}/projects`, { name: "web" })).json().data.id;
    await as(app, owner!)("POST", `/private/editor/organizations/${org}/members`, { email: "editor@example.com", role: "editor" });
    await as(app, owner!)("POST", `/private/editor/organizations/${org}/members`, { email: "viewer@example.com", role: "viewer" });
    const document = (await as(app, owner!)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_schema", title: "CRM" })).json().data.id;
    const formDoc = (await as(app, owner!)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Signup" })).json().data;
    const key = (await as(app, owner!)("POST", `/private/editor/projects/${project}/api-keys`, { name: "ci", role: "viewer" })).json().data;
    const strangerOrg = (await as(app, stranger!)("POST", "/private/editor/organizations", { name: "other" })).json().data.id;
    const strangerProject = (await as(app, stranger!)("POST", `/private/editor/organizations/${strangerOrg}/projects`, { name: "web" })).json().data.id;
    w = {
      owner: owner!, editor: editor!, viewer: viewer!, stranger: stranger!, org, project, document,
      form: formDoc.form_id, form_document: formDoc.id, key: key.id, strangerProject,
    };
    w.key = key.id;
    (w as World & { token: string }).token = key.token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("lets each role do what it may and refuses the rest with 403", async () => {
    const docs = `/private/editor/projects/${w.project}/documents`;
    const expectations: [Member, string, string, unknown, number][] = [
      [w.viewer, "GET", docs, undefined, 200],
      [w.viewer, "GET", `/private/editor/documents/${w.document}`, undefined, 200],
      [w.viewer, "POST", docs, { doctype: "v0_canvas", title: "Sketch" }, 403],
      [w.viewer, "PATCH", `/private/editor/documents/${w.document}`, { title: "Renamed" }, 403],
      [w.viewer, "DELETE", `/private/editor/documents/${w.document}`, undefined, 403],
      [w.viewer, "GET", `/private/editor/organizations/${w.org}/members`, undefined, 200],
      [w.editor, "POST", docs, { doctype: "v0_canvas", title: "Sketch" }, 201],
      [w.editor, "PATCH", `/private/editor/documents/${w.document}`, { title: "CRM 2" }, 200],
      [w.editor, "POST", `/private/editor/organizations/${w.org}/members`, { email: "stranger@example.com", role: "viewer" }, 403],
      [w.editor, "POST", `/private/editor/organizations/${w.org}/projects`, { name: "app" }, 403],
      [w.editor, "GET", `/private/editor/projects/${w.project}/api-keys`, undefined, 403],
      [w.owner, "GET", `/private/editor/projects/${w.project}/api-keys`, undefined, 200],
      [w.owner, "POST", `/private/editor/organizations/${w.org}/projects`, { name: "app" }, 201],
    ];
    for (const [member, method, url, body, status] of expectations) {
      const response = await as(app, member)(method as "GET", url, body);
      expect({ who: member.email, method, url, status: response.statusCode }).toEqual({ who: member.email, method, url, status });
    }
    const forbidden = await database.db.selectFrom("audit_log").select("event").where("event", "=", "access.forbidden").execute();
    expect(forbidden.length).toBeGreaterThanOrEqual(6);
  });

  it.skipIf(!backend.available)("creates a form document with its managed table and drops both on delete", async () => {
    const created = await as(app, w.editor)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_form", title: "Feedback" });
    expect(created.statusCode).toBe(201);
    const { id, form_id } = created.json().data;
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", form_id).executeTakeFirstOrThrow();
    expect((await describeManagedTable(database.db, table_name)).map((c) => c.name)).toContain("local_index");
    expect((await as(app, w.editor)("DELETE", `/private/editor/documents/${id}`)).statusCode).toBe(200);
    expect(await describeManagedTable(database.db, table_name)).toEqual([]);
    expect(await database.db.selectFrom("form").select("id").where("id", "=", form_id).executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(!backend.available)("refuses other doctypes and bad names with catalogue codes", async () => {
    const bad = await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_sheet", title: "X" });
    expect(bad.json().error.code).toBe("UNSUPPORTED_DOCTYPE");
    expect((await as(app, w.owner)("POST", "/private/editor/organizations", { name: "Bad Name" })).json().error.code).toBe("NAME_INVALID");
    expect((await as(app, w.owner)("POST", "/private/editor/organizations", { name: "acme" })).json().error.code).toBe("NAME_TAKEN");
    expect((await as(app, w.owner)("DELETE", `/private/editor/organizations/${w.org}/members/${w.owner.user_id}`)).json().error.code).toBe("LAST_OWNER");
  });

  it.skipIf(!backend.available)("lets a project API key act with its role on its project only", async () => {
    const key = { bearer: (w as World & { token: string }).token };
    expect((await as(app, key)("GET", `/private/editor/projects/${w.project}/documents`)).statusCode).toBe(200);
    expect((await as(app, key)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_site", title: "S" })).statusCode).toBe(403);
    expect((await as(app, key)("GET", `/private/editor/projects/${w.strangerProject}/documents`)).statusCode).toBe(404);
    expect((await as(app, key)("GET", "/private/editor/me")).statusCode).toBe(403);
    expect((await as(app, { bearer: "fwk_not-a-real-key" })("GET", `/private/editor/projects/${w.project}/documents`)).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("answers 401 on every private route without credentials and 404 to a member of another project", async () => {
    const params: Record<string, string> = {
      org_id: w.org, project_id: w.project, document_id: w.document, user_id: w.viewer.user_id, key_id: w.key, form_id: w.form,
    };
    const routes = app.routeTable.filter((r) => r.url.startsWith("/private/editor"));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const unknown = [{ method: "GET", url: "/private/editor/no/such/route" }, { method: "POST", url: "/private/editor/forms/x/explode" }];
    for (const route of [...routes, ...unknown]) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? "00000000-0000-4000-8000-000000000000");
      const anonymous = await as(app, null)(route.method as "GET", url, route.method === "GET" ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: anonymous.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      if (!/:\w+/.test(route.url)) continue; // /me and POST /organizations act on the caller alone
      const stranger = await as(app, w.stranger)(route.method as "GET", url, route.method === "GET" ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: stranger.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 404 });
    }
  });

  it.skipIf(!backend.available)("keeps public routes public and private settings out of them", async () => {
    const publish = await database.db.updateTable("form").set({ is_published: true }).where("id", "=", w.form).execute();
    expect(publish).toBeDefined();
    const preload = await app.inject({ method: "GET", url: `/v1/${w.form}` });
    expect(preload.statusCode).toBe(200);
    const page = await app.inject({ method: "GET", url: `/d/e/${w.form}` });
    expect(page.statusCode).toBe(200);
    for (const body of [preload.body, page.body]) {
      expect(body).not.toContain("owner@example.com");
      expect(body).not.toContain("fwk_");
      expect(body).not.toContain(w.owner.user_id);
      expect(body).not.toContain("project_id");
    }
    await database.db.updateTable("form").set({ is_published: false }).where("id", "=", w.form).execute();
    expect((await app.inject({ method: "GET", url: `/v1/${w.form}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/d/e/${w.form}`, headers: { accept: "text/html" } })).statusCode).toBe(404);
  });
});
