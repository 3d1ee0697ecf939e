/**
 * The live row feed end to end (docs/ARCHITECTURE.md "Live rows"): statement-level triggers,
 * LISTEN on each backend, `GET /private/editor/forms/{form_id}/changes` as Server-Sent
 * Events over real HTTP. A write by any path reaches an open stream within a second, bursts
 * are coalesced, and with PostgreSQL a write through one server reaches another's stream.
 */
import { ROW_CHANGE_EVENT, type RowChange } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { as, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS, createScratchDatabase, multipart } from "../test/backends";
import { openDataApiFixture, PEOPLE_FORM, type DataApiFixture } from "../test/data-api";
import { openSse, serverUrl, type SseClient } from "../test/sse";
import { parseRowNotification, rowChangeOf } from "./row-feed";

const rowsOf = (event: { event: string; data: string }) => {
  expect(event.event).toBe(ROW_CHANGE_EVENT);
  return JSON.parse(event.data) as RowChange;
};
const until = async (check: () => boolean, timeoutMs = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("row feed payloads", () => {
  it("reads the triggers' payloads and ignores anything else on the channel", () => {
    expect(parseRowNotification('{"table":"t_1","op":"INSERT","count":3}')).toEqual({ table: "t_1", op: "INSERT", count: 3 });
    for (const junk of ["", "null", "[]", "{", '{"table":1,"op":"INSERT","count":1}', '{"table":"t","op":"TRUNCATE","count":1}',
      '{"table":"t","op":"DELETE","count":0}', '{"table":"t","op":"DELETE","count":1.5}', '{"table":"t","op":"UPDATE"}']) {
      expect(parseRowNotification(junk), junk).toBeNull();
    }
  });

  it("names a coalesced burst by its largest kind of write and keeps the kinds when they mix", () => {
    expect(rowChangeOf("f", new Map([["INSERT", 500]]))).toEqual({ form_id: "f", op: "INSERT", count: 500 });
    expect(rowChangeOf("f", new Map([["INSERT", 3], ["DELETE", 7]])))
      .toEqual({ form_id: "f", op: "DELETE", count: 10, ops: { INSERT: 3, DELETE: 7 } });
  });
});

describe.each(BACKENDS)("the live row feed on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  let base: string;
  let stranger: Member;
  const changesUrl = () => `${base}/private/editor/forms/${f.form_id}/changes`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const subscribe = async (headers: Record<string, string> = bearer(f.keys.viewer)) => {
    const client = await openSse(changesUrl(), headers);
    expect(client.status, client.body).toBe(200);
    return client;
  };
  const open: SseClient[] = [];
  const track = (client: SseClient) => (open.push(client), client);
  const insertViaApi = (rows: Record<string, unknown>[]) => app.inject({
    method: "POST", url: `/rest/v1/${f.table}`, payload: JSON.stringify(rows),
    headers: { ...bearer(f.keys.editor), "content-type": "application/json" },
  });

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `feed-${backend.name}`);
    app = f.app;
    base = await serverUrl(app);
    stranger = await signUp(app, "feed-stranger@example.com", "correct horse battery", "10.31.0.9");
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await f?.close();
  });

  it.skipIf(!backend.available)("sends an event within a second of a submit through the public form", async () => {
    const client = track(await subscribe());
    expect(client.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(client.headers["cache-control"]).toContain("no-cache");
    const body = multipart({ name: "Ada", plan: "team" });
    const started = Date.now();
    const submitted = await app.inject({
      method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const event = await client.next(1000);
    expect(rowsOf(event)).toEqual({ form_id: f.form_id, op: "INSERT", count: 1 });
    expect(event.at - started).toBeLessThan(1000);
    client.close();
  });

  it.skipIf(!backend.available)("sends one event per statement for Data API writes, whatever their size", async () => {
    const client = track(await subscribe());
    const inserted = await insertViaApi(Array.from({ length: 250 }, (_, i) => ({ name: `bulk ${i}` })));
    expect(inserted.statusCode, inserted.body).toBe(201);
    expect(rowsOf(await client.next(1000))).toEqual({ form_id: f.form_id, op: "INSERT", count: 250 });
    await new Promise((r) => setTimeout(r, 300));
    const patched = await app.inject({
      method: "PATCH", url: `/rest/v1/${f.table}?name=like.bulk*`, payload: { bio: "bulk" },
      headers: { ...bearer(f.keys.editor), "content-type": "application/json" },
    });
    expect(patched.statusCode, patched.body).toBeLessThan(300);
    expect(rowsOf(await client.next(1000))).toEqual({ form_id: f.form_id, op: "UPDATE", count: 250 });
    await new Promise((r) => setTimeout(r, 300));
    // An update matching no row wrote nothing and says nothing.
    await sql`update ${sql.table(`form_data.${f.table}`)} set bio = 'none' where false`.execute(f.database.db);
    const deleted = await app.inject({ method: "DELETE", url: `/rest/v1/${f.table}?name=like.bulk*`, headers: bearer(f.keys.editor) });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(rowsOf(await client.next(1000))).toEqual({ form_id: f.form_id, op: "DELETE", count: 250 });
    client.close();
  });

  it.skipIf(!backend.available)("sends an event for rows written by hand in SQL", async () => {
    const client = track(await subscribe());
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (100001, 'by hand'), (100002, 'by hand')`
      .execute(f.database.db);
    expect(rowsOf(await client.next(1000))).toEqual({ form_id: f.form_id, op: "INSERT", count: 2 });
    client.close();
  });

  it.skipIf(!backend.available)("coalesces a burst into at most one event per 100 ms carrying the summed count", async () => {
    const client = track(await subscribe());
    const start = Date.now();
    const writes = 60;
    for (let i = 0; i < writes; i++) {
      await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (${200000 + i}, 'rush')`.execute(f.database.db);
    }
    await sql`delete from ${sql.table(`form_data.${f.table}`)} where name = 'rush' and local_index >= 200050`.execute(f.database.db);
    const elapsed = Date.now() - start;
    const sum = () => client.events.reduce((n, e) => n + rowsOf(e).count, 0);
    await until(() => sum() >= writes + 10);
    await new Promise((r) => setTimeout(r, 250));
    const changes = client.events.map(rowsOf);
    expect(sum()).toBe(writes + 10);
    expect(changes.length).toBeLessThanOrEqual(Math.ceil((elapsed + 250) / 100) + 1);
    expect(changes.length).toBeLessThan(writes);
    // Events keep at least 100 ms apart (a little less for timer slack).
    for (let i = 1; i < client.events.length; i++) expect(client.events[i]!.at - client.events[i - 1]!.at).toBeGreaterThanOrEqual(90);
    const last = changes.at(-1)!;
    if (last.ops) expect(Object.values(last.ops).reduce((a, b) => a + b, 0)).toBe(last.count);
    client.close();
  });

  it.skipIf(!backend.available)("lets a viewer subscribe, answers 404 to a stranger and 401 without credentials", async () => {
    const viewer = track(await subscribe(bearer(f.keys.viewer)));
    viewer.close();
    const owner = track(await openSse(changesUrl(), { cookie: f.owner.cookie }));
    expect(owner.status).toBe(200);
    owner.close();
    const refused = await openSse(changesUrl(), { cookie: stranger.cookie });
    expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([404, "NOT_FOUND"]);
    const garbage = await openSse(`${base}/private/editor/forms/not-a-form/changes`, bearer(f.keys.viewer));
    expect([garbage.status, JSON.parse(garbage.body).error.code]).toEqual([404, "NOT_FOUND"]);
    const anonymous = await openSse(changesUrl(), {});
    expect(anonymous.status).toBe(401);
  });

  it.skipIf(!backend.available)("is not compressed or held back, whatever the client accepts", async () => {
    const client = track(await subscribe({ ...bearer(f.keys.viewer), "accept-encoding": "br, gzip" }));
    expect(client.headers["content-encoding"]).toBeUndefined();
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (300001, 'plain')`.execute(f.database.db);
    expect(rowsOf(await client.next(1000)).count).toBe(1);
    client.close();
  });

  it.skipIf(!backend.available)("drops the subscription when the client disconnects", async () => {
    await until(() => app.rowFeed.subscriberCount() === 0);
    const clients = await Promise.all([subscribe(), subscribe(), subscribe()]);
    expect(app.rowFeed.subscriberCount(f.form_id)).toBe(3);
    for (const client of clients) client.close();
    await until(() => app.rowFeed.subscriberCount() === 0);
    // Writes with nobody listening are fine.
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (300002, 'alone')`.execute(f.database.db);
  });

  // PostgreSQL only: PGlite listens in-process, there is no connection to drop.
  if (backend.name === "postgres") it.skipIf(!backend.available)("reconnects its LISTEN connection after it drops", async () => {
    const client = track(await subscribe());
    const killed = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`.execute(f.database.db);
    expect(killed.rows[0]!.n).toBe(1);
    const start = Date.now();
    while (Date.now() - start < 5000) {
      await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name) values (${400000 + Date.now() - start}, 'again')`
        .execute(f.database.db);
      if (client.events.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rowsOf(await client.next(1000)).form_id).toBe(f.form_id);
    client.close();
  });
});

