/**
 * The Data API as a script sees it: keys and roles, one project's tables only, the
 * read-only profile, writes checked like answers, PostgREST's headers, exports.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, PEOPLE_FORM, type DataApiFixture } from "../../test/data-api";

type Headers = Record<string, string>;

function client(app: FastifyInstance, key: string | null, base = "/rest/v1") {
  return (method: InjectOptions["method"], path: string, body?: unknown, headers: Headers = {}) => app.inject({
    method, url: `${base}${path}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe.each(BACKENDS)("the Data API on $name", (backend) => {
  let f: DataApiFixture;
  let editor: ReturnType<typeof client>;
  let viewer: ReturnType<typeof client>;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `rest-${backend.name}`);
    editor = client(f.app, f.keys.editor);
    viewer = client(f.app, f.keys.viewer);
  });
  afterAll(async () => f?.close());

  const rows = async () => (await sql<{ name: string; local_index: number }>`
    select name, local_index from ${sql.table(`form_data.${f.table}`)} order by local_index`.execute(f.database.db)).rows;

  it.skipIf(!backend.available)("asks for a key, takes it as a bearer or apikey header, and answers errors in PostgREST's shape", async () => {
    const none = await client(f.app, null)("GET", `/${f.table}`);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: "UNAUTHORIZED", details: null, hint: null });
    expect((await client(f.app, "fwk_not-a-key")("GET", `/${f.table}`)).json().code).toBe("UNAUTHORIZED");
    const apikey = await client(f.app, null)("GET", `/${f.table}`, undefined, { apikey: f.keys.viewer });
    expect(apikey.statusCode).toBe(200);
    expect(apikey.json()).toEqual([]);
  });

  it.skipIf(!backend.available)("lets a viewer read and an editor write, numbering new rows after the form's answers", async () => {
    const refused = await viewer("POST", `/${f.table}`, { name: "Nope" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("FORBIDDEN");

    const created = await editor("POST", `/${f.table}`, [{ name: "Ada", age: 36, tags: ["red", "a,b"] }, { name: "Bob" }], { prefer: "return=representation" });
    expect(created.statusCode).toBe(201);
    expect(created.json().map((r: { name: string; local_index: number; tags: string[] }) => [r.name, r.local_index, r.tags]))
      .toEqual([["Ada", 1, ["red", "a,b"]], ["Bob", 2, []]]);
    const minimal = await editor("POST", `/${f.table}`, { name: "Cy" });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.body).toBe("");
    expect(minimal.headers["content-range"]).toBe("*/1");
    expect(await rows()).toEqual([{ name: "Ada", local_index: 1 }, { name: "Bob", local_index: 2 }, { name: "Cy", local_index: 3 }]);
  });

  it.skipIf(!backend.available)("checks a written row like an answer and writes nothing when one row of many is wrong", async () => {
    const before = await rows();
    const cases: [unknown, string][] = [
      [[{ name: "Ok" }, { name: "Old", age: 900 }], "INVALID_FIELD_VALUE"],
      [{ age: 20 }, "REQUIRED_FIELD_MISSING"],
      [{ name: "X", plan: "gold" }, "INVALID_OPTION"],
      [{ name: "X", email: "not an email" }, "INVALID_FIELD_VALUE"],
      [{ name: "X", nickname: "x" }, "COLUMN_NOT_FOUND"],
      [{ name: "X", local_index: 99 }, "COLUMN_READ_ONLY"],
      [{ name: "X", __fw_search: "x" }, "COLUMN_READ_ONLY"],
      [{ name: "X", born: "1815-13-45" }, "INVALID_FIELD_VALUE"],
      [{ name: "X", id: "not-a-uuid" }, "INVALID_FIELD_VALUE"],
      [{ name: "X", tags: { nested: true } }, "INVALID_FIELD_VALUE"],
      ["just text", "MALFORMED_REQUEST"],
    ];
    for (const [body, code] of cases) {
      const answer = await editor("POST", `/${f.table}`, body);
      expect([answer.statusCode, answer.json().code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect(await rows()).toEqual(before);
  });

  it.skipIf(!backend.available)("upserts by id, updates and deletes only through filters", async () => {
    const [ada] = (await editor("GET", `/${f.table}?name=eq.Ada&select=id,age`)).json();
    const merged = await editor("POST", `/${f.table}?on_conflict=id`, [{ id: ada.id, age: 37 }, { name: "Dee" }],
      { prefer: "resolution=merge-duplicates,return=representation" });
    expect(merged.statusCode).toBe(201);
    expect(merged.json().map((r: { name: string; age: number | null }) => [r.name, r.age])).toEqual([["Ada", 37], ["Dee", null]]);
    const ignored = await editor("POST", `/${f.table}`, [{ id: ada.id, name: "Other" }], { prefer: "resolution=ignore-duplicates" });
    expect(ignored.headers["content-range"]).toBe("*/0");
    const duplicate = await editor("POST", `/${f.table}`, [{ id: ada.id, name: "Other" }]);
    expect([duplicate.statusCode, duplicate.json().code]).toEqual([409, "DUPLICATE_KEY"]);
    expect((await editor("POST", `/${f.table}?on_conflict=name`, { name: "X" })).json().code).toBe("QUERY_INVALID");

    const patched = await editor("PATCH", `/${f.table}?name=in.(Bob,Cy)`, { vip: true }, { prefer: "return=representation" });
    expect(patched.json().map((r: { name: string; vip: boolean }) => [r.name, r.vip])).toEqual([["Bob", true], ["Cy", true]]);
    expect((await editor("PATCH", `/${f.table}?name=eq.Bob`, { age: -1 })).json().code).toBe("INVALID_FIELD_VALUE");
    expect((await editor("PATCH", `/${f.table}`, { vip: false })).json().code).toBe("FILTER_REQUIRED");
    expect((await editor("DELETE", `/${f.table}`)).json().code).toBe("FILTER_REQUIRED");
    const deleted = await editor("DELETE", `/${f.table}?name=eq.Dee`);
    expect([deleted.statusCode, deleted.headers["content-range"]]).toEqual([204, "*/1"]);
    expect((await rows()).map((r) => r.name)).toEqual(["Ada", "Bob", "Cy"]);
  });

  it.skipIf(!backend.available)("answers one object, ranges and counts the way postgrest clients expect", async () => {
    const one = await viewer("GET", `/${f.table}?name=eq.Ada&select=name,age`, undefined, { accept: "application/vnd.pgrst.object+json" });
    expect(one.json()).toEqual({ name: "Ada", age: 37 });
    const many = await viewer("GET", `/${f.table}`, undefined, { accept: "application/vnd.pgrst.object+json" });
    expect([many.statusCode, many.json().code]).toEqual([406, "NOT_SINGLE_ROW"]);
    const ranged = await viewer("GET", `/${f.table}?select=name`, undefined, { range: "1-2", prefer: "count=exact" });
    expect([ranged.statusCode, ranged.headers["content-range"], ranged.json()]).toEqual([206, "1-2/3", [{ name: "Bob" }, { name: "Cy" }]]);
    const head = await viewer("HEAD", `/${f.table}?vip=is.true`, undefined, { prefer: "count=exact" });
    expect([head.statusCode, head.headers["content-range"], head.body]).toEqual([200, "0-1/2", ""]);
    const beyond = await viewer("GET", `/${f.table}?offset=10`, undefined, { prefer: "count=exact" });
    expect([beyond.statusCode, beyond.json().code]).toEqual([416, "RANGE_NOT_SATISFIABLE"]);
  });

  it.skipIf(!backend.available)("shows only the key's project: another project's table is as unknown as one that does not exist", async () => {
    const org = (await as(f.app, f.owner)("POST", "/private/editor/organizations", { name: `other-${backend.name}` })).json().data.id;
    const other = (await as(f.app, f.owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "other" })).json().data.id;
    const form = (await as(f.app, f.owner)("POST", `/private/editor/projects/${other}/forms`, PEOPLE_FORM)).json().data;
    const { table_name } = await f.database.db.selectFrom("form").select("table_name").where("id", "=", form.id).executeTakeFirstOrThrow();
    const foreign = await editor("GET", `/${table_name}`);
    const missing = await editor("GET", "/no_such_table");
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(missing.json().code);
    expect((await editor("DELETE", `/${table_name}?name=not.is.null`)).statusCode).toBe(404);
    expect((await editor("GET", "/form")).statusCode).toBe(404);
    expect((await editor("GET", "/app_user", undefined, { "accept-profile": "public" })).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("serves members under their project's path, with the CSRF header for writes", async () => {
    const base = `/private/editor/projects/${f.project}/rest/v1`;
    const member = (method: InjectOptions["method"], path: string, body?: unknown, csrf = true) => f.app.inject({
      method, url: `${base}${path}`,
      headers: { cookie: f.owner.cookie, ...(csrf ? { "x-fieldwork-csrf": f.owner.csrf } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect((await member("GET", `/${f.table}?select=name&order=name.desc`)).json()).toEqual([{ name: "Cy" }, { name: "Bob" }, { name: "Ada" }]);
    expect((await member("POST", `/${f.table}`, { name: "Eve" }, false)).statusCode).toBe(403);
    expect((await member("POST", `/${f.table}`, { name: "Eve" })).statusCode).toBe(201);
    expect((await member("DELETE", `/${f.table}?name=eq.Eve`)).statusCode).toBe(204);
    const stranger = await f.app.inject({ method: "GET", url: `/private/editor/projects/00000000-0000-4000-8000-000000000000/rest/v1/${f.table}`, headers: { cookie: f.owner.cookie } });
    expect(stranger.statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("reads sessions and customers read-only through the fieldwork profile", async () => {
    await f.app.inject({ method: "GET", url: `/v1/${f.form_id}/session` });
    const sessions = await viewer("GET", `/sessions?form_id=eq.${f.form_id}&select=form_id,submitted_at`, undefined, { "accept-profile": "fieldwork" });
    expect(sessions.json()).toEqual([{ form_id: f.form_id, submitted_at: null }]);
    expect((await viewer("GET", "/customers", undefined, { "accept-profile": "fieldwork" })).statusCode).toBe(200);
    const write = await editor("DELETE", "/sessions?id=not.is.null", undefined, { "content-profile": "fieldwork" });
    expect([write.statusCode, write.json().code]).toEqual([405, "READ_ONLY_TABLE"]);
    expect((await viewer("GET", "/sessions")).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("exports any query as CSV or JSON lines, quoting what needs it", async () => {
    await editor("PATCH", `/${f.table}?name=eq.Bob`, { tags: ["a,b", "quo\"te"] });
    const csv = await viewer("GET", `/${f.table}?select=name,tags,vip&order=name`, undefined, { accept: "text/csv" });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toBe('name,tags,vip\r\nAda,"[""red"",""a,b""]",false\r\nBob,"[""a,b"",""quo\\""te""]",true\r\nCy,[],true\r\n');
    const skipped = await viewer("GET", `/${f.table}?select=name&order=name&offset=1`, undefined, { accept: "text/csv" });
    expect(skipped.body).toBe("name\r\nBob\r\nCy\r\n");
    const lines = await viewer("GET", `/${f.table}?select=name&vip=is.true`, undefined, { accept: "application/x-ndjson" });
    expect(lines.body).toBe('{"name":"Bob"}\n{"name":"Cy"}\n');
    const bad = await viewer("GET", `/${f.table}?age=gt.lots`, undefined, { accept: "text/csv" });
    expect([bad.statusCode, bad.json().code]).toEqual([400, "INVALID_FILTER_VALUE"]);
  });

  it.skipIf(!backend.available)("describes the profile's tables as an OpenAPI document", async () => {
    const doc = (await viewer("GET", "/")).json();
    const table = doc.definitions[f.table];
    expect(table.properties.age).toEqual({ format: "numeric", type: "number" });
    expect(table.properties.tags).toEqual({ format: "text[]", type: "array", items: { type: "string" } });
    expect(table.properties.id.description).toContain("<pk/>");
    expect(table.properties.__fw_search).toBeUndefined();
    expect(Object.keys(doc.paths)).toContain(`/${f.table}`);
    const meta = (await viewer("GET", "/", undefined, { "accept-profile": "fieldwork" })).json();
    expect(Object.keys(meta.definitions)).toEqual(["sessions", "customers"]);
    expect(meta.paths["/sessions"].post).toBeUndefined();
  });
});
