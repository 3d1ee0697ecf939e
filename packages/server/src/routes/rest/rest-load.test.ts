/**
 * What one caller may hold of the server (docs/ARCHITECTURE.md "Hostile input"): an export
 * whose client stops reading leaves the server answering (in batches it holds no connection,
 * by COPY one) and is cut after its deadline; exports, change streams and requests
 * are capped per member or API key (429 with a catalogue code); full-text filters need the
 * search index; pattern filters per query are capped; a statement has a timeout and a
 * client that leaves cancels its query (PostgreSQL).
 */
import { once } from "node:events";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guarded } from "../../query/query-guard";
import { mappingQueryErrors } from "../../query/pg-errors";
import { as, signUp } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";
import { openSse, serverUrl } from "../../test/sse";

const ROWS = 8000;
/** Resolves `work`, or "stuck" when it has not within `ms` (a liveness bound, not a speed check). */
const within = <T>(work: Promise<T>, ms = 10_000) =>
  Promise.race([work, new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), ms).unref())]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)("load limits on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `load-${backend.name}`, {
      app: { load: { exportsPerCaller: 2, exportsPerServer: 3, exportStallMs: 120_000, changeStreamsPerMember: 2 } },
    });
    app = f.app;
    // Rows large enough that an unread export fills every buffer on the way (≈32 MB; loopback
    // socket buffers alone take several MB).
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name, meta)
      select g, 'person ' || g, jsonb_build_object('pad', repeat(md5(g::text), 128)) from generate_series(1, ${ROWS}) g`.execute(f.database.db);
    port = Number(new URL(await serverUrl(app)).port);
  }, 60_000);
  afterAll(async () => f?.close());

  /** An export over a raw socket that reads the answer's first bytes, then nothing more. */
  async function stalledExport(token: string) {
    const socket = net.connect(port, "127.0.0.1");
    socket.write(`GET /rest/v1/${f.table}?select=name,meta HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nAccept: text/csv\r\n\r\n`);
    const [first] = await once(socket, "data") as [Buffer];
    socket.pause();
    socket.on("error", () => undefined);
    const closed = once(socket, "close");
    return { socket, status: first.toString("latin1").slice(9, 12), closed };
  }
  const exportOf = (token: string) => app.inject({
    method: "GET", url: `/rest/v1/${f.table}?select=local_index&order=local_index.desc`, headers: { authorization: `Bearer ${token}`, accept: "text/csv" },
  });
  /** Connections of this database busy or inside a transaction, this one aside (PostgreSQL). */
  const busyConnections = async () => backend.name === "postgres"
    ? Number((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`.execute(f.database.db)).rows[0]!.n)
    : 0;

  it.skipIf(!backend.available)("a stalled export leaves the rest of the server answering; in batches it holds no connection", async () => {
    for (const copy of [false, true]) {
      app.load.exportCopy = copy;
      try {
        const stalled = await stalledExport(f.keys.viewer);
        expect(stalled.status).toBe("200");
        await sleep(300);
        const health = await within(app.inject({ method: "GET", url: "/healthz" }));
        expect(health === "stuck" ? "stuck" : health.statusCode).toBe(200);
        const load = await within(app.inject({ method: "GET", url: `/v1/${f.form_id}`, headers: { accept: "application/json" } }));
        expect(load === "stuck" ? "stuck" : load.statusCode).toBeLessThan(500);
        // In batches, once the export waits for its client it holds no connection (a
        // transaction and cursor used to stay open until the client read everything). By
        // COPY (PostgreSQL's default) it holds one, its COPY's, waiting on the client: one of
        // at most EXPORTS_PER_SERVER, which COPY keeps to half the pool.
        const expected = copy && backend.name === "postgres" ? 1 : 0;
        let busy = await busyConnections();
        for (let i = 0; i < 100 && busy > expected; i++) {
          await sleep(100);
          busy = await busyConnections();
        }
        expect(busy).toBeLessThanOrEqual(expected);
        stalled.socket.destroy();
        await stalled.closed;
        for (let i = 0; i < 100 && app.slots.count("export") > 0; i++) await sleep(100);
      } finally {
        app.load.exportCopy = true;
      }
    }
  });

  it.skipIf(!backend.available)("cuts an export whose client reads nothing for EXPORT_STALL_TIMEOUT_MS, and exports every row once", async () => {
    app.load.exportStallMs = 1500;
    try {
      const stalled = await stalledExport(f.keys.viewer);
      for (let i = 0; i < 300 && app.slots.count("export") > 0; i++) await sleep(100);
      expect(app.slots.count("export")).toBe(0);
      // Reading again, the client finds the answer cut short (a whole one would leave the connection open).
      stalled.socket.resume();
      expect(await within(stalled.closed.then(() => "cut"))).toBe("cut");
    } finally {
      app.load.exportStallMs = 120_000;
    }
    const full = await exportOf(f.keys.viewer);
    expect(full.statusCode).toBe(200);
    const lines = full.body.trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe(String(ROWS));
    expect(lines.at(-1)).toBe("1");
  });

  it.skipIf(!backend.available)("caps exports per API key and per server with 429 TOO_MANY_EXPORTS", async () => {
    const held = [await stalledExport(f.keys.viewer), await stalledExport(f.keys.viewer)];
    const third = await exportOf(f.keys.viewer);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe("TOO_MANY_EXPORTS");
    held.push(await stalledExport(f.keys.editor));
    const member = await as(app, f.owner)("GET", `/private/editor/projects/${f.project}/rest/v1/${f.table}?select=id`);
    expect(member.statusCode).toBe(200);
    const overServer = await app.inject({
      method: "GET", url: `/private/editor/projects/${f.project}/rest/v1/${f.table}?select=id`,
      headers: { cookie: f.owner.cookie, accept: "text/csv" },
    });
    expect(overServer.statusCode).toBe(429);
    expect(overServer.json().code).toBe("TOO_MANY_EXPORTS");
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    let again = await exportOf(f.keys.viewer);
    for (let i = 0; i < 50 && again.statusCode === 429; i++) {
      await sleep(100);
      again = await exportOf(f.keys.viewer);
    }
    expect(again.statusCode).toBe(200);
  });

  it.skipIf(!backend.available)("refuses full-text filters on unindexed columns and too many pattern filters", async () => {
    const get = (query: string) => app.inject({ method: "GET", url: `/rest/v1/${f.table}?select=name&${query}`, headers: { authorization: `Bearer ${f.keys.viewer}` } });
    for (const op of ["fts", "plfts", "phfts", "wfts", "fts(english)"]) {
      const refused = await get(`bio=${op}.cat`);
      expect(refused.statusCode, op).toBe(400);
      expect(refused.json().code, op).toBe("TEXT_SEARCH_NOT_INDEXED");
    }
    expect((await get("__fw_search=wfts.person&limit=1")).statusCode).toBe(200);
    const patterns = (n: number) => `or=(${Array.from({ length: n }, (_, i) => `name.ilike.*${i}x*`).join(",")})`;
    expect((await get(patterns(10))).statusCode).toBe(200);
    const tooMany = await get(patterns(11));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe("QUERY_TOO_LARGE");
  });

  // PostgreSQL only: PGlite ignores statement_timeout and cannot cancel (query-guard.ts).
  if (backend.name === "postgres") it.skipIf(!backend.available)("stops a statement at the timeout, and cancels one whose client left, as QUERY_TIMEOUT", async () => {
    const db = f.database.db;
    const sleeping = (timeoutMs: number, signal?: AbortSignal) =>
      mappingQueryErrors(() => guarded(db, { timeoutMs, signal }, (g) => sql`select pg_sleep(20)`.execute(g)));
    await expect(within(sleeping(50))).rejects.toMatchObject({ code: "QUERY_TIMEOUT" });
    const controller = new AbortController();
    const running = sleeping(0, controller.signal);
    await sleep(200);
    controller.abort();
    await expect(within(running)).rejects.toMatchObject({ code: "QUERY_TIMEOUT" });
    // Through the Data API: a statement longer than QUERY_TIMEOUT_MS answers 400 QUERY_TIMEOUT.
    app.load.queryTimeoutMs = 1;
    try {
      const slow = await app.inject({
        method: "GET", url: `/rest/v1/${f.table}?select=meta&order=name.desc&name=neq.x&or=(name.ilike.*9*9*,name.ilike.*8*8*)`,
        headers: { authorization: `Bearer ${f.keys.viewer}`, prefer: "count=exact" },
      });
      expect(slow.statusCode, slow.body).toBe(400);
      expect(slow.json().code).toBe("QUERY_TIMEOUT");
    } finally {
      app.load.queryTimeoutMs = 5000;
    }
  });

  it.skipIf(!backend.available)("caps change streams per member with 429 TOO_MANY_STREAMS", async () => {
    const url = `${await serverUrl(app)}/private/editor/forms/${f.form_id}/changes`;
    const headers = { cookie: f.owner.cookie };
    const open = [await openSse(url, headers), await openSse(url, headers)];
    expect(open.map((s) => s.status)).toEqual([200, 200]);
    const third = await openSse(url, headers);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).error.code).toBe("TOO_MANY_STREAMS");
    // Another caller has its own streams.
    const byKey = await openSse(url, { authorization: `Bearer ${f.keys.viewer}` });
    expect(byKey.status).toBe(200);
    byKey.close();
    open[0]!.close();
    await open[0]!.closed;
    let again = await openSse(url, headers);
    for (let i = 0; i < 50 && again.status === 429; i++) {
      await sleep(100);
      again = await openSse(url, headers);
    }
    expect(again.status).toBe(200);
    again.close();
    open[1]!.close();
  });

  it.skipIf(!backend.available)("limits requests per API key and per member with 429 API_RATE_LIMITED", async () => {
    const token = (await as(app, f.owner)("POST", `/private/editor/projects/${f.project}/api-keys`, { name: "rate", role: "viewer" })).json().data.token as string;
    const newcomer = await signUp(app, `rate-${backend.name}@example.com`, "correct horse battery", "10.9.0.7");
    app.load.apiRequestsPerMinute = 5;
    try {
      const byKey = [];
      for (let i = 0; i < 6; i++) byKey.push(await app.inject({ method: "GET", url: `/rest/v1/${f.table}?select=id&limit=1`, headers: { authorization: `Bearer ${token}` } }));
      expect(byKey.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(byKey[5]!.statusCode).toBe(429);
      expect(byKey[5]!.json().code).toBe("API_RATE_LIMITED");
      expect(byKey[5]!.headers["retry-after"]).toBeDefined();
      const byMember = [];
      for (let i = 0; i < 6; i++) byMember.push(await as(app, newcomer)("GET", "/private/editor/me"));
      expect(byMember.at(-1)!.statusCode).toBe(429);
      expect(byMember.at(-1)!.json().error.code).toBe("API_RATE_LIMITED");
      // The owner's own budget is untouched by the newcomer's.
      expect((await as(app, f.owner)("GET", "/private/editor/me")).statusCode).toBe(200);
    } finally {
      app.load.apiRequestsPerMinute = 0;
    }
  });
});
