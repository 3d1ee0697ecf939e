/**
 * `npm run bench:submit` (issue 20 item 5): the submit's write path against the table's own
 * ceiling, all in one run on one scratch PostgreSQL database, at 16 and at 200 connections:
 *
 * 1. POST /submit of the demo form (autocannon) against the built server (`npm run build`
 *    first) with every rule on (the per-address rate limit counted for each submit, each from
 *    its own address; the batch's checks; the outbox event);
 * 2. pgbench inserting the same row into the form's table (triggers, indexes, search vector);
 * 3. pgbench inserting it into a bare copy of that table (`like … including defaults`, a
 *    primary key and nothing else: no triggers, no secondary indexes, no search vector).
 *
 * Prints rates, p50/p99, each rate's ratio to the bare copy's and where the CPU went per submit (the server, the
 * scratch database's PostgreSQL backends and background processes, this process: autocannon), and appends one row per
 * connection count to bench/RESULTS.md. pgbench opens one connection per client, so 200
 * connections need `max_connections` ≥ 200 + the server's pool + what others hold; the bench
 * checks and says what to run when it is too low.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server
 * where the scratch database is made and dropped; BENCH_SECONDS (default 10) each phase's
 * length; BENCH_CONNECTIONS (default "16,200") the connection counts; BENCH_CPU_PROF=<dir>
 * runs the server with `--cpu-prof` into that folder; BENCH_BREAKDOWN=1 adds, at the first connection
 * count, pgbench into copies of the form table each without one of its costs (what costs what);
 * BENCH_COMPARE_ROOT=<checkout> also runs that checkout's built server (on a scratch database of
 * its own) and measures its HTTP submits right after this one's, at each connection count;
 * BENCH_NODE_FLAGS (default: `npm start`'s, read from package.json) the node flags of this checkout's server;
 * BENCH_HTTP_ONLY=1 measures the HTTP submits alone (no pgbench, no row appended), for quick comparisons;
 * BENCH_SESSIONS=1 has every submit carry a session of its own, as the form page posts with JavaScript
 * (sessions made beforehand, unmeasured; such a batch goes the two-round way: forms/submit/one-round.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "./grid-server";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,200").split(",").map(Number);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const BREAKDOWN = process.env.BENCH_BREAKDOWN === "1";
const COMPARE_ROOT = process.env.BENCH_COMPARE_ROOT;
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS;
const HTTP_ONLY = process.env.BENCH_HTTP_ONLY === "1";
const SESSIONS = process.env.BENCH_SESSIONS === "1";
const ROOT = new URL("..", import.meta.url).pathname;
const SERVER_POOL = 20;

const ANSWER: Record<string, string | string[]> = {
  full_name: "Ada Lovelace", email: "ada@example.com", phone: "555-123-4567", website: "https://ada.dev",
  team_size: "12", role: "engineer", start_date: "2026-12-01", plan: "team", features: ["forms", "payments"],
  satisfaction: "9", newsletter: "on", call_time: "09:30", comments: "Benchmark answer", accept_terms: "on",
  source: "bench", __fw_utc_offset: "60",
};

/** The row one submit of ANSWER writes, as pgbench inserts it (local_index from a sequence). */
const insertSql = (table: string) => `insert into form_data."${table}" (local_index, utc_offset, user_agent, meta,
  full_name, email, phone, website, team_size, role, start_date, plan, features, satisfaction, newsletter, call_time,
  comments, accept_terms, source)
values (nextval('bench_local_index'), 60, 'bench', '{}', 'Ada Lovelace', 'ada@example.com', '555-123-4567',
  'https://ada.dev', 12, 'engineer', '2026-12-01', 'team', '{forms,payments}', 9, true, '09:30', 'Benchmark answer',
  true, 'bench');`.replace(/\n\s*/g, " ");

