/**
 * `npm run bench:start` (issue 20): how long a restart takes to a ready `/healthz`, and the
 * process's resident memory after IDLE_SECONDS (20) of rest, on PGlite (a DATA_DIR made by a
 * first start) and on PostgreSQL (a scratch database, BENCH_DATABASE_URL's server). Each row
 * carries its same-run baselines: a bare `node:http` server answering `/healthz` (the floor
 * of any Node server) and the old start from source through tsx. Restart time is the median
 * of RESTARTS (3); RSS is read from /proc after the last one has idled. BENCH_BACKENDS=pglite
 * or =postgres runs one.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { BUILT_MAIN, buildIfNeeded, startServer } from "../packages/server/src/test/built-server";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",");
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const RESTARTS = 3;

const BARE = `require("node:http").createServer((q, s) => s.end("{\\"ok\\":true}")).listen(+process.env.PORT, process.env.HOST)`;
const VARIANTS: Record<string, string[]> = {
  bare: ["-e", BARE],
  tsx: ["--import", "tsx", "packages/server/src/main.ts"],
  // What `npm start` runs (package.json).
  built: ["--max-semi-space-size=8", BUILT_MAIN],
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(/(\d+)/.exec(line ?? "")?.[1] ?? Number.NaN) / 1024);
}

async function measure(args: string[], env: Record<string, string>): Promise<{ ms: number; rss: number }> {
  const times: number[] = [];
  let rss = Number.NaN;
  for (let i = 0; i < RESTARTS; i += 1) {
    const server = await startServer(env, { args });
    times.push(server.readyMs);
    if (i === RESTARTS - 1) {
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      rss = rssMb(server.child.pid!);
    }
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    if (exit.code !== 0 && exit.signal !== "SIGTERM") throw new Error(`${args.join(" ")} exited with ${JSON.stringify(exit)}:\n${server.output()}`);
  }
  return { ms: Math.round(percentile(times, 50)), rss };
}

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fieldwork_bench_start_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

buildIfNeeded();
const section = {
  name: "bench:start",
  intro: `\`npm run bench:start\`: restart time to a ready \`/healthz\` (median of ${RESTARTS} restarts of a data directory
or database a first start already migrated and seeded) and the resident memory (RSS) after ${IDLE_SECONDS} s idle, on PGlite and on
PostgreSQL. **bare** is a \`node:http\` server that only answers \`/healthz\` (the floor of any Node process), **tsx** the
old \`npm start\` (TypeScript compiled at every start), **built** what \`npm start\` runs now (packages/server/dist, with
\`--max-semi-space-size=8\`). Goals: built ≤ 2 s and ≤ 150 MB on PostgreSQL.`,
  columns: ["date", "commit", "node", "backend", "bare ms", "bare MB", "tsx ms", "tsx MB", "built ms", "built MB"],
};
for (const backend of BACKENDS) {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldwork-bench-start-"));
  const scratch = backend === "postgres" ? await scratchDatabase() : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? "" };
  try {
    const first = await startServer(env); // migrates and seeds: every measured start is a restart
    first.child.kill("SIGTERM");
    await first.exited;
    const cells: (string | number)[] = [resultDate(), currentCommit(), process.version, backend];
    for (const [name, args] of Object.entries(VARIANTS)) {
      const { ms, rss } = await measure(args, env);
      console.log(`${backend} ${name}: restart ${ms} ms, ${rss} MB after ${IDLE_SECONDS} s idle`);
      cells.push(ms, rss);
    }
    appendResultRow(section, cells);
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
