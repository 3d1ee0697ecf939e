import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { managedTable } from "../../tables/managed-table";
import { as, ORIGIN, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";

const DEFINITION = {
  title: "Scripted",
  fields: [{ name: "name", type: "text", label: "Name" }],
  blocks: [{ type: "field", field: "name" }],
};

describe.each(BACKENDS)("forms for scripts on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: Member;
  let project: string;
  let reader: { bearer: string };

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN });
    owner = await signUp(app, "scripts@example.com", "correct horse battery", "10.14.0.1");
    const org = (await as(app, owner)("POST", "/private/editor/organizations", { name: "scripts" })).json().data.id;
    project = (await as(app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "etl" })).json().data.id;
    reader = { bearer: (await as(app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "export", role: "viewer" })).json().data.token };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("imports a definition file and gives it back, refusing a bad one with its code", async () => {
    const created = await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, DEFINITION);
    expect(created.statusCode).toBe(201);
    const { id, url } = created.json().data;
    expect(url).toBe(`${ORIGIN}/d/e/${id}`);
    const exported = (await as(app, reader)("GET", `/private/editor/forms/${id}/definition`)).json().data;
    expect(exported).toMatchObject({ title: "Scripted", fields: [{ name: "name", type: "text", label: "Name" }] });
    const bad = await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, { title: "Bad", fields: [{ name: "Bad Name", type: "text" }] });
    expect(bad.json().error.code).toBe("FIELD_NAME_INVALID");
    expect((await as(app, reader)("POST", `/private/editor/projects/${project}/forms`, DEFINITION)).statusCode).toBe(403);
  });

  it.skipIf(!backend.available)("pages responses by local_index so nothing is cut off", async () => {
    const { id } = (await as(app, owner)("POST", `/private/editor/projects/${project}/forms`, DEFINITION)).json().data;
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow();
    for (let i = 1; i <= 5; i++) await sql`insert into ${managedTable(table_name)} (local_index, name) values (${i}, ${`row ${i}`})`.execute(database.db);
    const page = async (query: string) => (await as(app, reader)("GET", `/private/editor/forms/${id}/responses${query}`)).json().data as { local_index: number; name: string }[];
    expect((await page("?limit=2")).map((r) => r.name)).toEqual(["row 1", "row 2"]);
    expect((await page("?after=2&limit=2")).map((r) => r.local_index)).toEqual([3, 4]);
    expect((await page("?after=4&limit=2")).map((r) => r.local_index)).toEqual([5]);
    expect((await page("")).length).toBe(5);
    expect((await as(app, reader)("GET", `/private/editor/forms/${id}/responses?limit=5000`)).json().error.code).toBe("MALFORMED_REQUEST");
  });
});
