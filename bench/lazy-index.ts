/**
 * `npm run bench:lazy-index`: what a form table's column indexes cost the write path, and
 * what a small table gains from them (issue 20 item 5). In one scratch PostgreSQL database,
 * three copies of bench:grid's 20-field form table, each preloaded with BENCH_ROWS rows
 * (100,000):
 *
 * - **eager**: every column index made as fields were created before lazy indexes (a btree
 *   per sortable column, a trigram per text column, choice columns included, a GIN per list);
 * - **lazy**: a table as Fieldwork makes it now: no column index until a read wants one;
 * - **eager, lazy without triggers**: the same two with the row-feed triggers (NOTIFY) disabled,
 *   to see the indexes' share apart from the triggers';
 * - **bare**: the same columns with only the primary key: no trigger, no secondary index,
 *   no generated search vector.
 *
 * `pgbench` inserts one row per transaction into each (BENCH_CLIENTS clients, BENCH_SECONDS
 * per run), the three in turn, BENCH_ROUNDS rounds; the median tps of each is reported with
 * its ratio to bare (synchronous_commit off unless BENCH_SYNCHRONOUS_COMMIT=on: the WAL
 * flush of each commit costs every table the same). Then, for the LAZY_INDEX_MIN_ROWS bound, typical grid reads are timed
 * without and with index on a table of SMALL_ROWS (LAZY_INDEX_MIN_ROWS) rows, and each index kind's build
 * (`create index concurrently`) is timed on the lazy table.
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
import { createColumnIndexes } from "../packages/server/src/tables/table-indexes";
import { LAZY_INDEX_MIN_ROWS } from "../packages/server/src/tables/lazy-indexes";
import { GRID_FORM } from "./grid-data";
import { pgbenchTps } from "./pgbench";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SMALL_ROWS = Number(process.env.SMALL_ROWS ?? LAZY_INDEX_MIN_ROWS);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Off by default: the WAL flush per commit is the same for every table, and on a shared disk mostly noise. */
const SYNCHRONOUS_COMMIT = process.env.BENCH_SYNCHRONOUS_COMMIT ?? "off";

const FIELDS = GRID_FORM.fields.map((f) => ({ name: f.name, type: f.type as FieldType }));
const COLUMNS = "local_index, name, city, email, phone, bio, age, score, amount, quantity, born, joined, seen_at, last_login, wakes, vip, active, plan, tags, country, website";
/** One row's values over `g` (a number): the load's series, or pgbench's random `:r`. */
const values = (g: string) => `'Name ' || ${g}, 'City ' || (${g} % 30), 'user' || ${g} || '@example.com',
  '+1 555 ' || lpad((${g} % 10000000)::text, 7, '0'), 'A bio, number ' || ${g} || ', about coffee, jazz and falconry',
  ${g} % 100, ${g} % 1000, ${g} * 1.5, ${g} % 20, date '1950-01-01' + (${g} % 20000)::int, date '2020-01-01' + (${g} % 1500)::int,
  now() - ${g} * interval '1 minute', now() - ${g} * interval '1 second', time '06:00' + (${g} % 300) * interval '1 minute',
  ${g} % 2 = 0, ${g} % 3 = 0, (array['free','team','enterprise'])[1 + ${g} % 3], array[(array['red','green','blue'])[1 + ${g} % 3]],
  (array['DE','FR','US','JP'])[1 + ${g} % 4], 'https://example.com/' || ${g}`;

