/**
 * `npm run bench:grid`: the Data API's grid reads on a 1,000,000-row form table, against the
 * best hand-written SQL for the same answers in the same run, and a CSV export of the whole
 * table with the server's memory watched.
 *
 * 1. A scratch database, the real server on it, an owner, organization, project, viewer API
 *    key and a 20-field form made through the HTTP API (grid-server.ts).
 * 2. 1M rows loaded with one `insert … select` into the form's table, with the indexes
 *    Fieldwork made with it (no column index: those are made when first read), then
 *    `VACUUM ANALYZE` (grid-data.ts). The first read of each shape value is timed, without
 *    its index, and the server's index builds it queued are waited for (grid-first.ts).
 * 3. Ten query shapes with `Prefer: count=estimated`, 100 rows a page: each value of a shape
 *    over HTTP and as direct SQL in turn (grid-shapes.ts, grid-measure.ts). Goals: p50 ≤ 20 ms
 *    and p99 ≤ 60 ms for every shape but page 5,000, which must stay within 1.2× its SQL.
 * 4. `Accept: text/csv` of the whole table, RSS sampled every 100 ms (grid-export.ts).
 *
 * Rows are appended to bench/RESULTS.md (`bench:grid`, `bench:export`). BENCH_DATABASE_URL
 * names the PostgreSQL server for the scratch database; BENCH_REQUESTS (200) sets the
 * measured requests per shape; BENCH_ROWS (1,000,000) shrinks the table for a trial.
 */
import { cpus } from "node:os";
import pg from "pg";
import { GRID_FORM, loadRows, ROWS } from "./grid-data";
import { measureCopy, measureExport } from "./grid-export";
import { explainBaseline, measureShapes, percentile, type GridTarget, type ShapeResult } from "./grid-measure";
import { measureFirstReads, waitForBuilds, type FirstRead } from "./grid-first";
import { createBenchProject, startScratchServer } from "./grid-server";
import { formTable, gridShapes, type Shape } from "./grid-shapes";
import { ms, printResults, verdict } from "./grid-report";
import { appendResultRow, currentCommit, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 10;
/** Five emails of the table (selective equality) and one that is in no row. */
async function sampleEmails(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ email: string }>(
    `select email from form_data."${table}" where local_index = any($1::int[]) and email is not null order by local_index`,
    [[1, 2, 3, 4, 5, 6, 7].map((k) => Math.ceil((k * ROWS) / 8))]);
  return [...rows.slice(0, 5).map((r) => r.email), "nobody.here@example.com"];
}

async function visibleColumns(pool: pg.Pool, table: string): Promise<string> {
  const { rows } = await pool.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
       and attname <> '__fw_search' order by attnum`, [`form_data."${table}"`]);
  return rows.map((r) => `t."${r.name}"`).join(", ");
}

/** Date, commit and machine of this run, taken before it starts: others may commit while it runs. */
type RunLabel = [date: string, commit: string, machine: string];

function appendGridRows(label: RunLabel, results: ShapeResult[], plain: number[]) {
  const section = {
    name: "bench:grid",
    intro: `\`npm run bench:grid\`: \`GET /rest/v1/{table}\` (viewer API key, \`Prefer: count=estimated\`, \`limit=100\`) on a
form table of 1,000,000 rows (20 fields, every Fieldwork index in place, after \`VACUUM ANALYZE\`), ten query shapes,
${REQUESTS} sequential requests each after ${WARMUP} warm-ups, each shape cycling through a few filter values. **HTTP** is
the time from sending the request to the last byte of the body (Node fetch, which accepts gzip: the server's compression
is included); **SQL** is the best hand-written SQL for the same answer run with \`pg\` right after each request — the
page as one \`json_agg\` array (same rows, same order) after the same estimated count (the planner's estimate, and
when that is at most 10,000 an exact count bounded there, which also picks the page's plan). **ratio** is HTTP p50 over SQL
p50. Goals: p50 ≤ 20 ms and p99 ≤ 60 ms for every shape but page 5,000, which must stay within 1.2× its SQL (the keys
of the page from the index alone, joined back); the plain \`limit 100 offset 499900\` SQL is shown below it for reference.`,
    columns: ["date", "commit", "machine", "shape", "HTTP p50 ms", "HTTP p99 ms", "SQL p50 ms", "SQL p99 ms", "ratio", "goal"],
  };
  for (const r of results) {
    const [h50, s50] = [percentile(r.http, 50), percentile(r.sql, 50)];
    appendResultRow(section, [...label, `${r.shape.key}. ${r.shape.name}`, ms(h50), ms(percentile(r.http, 99)),
      ms(s50), ms(percentile(r.sql, 99)), (h50 / s50).toFixed(2), verdict(r).text]);
  }
  appendResultRow(section, [...label, "j′ page 5,000, plain OFFSET SQL (reference)", "", "",
    ms(percentile(plain, 50)), ms(percentile(plain, 99)), "", ""]);
}

const firstReadsOf = (first: FirstRead[], shape: Shape) =>
  first.filter((r) => r.shape === shape).map((r) => `${ms(r.ms)}${r.status >= 300 ? ` (${r.status})` : ""}`).join(", ");

