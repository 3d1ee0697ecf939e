/**
 * `npm run bench:submit`: POST /submit of the demo form from 64 concurrent connections
 * (autocannon) against the real server on PostgreSQL, and, in the same run, the raw
 * ceiling: the same row inserted straight into the form's table by 64 `pg` clients. Prints
 * submits/s, p50 and p99 for both and their ratio, and appends them to bench/RESULTS.md.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server
 * where a scratch database is created and dropped. BENCH_SECONDS sets each phase's length.
 */
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "./grid-server";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const ROOT = new URL("..", import.meta.url).pathname;

const ANSWER: Record<string, string | string[]> = {
  full_name: "Ada Lovelace", email: "ada@example.com", phone: "555-123-4567", website: "https://ada.dev",
  team_size: "12", role: "engineer", start_date: "2026-12-01", plan: "team", features: ["forms", "payments"],
  satisfaction: "9", newsletter: "on", call_time: "09:30", comments: "Benchmark answer", accept_terms: "on",
  source: "bench", __fw_utc_offset: "60",
};

function multipartBody(boundary: string): string {
  return Object.entries(ANSWER).flatMap(([name, value]) => (Array.isArray(value) ? value : [value])
    .map((v) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`))
    .join("") + `--${boundary}--\r\n`;
}

async function main() {
  const dbName = `fieldwork_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const port = await freePort();

  const server = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: ROOT, stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", PUBLIC_URL: `http://127.0.0.1:${port}` },
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
  const formId = formUrl.split("/").pop()!;

  try {
    // Phase 1: the real HTTP path.
    const boundary = "----fieldworkbench";
    const body = multipartBody(boundary);
    // Each submit comes from its own visitor address (X-Forwarded-For, believed from the
    // loopback proxy), as in a rush of many people: the per-address limit is counted on every
    // request but holds nobody back.
    let visitor = 0;
    const http = await autocannon({
      url: `http://127.0.0.1:${port}/submit/${formId}`, method: "POST", connections: CONNECTIONS, duration: SECONDS,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" }, body,
      requests: [{
        setupRequest: (request) => {
          visitor++;
          const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
          return { ...request, headers: { ...request.headers, "x-forwarded-for": address } };
        },
      }],
    });
    const httpOk = http["2xx"];
    const httpRate = httpOk / SECONDS;
    if (http.non2xx > 0 || http.errors > 0) console.warn(`warning: ${http.non2xx} non-2xx answers, ${http.errors} errors`);

    // Phase 2: the raw ceiling, the same row straight into the same table.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    const { rows: [form] } = await pool.query<{ table_name: string }>("select table_name from form where id = $1", [formId]);
    const insert = `
      with counter as (update form set response_count = response_count + 1, last_local_index = last_local_index + 1 where id = $1 returning last_local_index)
      insert into form_data."${form!.table_name}" (local_index, utc_offset, user_agent, meta, full_name, email, phone, website,
        team_size, role, start_date, plan, features, satisfaction, newsletter, call_time, comments, accept_terms, source)
      select last_local_index, 60, 'bench', '{}', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16 from counter`;
    const params = [formId, "Ada Lovelace", "ada@example.com", "555-123-4567", "https://ada.dev", 12, "engineer",
      "2026-12-01", "team", ["forms", "payments"], 9, true, "09:30", "Benchmark answer", true, "bench"];
    const latencies: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        await pool.query(insert, params);
        latencies.push(performance.now() - t);
      }
    }));
    await pool.end();
    latencies.sort((a, b) => a - b);
    const rawRate = latencies.length / SECONDS;
    const ratio = httpRate / rawRate;

    const line = (name: string, rate: number, p50: number, p99: number) =>
      `${name.padEnd(28)} ${rate.toFixed(0).padStart(7)} submits/s   p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms`;
    console.log(`\nbench:submit — ${CONNECTIONS} connections, ${SECONDS}s each, PostgreSQL`);
    console.log(line("POST /submit (autocannon)", httpRate, http.latency.p50, http.latency.p99));
    console.log(line("raw pg insert (baseline)", rawRate, percentile(latencies, 50), percentile(latencies, 99)));
    console.log(`ratio ${ratio.toFixed(2)} (goal ≥ 0.50)\n`);

    appendResultRow({
      name: "bench:submit",
      intro: "`npm run bench:submit`: POST /submit of the demo form from 64 connections against the server on PostgreSQL, then the same row inserted with `pg` by 64 clients (the ceiling).",
      columns: ["date", "commit", "machine", "seconds", "POST /submit/s", "p50 ms", "p99 ms", "raw pg/s", "raw p50 ms", "raw p99 ms", "ratio"],
    }, [
      resultDate(), currentCommit(), `${cpus().length} cores`, SECONDS, httpRate.toFixed(0), http.latency.p50, http.latency.p99,
      rawRate.toFixed(0), percentile(latencies, 50).toFixed(1), percentile(latencies, 99).toFixed(1), ratio.toFixed(2),
    ]);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

await main();