async function timeQuery(pool: pg.Pool, text: string, runs = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await pool.query(text);
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

function pgbench(url: string, script: string): number {
  return pgbenchTps(url, script, {
    clients: CLIENTS, seconds: SECONDS, env: { ...process.env, PGOPTIONS: `-c synchronous_commit=${SYNCHRONOUS_COMMIT}` },
  });
}

async function main() {
  const name = `lazyidx_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on("error", () => undefined); // the scratch database is dropped with (force) at the end
  const dir = mkdtempSync(join(tmpdir(), "lazyidx-bench-"));
  const loadBefore = loadavg()[0]!.toFixed(1);
  try {
    const { db } = database;
    await migrate(db);
    const tables = {
      eager: "bench_eager", lazy: "bench_lazy", eager_nt: "bench_eager_nt", lazy_nt: "bench_lazy_nt", bare: "bench_bare", small: "bench_small",
    };
    await db.transaction().execute(async (trx) => {
      for (const table of [tables.eager, tables.lazy, tables.eager_nt, tables.lazy_nt, tables.small]) await createManagedTable(trx, table, FIELDS);
      for (const table of [tables.eager, tables.eager_nt]) {
        // The old rule: every kind a column may get, and trigrams on choice columns too.
        for (const field of FIELDS) await createColumnIndexes(trx, table, field);
        for (const field of ["plan", "country"]) await sql`create index on ${sql.table(`form_data.${table}`)} using gin (${sql.id(field)} gin_trgm_ops)`.execute(trx);
      }
      for (const table of [tables.eager_nt, tables.lazy_nt]) await sql`alter table ${sql.table(`form_data.${table}`)} disable trigger user`.execute(trx);
      await sql`create table form_data.bench_bare (like form_data.bench_lazy including defaults)`.execute(trx);
      await sql`alter table form_data.bench_bare add primary key (id)`.execute(trx);
    });
    for (const [table, rows] of [
      [tables.eager, ROWS], [tables.lazy, ROWS], [tables.eager_nt, ROWS], [tables.lazy_nt, ROWS], [tables.bare, ROWS], [tables.small, SMALL_ROWS],
    ] as const) {
      await pool.query(`insert into form_data.${table} (${COLUMNS}) select g, ${values("g")} from generate_series(1, ${rows}) g`);
      await pool.query(`vacuum analyze form_data.${table}`);
    }
    const { rows: indexCounts } = await pool.query<{ table: string; n: string }>(
      `select c.relname as table, count(i.*) as n from pg_class c left join pg_index i on i.indrelid = c.oid
       where c.relnamespace = 'form_data'::regnamespace and c.relkind = 'r' group by c.relname order by 1`);
    console.log(`indexes per table (with the primary key and system ones): ${indexCounts.map((r) => `${r.table} ${r.n}`).join(", ")}`);
    await pool.query(`create sequence bench_local_index start ${ROWS + 1}`);

    const VARIANTS = ["eager", "lazy", "eager_nt", "lazy_nt", "bare"] as const;
    const tps: Record<(typeof VARIANTS)[number], number[]> = { eager: [], lazy: [], eager_nt: [], lazy_nt: [], bare: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const variant of VARIANTS) {
        const script = join(dir, `${variant}.sql`);
        writeFileSync(script, `\\set r random(1, 1000000000)\ninsert into form_data.${tables[variant]} (${COLUMNS}) values (nextval('bench_local_index'), ${values(":r").replace(/\n\s*/g, " ")});\n`);
        tps[variant].push(pgbench(url.toString(), script));
      }
      console.log(`round ${round}: ${VARIANTS.map((v) => `${v} ${tps[v].at(-1)!.toFixed(0)}`).join(", ")} rows/s`);
    }
    const median = (xs: number[]) => percentile(xs, 50);
    const [eager, lazy, eagerNt, lazyNt, bare] = VARIANTS.map((v) => median(tps[v])) as [number, number, number, number, number];
    const load = loadavg()[0]!.toFixed(1);
    console.log(`\nbench:lazy-index — pgbench, one row per transaction, synchronous_commit ${SYNCHRONOUS_COMMIT}, ${CLIENTS} clients, ${SECONDS} s × ${ROUNDS} rounds, tables of ${ROWS.toLocaleString("en")} rows, load ${loadBefore} → ${load}`);
    console.log(`eager indexes ${eager.toFixed(0)} rows/s (${(eager / bare).toFixed(2)}× bare), lazy ${lazy.toFixed(0)} rows/s (${(lazy / bare).toFixed(2)}× bare), bare ${bare.toFixed(0)} rows/s`);
    console.log(`without the row-feed triggers: eager ${eagerNt.toFixed(0)} rows/s (${(eagerNt / bare).toFixed(2)}× bare), lazy ${lazyNt.toFixed(0)} rows/s (${(lazyNt / bare).toFixed(2)}× bare)`);

    // Reads a small table answers without index (grid shapes; limit 100, count bounded at 10,001 rows).
    const small = `form_data.${tables.small}`;
    const reads = {
      "email=eq": `select id from ${small} where email = 'user5000@example.com' order by local_index limit 100`,
      "name=ilike.*ame 12*": `select id from ${small} where name ilike '%ame 12%' order by local_index limit 100`,
      "order=amount.desc": `select id from ${small} order by amount desc, id desc limit 100`,
      "tags=cs.{red}": `select id from ${small} where tags @> '{red}' order by local_index limit 100`,
      "count(email ilike)": `select count(*) from (select 1 from ${small} where email ilike '%er12%' limit 10001) c`,
    };
    const without: number[] = [];
    for (const text of Object.values(reads)) without.push(await timeQuery(pool, text));
    for (const definition of ["(email, id)", "using gin (name gin_trgm_ops)", "(amount, id)", "using gin (tags)", "using gin (email gin_trgm_ops)"]) {
      await pool.query(`create index on ${small} ${definition}`);
    }
    await pool.query(`analyze ${small}`);
    const smallTimes: string[] = [];
    for (const [i, [label, text]] of Object.entries(reads).entries()) {
      smallTimes.push(`${label} ${without[i]!.toFixed(1)} ms (indexed ${(await timeQuery(pool, text)).toFixed(1)})`);
    }
    console.log(`reads on ${SMALL_ROWS.toLocaleString("en")} rows without index, p50 (with): ${smallTimes.join(", ")}`);

    const builds: string[] = [];
    for (const [label, definition] of [
      ["btree (amount, id)", "(amount, id)"], ["trigram (name)", "using gin (name gin_trgm_ops)"], ["gin (tags)", "using gin (tags)"],
    ] as const) {
      const started = performance.now();
      await pool.query(`create index concurrently on form_data.${tables.lazy} ${definition}`);
      builds.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`builds on the lazy table (${ROWS.toLocaleString("en")} rows and pgbench's, concurrently): ${builds.join(", ")}`);

    appendResultRow({
      name: "bench:lazy-index",
      intro: `\`npm run bench:lazy-index\`: \`pgbench\` inserting one row per transaction into three copies of bench:grid's
20-field form table (preloaded rows as stated), in turn, the median of the rounds: **eager** with every column index
the old rule made (btree per sortable column, trigram per text column, choice columns included, GIN per list), **lazy**
as Fieldwork makes a table now (system indexes, search vector and triggers, no column index until a read wants one),
**bare** the same columns with only a primary key; **… nt**: eager and lazy with the row-feed (NOTIFY) triggers
disabled. Then reads on a small table (rows as stated in the column) without and with index (p50), and
index builds (\`create index concurrently\`) on the lazy table.`,
      columns: ["date", "commit", "machine", "rows", "eager rows/s", "lazy rows/s", "bare rows/s", "eager/bare", "lazy/bare",
        "eager nt/bare", "lazy nt/bare", "small-table reads without (with) index", "builds"],
    }, [resultDate(), currentCommit(), `${cpus().length} cores, load ${loadBefore}→${load}, synchronous_commit ${SYNCHRONOUS_COMMIT}`, ROWS, eager.toFixed(0), lazy.toFixed(0), bare.toFixed(0),
      (eager / bare).toFixed(2), (lazy / bare).toFixed(2), (eagerNt / bare).toFixed(2), (lazyNt / bare).toFixed(2), `${SMALL_ROWS} rows: ${smallTimes.join("; ")}`, builds.join("; ")]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pool.end();
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
