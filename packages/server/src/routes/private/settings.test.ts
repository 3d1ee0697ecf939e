import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { describeManagedTable } from "../../tables/managed-table";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

describe.each(BACKENDS)("renaming and deleting organizations and projects on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    owner = await signUp(app, "settings-owner@example.com", "correct horse battery", "10.3.0.1");
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (method: "POST" | "PATCH" | "DELETE" | "GET", path: string, body?: unknown) => as(app, owner)(method, `/private/editor${path}`, body);
  const data = async (method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown) => (await call(method, path, body)).json().data;

  /** An organization with two projects, each with a form (and its response table) and a canvas. */
  async function world(name: string) {
    const org = await data("POST", "/organizations", { name, display_name: "Before" });
    const projects: { id: string; table: string }[] = [];
    for (const project of ["web", "app"]) {
      const { id } = await data("POST", `/organizations/${org.id}/projects`, { name: project });
      const form = await data("POST", `/projects/${id}/documents`, { doctype: "v0_form", title: "Signup" });
      await data("POST", `/projects/${id}/documents`, { doctype: "v0_canvas", title: "Board" });
      const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", form.form_id).executeTakeFirstOrThrow();
      projects.push({ id, table: table_name });
    }
    return { org: org.id as string, projects };
  }

  it.skipIf(!backend.available)("renames an organization and a project, refusing taken and invalid names", async () => {
    const { org, projects } = await world("rename-me");
    await data("POST", "/organizations", { name: "taken-org" });
    expect(await data("PATCH", `/organizations/${org}`, { display_name: " After ", name: "renamed-org" })).toMatchObject({ name: "renamed-org", display_name: "After" });
    expect((await call("PATCH", `/organizations/${org}`, { name: "taken-org" })).json().error.code).toBe("NAME_TAKEN");
    expect((await call("PATCH", `/organizations/${org}`, { name: "Bad Name" })).json().error.code).toBe("NAME_INVALID");
    expect((await call("PATCH", `/organizations/${org}`, {})).json().error.code).toBe("MALFORMED_REQUEST");
    expect(await data("PATCH", `/projects/${projects[0]!.id}`, { name: "website" })).toMatchObject({ name: "website" });
    expect((await call("PATCH", `/projects/${projects[0]!.id}`, { name: "app" })).json().error.code).toBe("NAME_TAKEN");
    const me = (await call("GET", "/me")).json().data;
    expect(me.organizations.find((o: { id: string }) => o.id === org)).toMatchObject({ name: "renamed-org", projects: [{ name: "app" }, { name: "website" }] });
  });

  it.skipIf(!backend.available)("deletes a project with its documents and drops its forms' response tables", async () => {
    const { projects } = await world("drop-project");
    const [gone, kept] = projects as [{ id: string; table: string }, { id: string; table: string }];
    expect(await data("DELETE", `/projects/${gone.id}`)).toEqual({ id: gone.id, projects: 1, documents: 2, forms: 1 });
    expect(await describeManagedTable(database.db, gone.table)).toEqual([]);
    expect((await describeManagedTable(database.db, kept.table)).length).toBeGreaterThan(0);
    expect(await database.db.selectFrom("document").select("id").where("project_id", "=", gone.id).execute()).toEqual([]);
    expect((await call("GET", `/projects/${gone.id}/documents`)).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("deletes an organization with everything in it", async () => {
    const { org, projects } = await world("drop-org");
    expect(await data("DELETE", `/organizations/${org}`)).toEqual({ id: org, projects: 2, documents: 4, forms: 2 });
    for (const project of projects) expect(await describeManagedTable(database.db, project.table)).toEqual([]);
    expect(await database.db.selectFrom("project").select("id").where("organization_id", "=", org).execute()).toEqual([]);
    const me = (await call("GET", "/me")).json().data;
    expect(me.organizations.map((o: { id: string }) => o.id)).not.toContain(org);
  });

  it.skipIf(!backend.available)("does not let an owner's API key rename or delete its own project", async () => {
    const { projects } = await world("key-owner");
    const { token } = await data("POST", `/projects/${projects[0]!.id}/api-keys`, { name: "ci", role: "owner" });
    const key = as(app, { bearer: token });
    expect((await key("DELETE", `/private/editor/projects/${projects[0]!.id}`)).statusCode).toBe(403);
    expect((await key("PATCH", `/private/editor/projects/${projects[0]!.id}`, { name: "hijacked" })).statusCode).toBe(403);
    expect((await describeManagedTable(database.db, projects[0]!.table)).length).toBeGreaterThan(0);
    const refused = await database.db.selectFrom("audit_log").select("path").where("event", "=", "access.forbidden").where("api_key_id", "is not", null).execute();
    expect(refused.map((r) => r.path)).toEqual([`/private/editor/projects/${projects[0]!.id}`, `/private/editor/projects/${projects[0]!.id}`]);
  });
});
