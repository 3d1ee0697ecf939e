/**
 * `npm run bench:search-vector` (issue 20 item 5): what the search vector costs an insert,
 * filled after the write (tables/search-vector.ts) against the generated column it replaced,
 * and against no vector at all, on one scratch PostgreSQL database, in alternating rounds so
 * the machine's load falls on every variant alike. Each round runs pgbench inserting the grid
 * form's row (`BENCH_CLIENTS`, default 16, `BENCH_SECONDS` each, `BENCH_ROUNDS` rounds) into:
 *
 * - `async`: a managed table as made now (nullable vector, GIN, partial index, the trigger);
 * - `generated`: the same table with the generated vector and its GIN (before migration 0020);
 * - `none`: the same table without a vector.
 *
 * Then times the filler over the async table's rows (the deferred work, off the submit path).
 * Prints median rates and ratios to `none`, appends a row to bench/RESULTS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { FieldType } from "@fieldwork/core";
import { openDatabase } from "../packages/server/src/db/database";
import { migrate } from "../packages/server/src/db/migrate";
import { createManagedTable } from "../packages/server/src/tables/managed-table";
import { fillSearchBatch } from "../packages/server/src/tables/search-vector";
import { GRID_FORM } from "./grid-data";
import { pgbenchTps } from "./pgbench";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

const FIELDS = GRID_FORM.fields.map((f) => ({ name: f.name, type: f.type as FieldType }));
const INSERT = (table: string) => `insert into form_data.${table} (local_index, name, city, email, phone, bio, age, plan, tags, country, website)
  values (nextval('bench_seq'), 'Ada Lovelace', 'London', 'ada@example.com', '555-123-4567',
  'A bio about engines, poetry and the analytical machine', 36, 'team', '{red,blue}', 'GB', 'https://ada.dev');`.replace(/\n\s*/g, " ");

function pgbench(url: string, script: string): number {
  return pgbenchTps(url, script, { clients: CLIENTS, seconds: SECONDS });
}

async function main() {
  const name = `searchvec_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const dir = mkdtempSync(join(tmpdir(), "searchvec-bench-"));
  const loadBefore = loadavg()[0]!.toFixed(1);
  try {
    const { db } = database;
    await migrate(db);
    const variants = ["async", "generated", "none"] as const;
    await db.transaction().execute(async (trx) => {
      await sql`create sequence bench_seq`.execute(trx);
      for (const v of variants) await createManagedTable(trx, `bench_${v}`, FIELDS);
      for (const v of ["generated", "none"]) await sql`alter table ${sql.table(`form_data.bench_${v}`)} drop column __fw_search cascade`.execute(trx);
      const { rows: [source] } = await sql<{ expr: string }>`
        select string_agg(format(case when a.atttypid = 'text[]'::regtype then 'coalesce(public.fieldwork_search_text(%I), %L)'
          else 'coalesce(%I, %L)' end, a.attname, ''), ${" || ' ' || "} order by a.attnum) as expr
        from pg_attribute a where a.attrelid = 'form_data.bench_generated'::regclass and a.attnum > 0 and not a.attisdropped
          and a.atttypid in ('text'::regtype, 'text[]'::regtype) and left(a.attname, 5) <> '__fw_'
          and a.attname not in ('user_agent', 'referer', 'ip', 'visitor_id')`.execute(trx);
      await sql.raw(`alter table form_data.bench_generated add column __fw_search tsvector generated always as
        (to_tsvector('simple'::regconfig, left(${source!.expr}, 100000))) stored`).execute(trx);
      await sql`create index on form_data.bench_generated using gin (__fw_search)`.execute(trx);
    });
    const rates: Record<(typeof variants)[number], number[]> = { async: [], generated: [], none: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of round % 2 ? [...variants].reverse() : variants) {
        const script = join(dir, `${v}.sql`);
        writeFileSync(script, `${INSERT(`bench_${v}`)}\n`);
        rates[v].push(pgbench(url.toString(), script));
      }
    }
    const median = (v: (typeof variants)[number]) => percentile(rates[v], 50);
    const { rows: [counted] } = await sql<{ n: string }>`select count(*) as n from form_data.bench_async where __fw_search is null`.execute(db);
    const n = Number(counted!.n);
    const started = performance.now();
    let filled = 0;
    for (let batch = -1; batch !== 0;) filled += (batch = await fillSearchBatch(db, "bench_async", 500, 600_000, true));
    const fillSeconds = (performance.now() - started) / 1000;
    console.log(`\nbench:search-vector — ${CLIENTS} clients, ${ROUNDS} rounds × ${SECONDS}s per variant, load ${loadBefore} before`);
    for (const v of variants) {
      console.log(`${v.padEnd(10)} median ${median(v).toFixed(0).padStart(6)}/s  ${(median(v) / median("none")).toFixed(2)}× none   rounds ${rates[v].map((r) => r.toFixed(0)).join(", ")}`);
    }
    console.log(`async ÷ generated ${(median("async") / median("generated")).toFixed(2)}`);
    console.log(`filler: ${filled} of ${n} rows in ${fillSeconds.toFixed(1)} s (${(filled / fillSeconds).toFixed(0)} rows/s, batches of 500)`);
    appendResultRow({
      name: "bench:search-vector",
      intro: "`npm run bench:search-vector` (issue 20 item 5): pgbench inserts of one row into a managed table with the search vector "
        + "filled after the write (async), with the generated vector it replaced, and with none, in alternating rounds on one "
        + "scratch PostgreSQL database; medians and ratios of the same run; then the filler's rate over the async table's rows.",
      columns: ["date", "commit", "machine", "load", "clients", "rounds × s", "async/s", "generated/s", "none/s",
        "async ÷ none", "generated ÷ none", "async ÷ generated", "filler rows/s"],
    }, [
      resultDate(), currentCommit(), `${cpus().length} cores`, loadBefore, CLIENTS, `${ROUNDS} × ${SECONDS}`,
      median("async").toFixed(0), median("generated").toFixed(0), median("none").toFixed(0),
      (median("async") / median("none")).toFixed(2), (median("generated") / median("none")).toFixed(2),
      (median("async") / median("generated")).toFixed(2), (filled / fillSeconds).toFixed(0),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