function appendFirstReadRows(label: RunLabel, shapes: Shape[], first: FirstRead[], results: ShapeResult[], buildSeconds: number) {
  const section = {
    name: "bench:grid first reads",
    intro: `Written by \`npm run bench:grid\` before its measured requests: the first request of each value of each shape on
the freshly loaded 1,000,000-row table, before the column index it uses exists (the request queues its build and does
not wait for it; tables/lazy-indexes.ts). **build s** is how long the server's queued builds (\`create index
concurrently\`, one at a time) took after those requests, for all shapes together. **after-build p50** is bench:grid's
measured p50 of the shape, once the indexes exist.`,
    columns: ["date", "commit", "machine", "shape", "first read ms (per value)", "after-build p50 ms", "build s"],
  };
  for (const shape of shapes) {
    const measured = results.find((r) => r.shape === shape);
    appendResultRow(section, [...label, `${shape.key}. ${shape.name}`, firstReadsOf(first, shape),
      measured ? ms(percentile(measured.http, 50)) : "", buildSeconds.toFixed(0)]);
  }
}

async function main() {
  const label: RunLabel = [resultDate(), currentCommit(), `${cpus().length} cores`];
  const server = await startScratchServer(ADMIN_URL);
  const stop = () => void server.close().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  try {
    const project = await createBenchProject(server.baseUrl, GRID_FORM);
    const { rows: [form] } = await pool.query<{ table_name: string }>("select table_name from form where id = $1", [project.form_id]);
    const table = form!.table_name;
    console.log(`loading ${ROWS.toLocaleString("en")} rows into form_data."${table}" (no column index yet: the first reads queue them)…`);
    const load = await loadRows(server.databaseUrl, project.form_id, table);
    console.log(`load: insert ${load.insert.toFixed(0)} s, vacuum analyze ${load.vacuum.toFixed(0)} s${load.insert > 300 ? " (over 5 minutes)" : ""}`);

    const target: GridTarget = {
      baseUrl: server.baseUrl, token: project.token, table, url: `${server.baseUrl}/rest/v1/${table}`, sqlTable: formTable(table),
      columns: await visibleColumns(pool, table), pool,
    };
    const shapes = gridShapes(await sampleEmails(pool, table));
    const first = await measureFirstReads(target, shapes);
    const builds = await waitForBuilds(pool, table);
    console.log("\nfirst reads, before their column index exists (each queues its build):");
    for (const shape of shapes) console.log(`   ${`${shape.key}. ${shape.name}`.padEnd(40)} ${firstReadsOf(first, shape)} ms`);
    console.log(`the lazy index builds took ${builds.seconds.toFixed(0)} s after the first reads; the table has ${builds.indexes} indexes\n`);
    const { results, plain } = await measureShapes(target, shapes, WARMUP, REQUESTS);
    printResults(`bench:grid — ${ROWS.toLocaleString("en")} rows, ${REQUESTS} requests per shape after ${WARMUP} warm-ups, Prefer: count=estimated, limit 100`, results, plain);
    for (const r of results.filter((result) => !verdict(result).ok)) {
      const slowest = [...r.byValue].sort((a, b) => b.http - a.http)[0]!;
      console.log(`\n${r.shape.key}. ${r.shape.name} misses its goal; its slowest value is ${JSON.stringify(slowest.value)}. Baseline plans:`);
      console.log(await explainBaseline(target, r.shape, slowest.value));
    }

    const exported = await measureExport(`${server.baseUrl}/rest/v1/${table}`, project.token, server.pid);
    const mb = exported.bytes / 1e6;
    console.log(`\nexport: ${exported.rows.toLocaleString("en")} rows, ${mb.toFixed(0)} MB of CSV in ${exported.seconds.toFixed(1)} s: ` +
      `${(exported.rows / exported.seconds).toFixed(0)} rows/s, ${(mb / exported.seconds).toFixed(1)} MB/s; ` +
      `server RSS ${exported.rssBeforeMb.toFixed(0)} MB before, peak ${exported.rssPeakMb.toFixed(0)} MB`);
    console.log(`   server RSS at each tenth of the export: ${exported.rssTimelineMb.map((v) => v.toFixed(0)).join(", ")} MB`);
    if (exported.rows !== ROWS) console.warn(`warning: the export had ${exported.rows} rows, not ${ROWS}`);
    const copy = await measureCopy(server.databaseUrl, `select ${target.columns} from form_data."${table}" t order by local_index`);
    console.log(`reference: COPY … TO STDOUT (format csv) of the same rows through psql: ${copy.seconds.toFixed(1)} s, ${(copy.bytes / 1e6).toFixed(0)} MB`);

    appendGridRows(label, results, plain);
    appendFirstReadRows(label, shapes, first, results, builds.seconds);
    appendResultRow({
      name: "bench:export",
      intro: `Written by \`npm run bench:grid\` after its queries: \`GET /rest/v1/{table}\` with \`Accept: text/csv\` (no
\`Accept-Encoding\`, as curl sends it) of the whole 1,000,000-row table, read and discarded as fast as it comes. **RSS
before** is the server's VmRSS just before the request, **peak RSS** the highest of the samples taken every 100 ms
during it (the export streams from a cursor, so it should stay flat). **COPY s** is the reference: the same rows
in the same order as Postgres writes CSV itself (\`COPY (select …) TO STDOUT\`, read by psql). **load s** is how long
the benchmark's \`insert … select\` of the rows took with every index in place, plus \`VACUUM ANALYZE\`.`,
      columns: ["date", "commit", "machine", "rows", "seconds", "rows/s", "MB", "MB/s", "RSS before MB", "peak RSS MB", "COPY s", "load s"],
    }, [
      ...label, exported.rows, exported.seconds.toFixed(1),
      (exported.rows / exported.seconds).toFixed(0), mb.toFixed(0), (mb / exported.seconds).toFixed(1),
      exported.rssBeforeMb.toFixed(0), exported.rssPeakMb.toFixed(0), copy.seconds.toFixed(1), `${load.insert.toFixed(0)} + ${load.vacuum.toFixed(0)}`,
    ]);
  } finally {
    await pool.end();
    await server.close();
  }
}

await main();