describe.skipIf(!BACKENDS.find((b) => b.name === "postgres")!.available)("the live row feed across two servers on one PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await scratch?.drop();
  });

  it("shows a subscriber on server B an insert made through server A", async () => {
    const instance = async () => {
      const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
      const app = await buildApp({ db: database.db, publicUrl: ORIGIN, rateLimitFactor: 0 });
      closers.push(async () => {
        await app.close();
        await database.close();
      });
      return { database, app };
    };
    const a = await instance();
    await migrate(a.database.db);
    const b = await instance();

    const owner = await signUp(a.app, "two-servers@example.com");
    const org = (await as(a.app, owner)("POST", "/private/editor/organizations", { name: "twins" })).json().data.id;
    const project = (await as(a.app, owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "data" })).json().data.id;
    const token = (await as(a.app, owner)("POST", `/private/editor/projects/${project}/api-keys`, { name: "k", role: "editor" })).json().data.token;
    const formId = (await as(a.app, owner)("POST", `/private/editor/projects/${project}/forms`, PEOPLE_FORM)).json().data.id;
    const table = (await a.database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow()).table_name;

    const client = await openSse(`${await serverUrl(b.app)}/private/editor/forms/${formId}/changes`, { authorization: `Bearer ${token}` });
    closers.push(async () => client.close());
    expect(client.status).toBe(200);
    const inserted = await a.app.inject({
      method: "POST", url: `/rest/v1/${table}`, payload: JSON.stringify([{ name: "from A" }]),
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    expect(inserted.statusCode, inserted.body).toBe(201);
    expect(JSON.parse((await client.next(1000)).data)).toEqual({ form_id: formId, op: "INSERT", count: 1 });
    client.close();
  });
});