function multipartBody(boundary: string, session?: string): string {
  return Object.entries({ ...ANSWER, ...(session ? { __fw_session: session } : {}) }).flatMap(([name, value]) => (Array.isArray(value) ? value : [value])
    .map((v) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`))
    .join("") + `--${boundary}--\r\n`;
}

interface Rate { rate: number; p50: number; p99: number; errors: number; cpu_ms?: number; cpu?: string }

/** CPU time (user + system, ms) a process has used so far (Linux /proc, in ticks of 10 ms: USER_HZ 100; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL processes that work for `database`: its backends and the cluster's background
 * processes (WAL writer, checkpointer…), which every database's commits keep busy.
 */
async function postgresPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 or backend_type <> 'client backend'", [database]);
  return rows.map((r) => r.pid);
}

/**
 * `httpSubmits` with the CPU time per answered submit (ms) of the server, PostgreSQL and this
 * process (autocannon); the sessions (BENCH_SESSIONS) are made before the clocks start.
 */
async function measuredSubmits(
  pid: number | undefined, admin: pg.Client, database: string, databaseUrl: string,
  port: number, formId: string, connections: number, firstVisitor: number,
): Promise<Rate> {
  const sessions = await sessionsFor(databaseUrl, formId, SECONDS);
  const pgBefore = new Map((await postgresPids(admin, database)).map((p) => [p, cpuMs(p)]));
  const before = cpuMs(pid);
  const self = process.cpuUsage();
  const rate = await httpSubmits(port, formId, connections, firstVisitor, SECONDS, sessions);
  const serverMs = cpuMs(pid) - before;
  const selfUsage = process.cpuUsage(self);
  const selfMs = (selfUsage.user + selfUsage.system) / 1000;
  let pgMs = 0;
  for (const p of await postgresPids(admin, database)) pgMs += cpuMs(p) - (pgBefore.get(p) ?? 0);
  const answered = rate.rate * SECONDS;
  const per = (ms: number) => (answered ? ms / answered : 0).toFixed(2);
  return {
    ...rate, cpu_ms: answered ? serverMs / answered : 0,
    cpu: `CPU ms/submit: server ${per(serverMs)}, PostgreSQL ${per(pgMs)}, bench (autocannon) ${per(selfMs)}; `
      + `CPU busy ${((serverMs + pgMs + selfMs) / (SECONDS * 10 * cpus().length)).toFixed(0)}% of ${cpus().length} cores`,
  };
}

/** `count` new sessions of the form (BENCH_SESSIONS), as `GET /v1/{form_id}/session` makes them. */
async function newSessions(databaseUrl: string, formId: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "insert into response_session (form_id) select $1 from generate_series(1, $2) returning id", [formId, count]);
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** BENCH_SESSIONS: a session for every submit `seconds` of submits can make (a reused one would answer "duplicate"). */
async function sessionsFor(databaseUrl: string, formId: string, seconds: number): Promise<string[]> {
  return SESSIONS ? newSessions(databaseUrl, formId, 10_000 * seconds) : [];
}

async function httpSubmits(
  port: number, formId: string, connections: number, firstVisitor: number, seconds = SECONDS, sessions: string[] = [],
): Promise<Rate> {
  const boundary = "----fieldworkbench";
  // Each submit comes from its own visitor address (X-Forwarded-For, believed from the
  // loopback proxy), as in a rush of many people: the per-address limit is counted on every
  // request but holds nobody back.
  let visitor = firstVisitor;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/submit/${formId}`, method: "POST", connections, duration: seconds,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" },
    body: multipartBody(boundary),
    requests: [{
      setupRequest: (request) => {
        visitor++;
        const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
        const session = sessions.pop();
        return {
          ...request, headers: { ...request.headers, "x-forwarded-for": address },
          ...(session ? { body: multipartBody(boundary, session) } : {}),
        };
      },
    }],
  });
  return { rate: result["2xx"] / seconds, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** pgbench running `sql` from `clients` connections; latencies from its per-transaction log. */
async function pgbench(databaseUrl: string, sqlText: string, clients: number): Promise<Rate> {
  const dir = mkdtempSync(join(tmpdir(), "fw-pgbench-"));
  try {
    const script = join(dir, "insert.sql");
    writeFileSync(script, `${sqlText}\n`);
    const url = new URL(databaseUrl);
    const args = ["-n", "-f", script, "-c", String(clients), "-j", "2", "-T", String(SECONDS), "-l", "--log-prefix", join(dir, "log"),
      "-h", url.hostname, "-p", url.port || "5432", "-U", decodeURIComponent(url.username || "postgres"), url.pathname.slice(1)];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("pgbench", args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } });
      let text = "";
      child.stdout.on("data", (c: Buffer) => { text += c.toString(); });
      child.stderr.on("data", (c: Buffer) => { text += c.toString(); });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}:\n${text}`))));
    });
    const done = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const file of readdirSync(dir).filter((f) => f.startsWith("log"))) {
      for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
        const us = Number(line.split(" ")[2]);
        if (Number.isFinite(us) && line) latencies.push(us / 1000);
      }
    }
    return { rate: done / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors: failed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Refuses to start when PostgreSQL cannot take `needed` more connections, saying what to run. */
async function checkConnections(admin: pg.Client, needed: number): Promise<void> {
  const { rows: [row] } = await admin.query<{ max: number; used: number; reserved: number }>(`
    select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved,
      (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as used`);
  const free = row!.max - row!.reserved - row!.used;
  if (free >= needed) return;
  throw new Error(`PostgreSQL takes ${row!.max} connections (${row!.used} in use, ${row!.reserved} reserved): this run needs ${needed} more.\n`
    + "Raise it and restart PostgreSQL, e.g.\n"
    + "  psql -U postgres -c 'alter system set max_connections = 300' && sudo systemctl restart postgresql\n"
    + "or run fewer connections: BENCH_CONNECTIONS=16 npm run bench:submit");
}

/** The node flags `npm start` runs the server with (package.json's start script), so the bench measures what runs. */
function startFlags(root: string): string[] {
  const script: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts?.start ?? "";
  return /\bnode ((?:--\S+ )*)packages\/server\/dist\/main\.js/.exec(script)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

async function startServer(databaseUrl: string, port: number, root = ROOT) {
  const main = join(root, "packages/server/dist/main.js");
  if (!existsSync(main)) throw new Error("packages/server/dist/main.js is missing: run `npm run build` first");
  const flags = [...(NODE_FLAGS !== undefined && root === ROOT ? NODE_FLAGS.split(/\s+/).filter(Boolean) : startFlags(root)), ...(CPU_PROF && root === ROOT ? ["--cpu-prof", "--cpu-prof-dir", CPU_PROF] : [])];
  const server = spawn(process.execPath, [...flags, main], {
    cwd: root, stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error",
      PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: mkdtempSync(join(tmpdir(), "fw-bench-data-")),
    },
  });
  let log = "";
  const formUrl = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      log += c.toString();
      const m = /Demo form: (\S+)/.exec(log);
      if (m) resolve(m[1]!);
    };
    server.stdout.on("data", onData);
    server.stderr.on("data", onData);
    server.on("exit", (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
  return { server, formId: formUrl.split("/").pop()! };
}

/**
 * Waits (up to two minutes) until the server's search filler has filled every row of the form's
 * table, and answers how long that took (ms). Before an HTTP phase: pgbench's rows of the phase
 * before leave it work that would otherwise land in the HTTP phase and be counted as the
 * submits' cost. After one: the filler waits for the submits to pause (search-filler.ts), so
 * this is how long the search index took to catch up with the rush (printed with the phase).
 */
async function searchFilled(db: pg.Client, table: string): Promise<number> {
  const started = Date.now();
  for (const deadline = started + 120_000; Date.now() < deadline;) {
    const { rows: [row] } = await db.query<{ n: number }>(`select count(*)::int as n from form_data."${table}" where __fw_search is null`);
    if (!row!.n) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log("(the search filler had rows left after two minutes: the next phase shares the CPU with it)");
  return Date.now() - started;
}

/**
 * Copies of the form table (`including all`: defaults, generated columns, indexes; its
 * triggers added back) each without one thing, to see what each costs an insert.
 */
async function breakdown(db: pg.Client, databaseUrl: string, table: string, connections: number, bareRate: number) {
  const { rows: triggers } = await db.query<{ def: string }>(`
    select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'form_data' and c.relname = $1 and not t.tgisinternal`, [table]);
  const indexesWhere = async (copy: string, pattern: RegExp) => {
    const { rows } = await db.query<{ name: string; def: string }>(`
      select indexname as name, indexdef as def from pg_indexes where schemaname = 'form_data' and tablename = $1`, [copy]);
    return rows.filter((r) => pattern.test(r.def)).map((r) => r.name);
  };
  const variants: [string, (copy: string) => Promise<void>][] = [
    ["everything (copy)", async () => undefined],
    ["without the row-feed triggers", async (copy) => { await db.query(`drop trigger fieldwork_rows_insert on form_data."${copy}"`); }],
    ["without the search vector", async (copy) => { await db.query(`alter table form_data."${copy}" drop column __fw_search cascade`); }],
    // The vector as it was before migration 0020: computed and indexed by every insert.
    ["generated search vector (before)", async (copy) => {
      const { rows: [source] } = await db.query<{ expr: string }>(`
        select string_agg(format(case when a.atttypid = 'text[]'::regtype then 'coalesce(public.fieldwork_search_text(%I), %L)'
          else 'coalesce(%I, %L)' end, a.attname, ''), $$ || ' ' || $$ order by a.attnum) as expr
        from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
          and a.atttypid in ('text'::regtype, 'text[]'::regtype) and left(a.attname, 5) <> '__fw_'
          and a.attname not in ('user_agent', 'referer', 'ip', 'visitor_id')`, [`form_data."${copy}"`]);
      await db.query(`alter table form_data."${copy}" drop column __fw_search cascade`);
      await db.query(`alter table form_data."${copy}" add column __fw_search tsvector generated always as
        (to_tsvector('simple'::regconfig, left(${source!.expr}, 100000))) stored`);
      await db.query(`create index on form_data."${copy}" using gin (__fw_search)`);
    }],
    ["without trigram indexes", async (copy) => {
      for (const name of await indexesWhere(copy, /gin_trgm_ops/)) await db.query(`drop index form_data."${name}"`);
    }],
    ["without column btrees", async (copy) => {
      for (const name of await indexesWhere(copy, /USING btree \((?!local_index|session_id|customer_id|created_at|id\))\w+, id\)/)) await db.query(`drop index form_data."${name}"`);
    }],
    ["without list GINs", async (copy) => {
      for (const name of await indexesWhere(copy, /USING gin \((?!__fw_search)\w+\)/)) await db.query(`drop index form_data."${name}"`);
    }],
  ];
  console.log(`\nwhat costs what, ${connections} connections (pgbench into copies of the form table)`);
  for (const [name, strip] of variants) {
    const copy = `${table}_c`;
    await db.query(`drop table if exists form_data."${copy}"`);
    await db.query(`create table form_data."${copy}" (like form_data."${table}" including all)`);
    for (const { def } of triggers) await db.query(def.replace(` ON form_data.${table} `, ` ON form_data."${copy}" `));
    await strip(copy);
    const r = await pgbench(databaseUrl, insertSql(copy), connections);
    console.log(`${name.padEnd(32)} ${r.rate.toFixed(0).padStart(7)}/s   p99 ${r.p99.toFixed(1).padStart(7)} ms   ${(r.rate / bareRate).toFixed(2)}× bare`);
    await db.query(`drop table form_data."${copy}"`);
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await checkConnections(admin, Math.max(...CONNECTIONS) + SERVER_POOL + 5);
  const dbName = `fieldwork_bench_${Date.now()}`;
  await admin.query(`create database "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const port = await freePort();
  const { server, formId } = await startServer(databaseUrl, port);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const compareDb = `${dbName}_compare`;
  let compare: { server: ReturnType<typeof spawn>; formId: string; port: number; url: string } | null = null;
  if (COMPARE_ROOT) {
    await admin.query(`create database "${compareDb}"`);
    const compareUrl = new URL(ADMIN_URL);
    compareUrl.pathname = `/${compareDb}`;
    const comparePort = await freePort();
    compare = { ...(await startServer(compareUrl.toString(), comparePort, COMPARE_ROOT)), port: comparePort, url: compareUrl.toString() };
  }

  try {
    const { rows: [form] } = await db.query<{ table_name: string }>("select table_name from form where id = $1", [formId]);
    const table = form!.table_name;
    const bare = `${table}_bare`;
    await db.query(`create sequence bench_local_index start 10000000`);
    await db.query(`create table form_data."${bare}" (like form_data."${table}" including defaults, primary key (id))`);

    // Warm up (JIT, the definition cache, the pools), unmeasured: 3 s of submits to each server.
    await httpSubmits(port, formId, 16, 90_000_000, 3, await sessionsFor(databaseUrl, formId, 3));
    if (compare) await httpSubmits(compare.port, compare.formId, 16, 95_000_000, 3, await sessionsFor(compare.url, compare.formId, 3));
    const load = loadavg()[0]!.toFixed(1);
    const { rows: [version] } = await db.query<{ v: string }>("select current_setting('server_version') as v");
    console.log(`\nbench:submit — ${SECONDS}s per phase, PostgreSQL ${version!.v}, Node ${process.version}, server flags `
      + `${(NODE_FLAGS ?? startFlags(ROOT).join(" ")) || "(none)"}, ${cpus().length} cores, load average ${load} before the run`);
    for (const connections of CONNECTIONS) {
      await searchFilled(db, table);
      const http = await measuredSubmits(server.pid, admin, dbName, databaseUrl, port, formId, connections, connections * 1_000_000);
      const caughtUp = `search index caught up ${(await searchFilled(db, table) / 1000).toFixed(1)} s after the phase`;
      const other = compare
        ? await measuredSubmits(compare.server.pid, admin, compareDb, compare.url, compare.port, compare.formId, connections, connections * 1_000_000 + 500_000)
        : null;
      if (HTTP_ONLY) {
        const line = (name: string, r: Rate) => `${name.padEnd(30)} ${r.rate.toFixed(0).padStart(7)}/s   p50 ${r.p50.toFixed(1).padStart(7)} ms`
          + `   p99 ${r.p99.toFixed(1).padStart(7)} ms${r.errors ? `   (${r.errors} errors)` : ""}`;
        console.log(`\n${connections} connections, load ${loadavg()[0]!.toFixed(1)}\n${line("POST /submit (autocannon)", http)}\n  ${http.cpu}; ${caughtUp}`);
        if (other) console.log(`${line(`POST /submit of ${COMPARE_ROOT}`, other)}   this ÷ that ${(http.rate / other.rate).toFixed(2)}\n  ${other.cpu}`);
        continue;
      }
      const formTable = await pgbench(databaseUrl, insertSql(table), connections);
      const bareTable = await pgbench(databaseUrl, insertSql(bare), connections);
      const line = (name: string, r: Rate) => `${name.padEnd(30)} ${r.rate.toFixed(0).padStart(7)}/s   p50 ${r.p50.toFixed(1).padStart(7)} ms`
        + `   p99 ${r.p99.toFixed(1).padStart(7)} ms   ${(r.rate / bareTable.rate).toFixed(2)}× bare${r.errors ? `   (${r.errors} errors)` : ""}`
        + (r.cpu_ms ? `   server CPU ${r.cpu_ms.toFixed(2)} ms/submit` : "");
      console.log(`\n${connections} connections`);
      console.log(line("POST /submit (autocannon)", http));
      console.log(`  ${http.cpu}; ${caughtUp}`);
      console.log(line("pgbench into the form table", formTable));
      console.log(line("pgbench into a bare copy", bareTable));
      if (other) console.log(`${line(`POST /submit of ${COMPARE_ROOT}`, other)}   this ÷ that ${(http.rate / other.rate).toFixed(2)}\n  ${other.cpu}`);
      const goals = connections <= 16
        ? `goals: form table ≥ 0.50× bare, HTTP ≥ 0.25× bare`
        : `goal: HTTP p99 < 500 ms`;
      console.log(goals);
      if (BREAKDOWN && connections === CONNECTIONS[0]) await breakdown(db, databaseUrl, table, connections, bareTable.rate);

      appendResultRow({
        name: "bench:submit-ceiling",
        intro: "`npm run bench:submit` (issue 20 item 5), one run on one scratch PostgreSQL database: POST /submit of the demo form "
          + "(autocannon, built server, every submit from its own address so the rate limit counts each), pgbench inserting the same "
          + "row into the form's table, and pgbench inserting it into a bare copy (`like … including defaults` + primary key: no "
          + "triggers, no secondary indexes, no search vector), at the connections given. Ratios are against the bare copy of the same run. "
          + "Goals: form table ≥ 0.5×, HTTP ≥ 0.25× at 16 connections; HTTP p99 < 500 ms at 200.",
        columns: ["date", "commit", "machine", "load", "seconds", "connections", "HTTP/s", "HTTP p50 ms", "HTTP p99 ms",
          "form table/s", "form p99 ms", "bare/s", "bare p99 ms", "HTTP ÷ bare", "form ÷ bare"],
      }, [
        resultDate(), currentCommit(), `${cpus().length} cores`, loadavg()[0]!.toFixed(1), SECONDS, connections,
        http.rate.toFixed(0), http.p50.toFixed(0), http.p99.toFixed(0), formTable.rate.toFixed(0), formTable.p99.toFixed(1),
        bareTable.rate.toFixed(0), bareTable.p99.toFixed(1), (http.rate / bareTable.rate).toFixed(2), (formTable.rate / bareTable.rate).toFixed(2),
      ]);
    }
  } finally {
    await db.end().catch(() => undefined);
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    if (compare) {
      compare.server.kill("SIGTERM");
      await new Promise((r) => compare!.server.once("exit", r));
      await admin.query(`drop database if exists "${compareDb}" with (force)`);
    }
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

await main();
