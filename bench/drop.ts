/**
 * `npm run bench:drop`: a ticket drop against the real server on PostgreSQL (issue 11).
 *
 * - Steady: 16, then 200 connections POST the demo form for BENCH_SECONDS each (autocannon,
 *   every submit from its own address); beside each, `pgbench` inserts the same row into the
 *   same table with the same number of clients (prepared statements, one row per
 *   transaction). Accepted submits/s, p50 and p99 for both, and their ratio.
 * - Drop: one option of the form is tracked with 10,000 units; 200 connections buy it until
 *   it is sold out. Checks that exactly 10,000 were sold (rows, stock, commits) and that every
 *   other buyer was told FORM_OPTION_UNAVAILABLE or FORM_SOLD_OUT; reports the time to sell out.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server
 * where a scratch database is made and dropped. pgbench with 200 clients needs the server's
 * max_connections above 200 plus the app's pool; the bench says so when it is lower.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import demoForm from "../packages/server/src/seed/demo-form.json" with { type: "json" };
import { createBenchProject, startScratchServer } from "./grid-server";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const UNITS = 10_000;
const DROP_CONNECTIONS = 200;

const ANSWER: Record<string, string | string[]> = {
  full_name: "Ada Lovelace", email: "ada@example.com", phone: "555-123-4567", website: "https://ada.dev",
  team_size: "12", role: "engineer", start_date: "2026-12-01", plan: "team", features: ["forms", "payments"],
  satisfaction: "9", newsletter: "on", call_time: "09:30", comments: "Benchmark answer", accept_terms: "on",
  source: "bench", __fw_utc_offset: "60",
};
const BOUNDARY = "----fieldworkdrop";
const BODY = Object.entries(ANSWER).flatMap(([name, value]) => (Array.isArray(value) ? value : [value])
  .map((v) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`)).join("") + `--${BOUNDARY}--\r\n`;

interface Figures { rate: number; p50: number; p99: number }

let visitor = 0;
/** POSTs the answer from `connections` connections; each request from its own address. */
async function submitLoad(url: string, connections: number, options: { duration?: number; amount?: number }, onAnswer?: (status: number, body: string) => void) {
  const started = performance.now();
  const result = await autocannon({
    url, method: "POST", connections, ...options, timeout: 30,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json" }, body: BODY,
    requests: [{
      setupRequest: (request) => {
        visitor++;
        return { ...request, headers: { ...request.headers, "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } };
      },
      ...(onAnswer ? { onResponse: (status: number, body: string) => onAnswer(status, body) } : {}),
    }],
  });
  return { result, seconds: (performance.now() - started) / 1000 };
}

/** pgbench inserting the demo answer's row into the form's table: tps and per-transaction latency percentiles. */
function pgbench(databaseUrl: string, table: string, clients: number): Figures {
  const dir = mkdtempSync(join(tmpdir(), "fieldwork-pgbench-"));
  try {
    const script = join(dir, "insert.sql");
    writeFileSync(script, `insert into form_data."${table}" (local_index, utc_offset, user_agent, meta, full_name, email, phone, website,
  team_size, role, start_date, plan, features, satisfaction, newsletter, call_time, comments, accept_terms, source)
values (-nextval('bench_local'), 60, 'bench', '{}', 'Ada Lovelace', 'ada@example.com', '555-123-4567', 'https://ada.dev',
  12, 'engineer', '2026-12-01', 'team', '{forms,payments}', 9, true, '09:30', 'Benchmark answer', true, 'bench');\n`);
    const out = execFileSync("pgbench", ["-n", "-M", "prepared", "-c", String(clients), "-j", String(Math.min(clients, cpus().length)),
      "-T", String(SECONDS), "-f", script, "-l", "--log-prefix", join(dir, "log"), databaseUrl], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
    const latencies = readdirSync(dir).filter((f) => f.startsWith("log")).flatMap((f) =>
      readFileSync(join(dir, f), "utf8").split("\n").filter(Boolean).map((line) => Number(line.split(" ")[2]) / 1000));
    return { rate: tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const server = await startScratchServer(ADMIN_URL);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const project = await createBenchProject(server.baseUrl, demoForm);
    const formId = project.form_id;
    const submitUrl = `${server.baseUrl}/submit/${formId}`;
    const { rows: [form] } = await db.query<{ table_name: string }>("select table_name from form where id = $1", [formId]);
    const table = form!.table_name;
    await db.query("create sequence bench_local");
    const { rows: [limits] } = await db.query<{ max_connections: string }>("show max_connections");
    const maxConnections = Number(limits!.max_connections);

    const steady: { connections: number; ours: Figures; baseline: Figures | null }[] = [];
    for (const connections of [16, 200]) {
      const { result } = await submitLoad(submitUrl, connections, { duration: SECONDS });
      if (result.non2xx || result.errors) console.warn(`warning: ${result.non2xx} non-2xx answers, ${result.errors} errors at ${connections} connections`);
      const ours = { rate: result["2xx"] / SECONDS, p50: result.latency.p50, p99: result.latency.p99 };
      // pgbench's clients are PostgreSQL connections: leave room for the app's pool and this client.
      const baseline = connections + 30 <= maxConnections ? pgbench(server.databaseUrl, table, connections) : null;
      if (!baseline) console.warn(`pgbench with ${connections} clients needs max_connections ≥ ${connections + 30} (it is ${maxConnections}): ALTER SYSTEM SET max_connections = 300 and restart PostgreSQL`);
      steady.push({ connections, ours, baseline });
    }

    // Submits still queued in the server when autocannon stopped finish first: they are not the drop's.
    for (let last = -1; ;) {
      const { rows: [now] } = await db.query<{ response_count: number }>("select response_count from form where id = $1", [formId]);
      if (now!.response_count === last) break;
      last = now!.response_count;
      await new Promise((r) => setTimeout(r, 1000));
    }

    // The drop: the "team" plan becomes a tracked option with 10,000 units.
    await db.query("begin");
    const { rows: [store] } = await db.query<{ id: string }>("insert into store (project_id, name) select project_id, 'Drop' from form where id = $1 returning id", [formId]);
    await db.query("update form set store_id = $2 where id = $1", [formId, store!.id]);
    const { rows: [item] } = await db.query<{ id: string }>(`
      insert into inventory_item (store_id, sku, form_field_option_id)
      select $2, left(o.id::text, 8), o.id from form_field_option o join form_field f on f.id = o.form_field_id
      where f.form_id = $1 and f.name = 'plan' and o.value = 'team' returning id`, [formId, store!.id]);
    const { rows: [level] } = await db.query<{ id: string }>("insert into inventory_level (inventory_item_id, available, on_hand) values ($1, $2, $2) returning id", [item!.id, UNITS]);
    await db.query("insert into inventory_level_commit (inventory_level_id, diff, reason) values ($1, $2, 'initialize')", [level!.id, UNITS]);
    await db.query("update form set revision = revision + 1 where id = $1", [formId]);
    await db.query("commit");
    const { rows: [start] } = await db.query<{ response_count: number }>("select response_count from form where id = $1", [formId]);

    const refusals = new Map<string, number>();
    let sold = 0;
    let soldOutAt = 0;
    const t0 = performance.now();
    const drop = await submitLoad(submitUrl, DROP_CONNECTIONS, { amount: UNITS + 4 * DROP_CONNECTIONS * 5 }, (status, body) => {
      if (status === 201) {
        sold++;
        soldOutAt = performance.now();
        return;
      }
      let code = `HTTP ${status}`;
      try { code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? code; } catch { /* not JSON */ }
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
    });
    const sellOutSeconds = (soldOutAt - t0) / 1000;
    const { rows: [after] } = await db.query<{ rows: number; available: number; committed: number; orders: number; commits: number }>(`
      select (select count(*)::int from form_data."${table}" where local_index > $2) as rows,
             l.available, l.committed,
             (select coalesce(sum(diff), 0)::int from inventory_level_commit where inventory_level_id = l.id and reason = 'order') as orders,
             (select count(*)::int from inventory_level_commit where inventory_level_id = l.id and reason = 'order') as commits
      from inventory_level l where l.id = $1`, [level!.id, start!.response_count]);
    const otherCodes = [...refusals.keys()].filter((c) => c !== "FORM_OPTION_UNAVAILABLE" && c !== "FORM_SOLD_OUT");
    const exact = sold === UNITS && after!.rows === UNITS && after!.available === 0 && after!.committed === UNITS && after!.orders === -UNITS && otherCodes.length === 0;

    const fmt = (f: Figures | null) => (f ? `${f.rate.toFixed(0).padStart(7)}/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(7)} ms` : "    n/a");
    console.log(`\nbench:drop — PostgreSQL, ${SECONDS}s per steady part, ${cpus().length} cores`);
    for (const s of steady) {
      console.log(`steady ${String(s.connections).padStart(3)} conns  POST /submit ${fmt(s.ours)}   pgbench ${fmt(s.baseline)}   ratio ${s.baseline ? (s.ours.rate / s.baseline.rate).toFixed(2) : "n/a"} (goal ≥ 0.25)`);
    }
    console.log(`drop: ${DROP_CONNECTIONS} connections, ${UNITS} units: sold ${sold} in ${sellOutSeconds.toFixed(2)} s; rows ${after!.rows}, available ${after!.available}, committed ${after!.committed}, order commits ${after!.commits} summing to ${after!.orders}`);
    console.log(`refusals: ${[...refusals].map(([c, n]) => `${c} ${n}`).join(", ")} — ${exact ? "exact" : "NOT EXACT"}; total run ${drop.seconds.toFixed(1)} s\n`);

    const date = resultDate();
    const commit = currentCommit();
    for (const s of steady) {
      appendResultRow({
        name: "bench:drop (steady)",
        intro: "`npm run bench:drop`, steady part: POST /submit of the demo form (15 fields, multipart, each submit from its own address) for the given seconds from N connections, beside `pgbench` inserting the same row into the same table with N clients (prepared, one row per transaction). **ratio** is ours over pgbench (goal ≥ 0.25, and p99 < 500 ms at 200). Everything shares the machine's cores.",
        columns: ["date", "commit", "machine", "seconds", "connections", "submits/s", "p50 ms", "p99 ms", "pgbench/s", "pgbench p50 ms", "pgbench p99 ms", "ratio"],
      }, [date, commit, `${cpus().length} cores`, SECONDS, s.connections, s.ours.rate.toFixed(0), s.ours.p50, s.ours.p99,
        s.baseline ? s.baseline.rate.toFixed(0) : "n/a", s.baseline ? s.baseline.p50.toFixed(1) : "n/a", s.baseline ? s.baseline.p99.toFixed(1) : "n/a",
        s.baseline ? (s.ours.rate / s.baseline.rate).toFixed(2) : "n/a"]);
    }
    appendResultRow({
      name: "bench:drop (sell-out)",
      intro: "`npm run bench:drop`, drop part: one option tracked with 10,000 units, 200 connections buying it until it is sold out. **exact** means 10,000 rows, available 0, committed 10,000, order commits summing to -10,000, and every other answer FORM_OPTION_UNAVAILABLE or FORM_SOLD_OUT.",
      columns: ["date", "commit", "machine", "connections", "units", "sold", "seconds to sell out", "refusals", "exact"],
    }, [date, commit, `${cpus().length} cores`, DROP_CONNECTIONS, UNITS, sold, sellOutSeconds.toFixed(2),
      [...refusals].map(([c, n]) => `${c} ${n}`).join(", "), exact ? "yes" : "NO"]);
    if (!exact) process.exitCode = 1;
  } finally {
    await db.end();
    await server.close();
  }
}

await main();
