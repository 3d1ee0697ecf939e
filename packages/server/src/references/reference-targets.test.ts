/**
 * Reference fields to a form's answers table and to a table of a connected database (issue 24
 * item 5), on PGlite and PostgreSQL: the public meta and lookup (the same rate-limited route)
 * answer only the exposed columns, hostile lookups get a 4xx never a 500, a submitted key must
 * name a row of that table, the answer column is typed like the key (uuid, bigint) and a key of
 * the wrong type is refused with a 400 (never a 500), and a table of
 * another project (a form, a connection) is refused on save.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { createExternalDatabase, externalAvailable, type ExternalDatabase } from "../test/external-database";

const SECRET = "reference-targets-test-secret-0123456789abcdef";

describe.each(BACKENDS)("references to form tables and connected tables on $name", (backend) => {
  const ready = backend.available && externalAvailable;
  let f: DataApiFixture;
  let ext: ExternalDatabase;
  let stranger: Member;
  let catalogue: string, connection: string, theirForm: string, theirConnection: string;
  const editor = (who: Member) => (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => as(f.app, who)(method, `/private/editor${path}`, body);
  const orderForm = (reference: object) => ({
    title: "Order", settings: { published: true },
    fields: [{ name: "item", type: "search", label: "Item", required: true, reference }],
    blocks: [{ type: "field", field: "item" }],
  });
  const fromForm = (table_id: string, extra: object = {}) => ({ kind: "form", table_id, column: "id", shown: ["title"], searched: ["title"], ...extra });
  const fromBooks = (table_id: string, extra: object = {}) => ({ kind: "x_table", table_id, schema: "public", table: "books", column: "id", shown: ["title"], searched: ["title"], ...extra });
  /** A published order form referencing `reference`: its id, its search field's id and a session. */
  const orderWith = async (reference: object) => {
    const made = await editor(f.owner)("POST", `/projects/${f.project}/forms`, orderForm(reference));
    expect(made.statusCode, made.body).toBe(201);
    const form = made.json().data.id as string;
    const field = (await f.database.db.selectFrom("form_field").select("id").where("form_id", "=", form).executeTakeFirstOrThrow()).id;
    const session = (await f.app.inject({ method: "GET", url: `/v1/${form}/session` })).json().data.id as string;
    const lookup = (query: string) => f.app.inject({ method: "GET", url: `/v1/session/${session}/field/${field}/search?${query}` });
    const submit = (item: string) => f.app.inject({
      method: "POST", url: `/submit/${form}`, headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ item }).toString(),
    });
    /** The Postgres type of the search field's answer column. */
    const columnType = async () => {
      const table = (await f.database.db.selectFrom("form").select("table_name").where("id", "=", form).executeTakeFirstOrThrow()).table_name;
      const { rows } = await sql<{ format: string }>`select format_type(a.atttypid, null) as format from pg_attribute a
        where a.attrelid = ${`form_data.${table}`}::regclass and a.attname = 'item'`.execute(f.database.db);
      return rows[0]?.format;
    };
    return { form, field, session, lookup, submit, columnType };
  };

  beforeAll(async () => {
    if (!ready) return;
    ext = await createExternalDatabase();
    f = await openDataApiFixture(backend, `reftargets-${backend.name}`, { app: { secret: SECRET } });
    const made = await editor(f.owner)("POST", `/projects/${f.project}/forms`, {
      title: "Catalogue", settings: { published: true },
      fields: [{ name: "title", type: "text" }, { name: "secret_note", type: "text" }], blocks: [{ type: "field", field: "title" }, { type: "field", field: "secret_note" }],
    });
    catalogue = made.json().data.id as string;
    for (const title of ["Red kite", "Grey heron", "Red fox"]) {
      const answer = await f.app.inject({
        method: "POST", url: `/submit/${catalogue}`, headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ title, secret_note: `hidden ${title}` }).toString(),
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    connection = (await editor(f.owner)("POST", "/x-supabase/projects", { kind: "postgres", project_id: f.project, url: ext.url })).json().data.id as string;
    stranger = await signUp(f.app, `stranger-rt-${backend.name}@example.com`, "correct horse battery", "10.9.4.4");
    const otherOrg = (await editor(stranger)("POST", "/organizations", { name: `rt-other-${backend.name}` })).json().data.id as string;
    const otherProject = (await editor(stranger)("POST", `/organizations/${otherOrg}/projects`, { name: "theirs" })).json().data.id as string;
    theirForm = (await editor(stranger)("POST", `/projects/${otherProject}/forms`, { title: "Theirs", fields: [{ name: "title", type: "text" }], blocks: [{ type: "field", field: "title" }] })).json().data.id as string;
    theirConnection = (await editor(stranger)("POST", "/x-supabase/projects", { kind: "postgres", project_id: otherProject, url: ext.url })).json().data.id as string;
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await ext?.drop();
  });

  it.skipIf(!ready)("a form's answers table: looked up with only the exposed columns, and a key must name one of its rows", async () => {
    const order = await orderWith(fromForm(catalogue));
    // The answer column is typed like the referenced key (a form's id: uuid), whatever the client claimed.
    expect(await order.columnType()).toBe("uuid");
    const meta = (await f.app.inject({ method: "GET", url: `/v1/session/${order.session}/field/${order.field}/search/meta` })).json().data;
    expect(meta).toMatchObject({ referenced_table: "Catalogue", referenced_column: "id", schema_name: "public", columns: ["id", "title"] });
    const found = await order.lookup("q=red");
    expect(found.statusCode, found.body).toBe(200);
    const rows = found.json().data as { id: string; title: string }[];
    expect(rows.map((r) => r.title)).toEqual(["Red fox", "Red kite"]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["id", "title"]);
    expect(found.body).not.toContain("hidden");
    expect((await order.submit(rows[0]!.id)).statusCode).toBe(201);
    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "' or 1=1 --", "7f8e2c1a5b9d4e3f8a2b1c0d9e8f7a6b0"]) {
      const refused = await order.submit(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe("INVALID_FIELD_VALUE");
    }
  });

  it.skipIf(!ready)("a connected table: looked up on its connection with only the exposed columns, a key checked there", async () => {
    const order = await orderWith(fromBooks(connection, { key_type: "text" }));
    expect(await order.columnType()).toBe("bigint");
    const meta = (await f.app.inject({ method: "GET", url: `/v1/session/${order.session}/field/${order.field}/search/meta` })).json().data;
    expect(meta).toMatchObject({ referenced_table: "books", referenced_column: "id", schema_name: "public", columns: ["id", "title"] });
    const found = await order.lookup("q=book%205&limit=3");
    expect(found.statusCode, found.body).toBe(200);
    const rows = found.json().data as { id: number; title: string }[];
    expect(rows.map((r) => r.title)).toEqual(["Book 5", "Book 50", "Book 51"]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["id", "title"]);
    expect(found.body).not.toContain("isbn");
    const ok = await order.submit(String(rows[0]!.id));
    expect(ok.statusCode, ok.body).toBe(201);
    // A key no row has, or one that is not even an integer, is the visitor's mistake: 400.
    for (const bad of ["999999", "abc", "1; drop table books", "' or 1=1 --", "1.5", "99999999999999999999", "-0x1"]) {
      const refused = await order.submit(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe("INVALID_FIELD_VALUE");
    }
    expect(await ext.query("select count(*)::int as n from books")).toEqual([{ n: 60 }]);
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (q) => {
      const answer = await order.lookup(`q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBeLessThan(500);
      if (answer.statusCode === 200) for (const row of answer.json().data as object[]) expect(Object.keys(row).sort()).toEqual(["id", "title"]);
    }), { numRuns: 40 });
    // The same rate limit as any lookup.
    const limited = await buildApp({ db: f.database.db, publicUrl: ORIGIN, rateLimitFactor: 0.01, secret: SECRET }); // the same key opens the connection
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.inject({ method: "GET", url: `/v1/session/${order.session}/field/${order.field}/search?q=a`, remoteAddress: "10.77.0.19" })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!ready)("refuses another project's form or connection, a missing table and a non-text searched column", async () => {
    for (const reference of [
      fromForm(theirForm), fromBooks(theirConnection), fromBooks(connection, { table: "no_such_table" }), fromBooks(connection, { searched: ["price"] }),
      fromBooks(connection, { shown: ["isbn", "nope"] }), fromForm(catalogue, { schema: "public", table: "x" }),
    ]) {
      const refused = await editor(f.owner)("POST", `/projects/${f.project}/forms`, orderForm(reference));
      expect(refused.statusCode, JSON.stringify(reference)).toBe(400);
      expect(["REFERENCE_INVALID", "INVALID_FORM_DEFINITION"]).toContain(refused.json().error.code);
    }
  });
});
