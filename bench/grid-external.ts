/**
 * `npm run bench:grid-external`: bench:grid's reads on a 1,000,000-row table of a connected
 * PostgreSQL database (issue 24), through the app's Data API for connected tables, against the
 * best hand-written SQL for the same answers in the same run.
 *
 * 1. A scratch app database and the real server on it, an owner, project and viewer API key
 *    (grid-server.ts), and a second scratch database standing in for the owner's own, with
 *    `public.people` loaded and indexed (grid-external-data.ts).
 * 2. The database connected through the app's API (`POST /private/editor/x-supabase/projects`
 *    with its `postgres://` URL: tried, introspected, sealed).
 * 3. The ten shapes of bench:grid (`Prefer: count=estimated`, 100 rows a page) on
 *    `GET /private/editor/x-supabase/projects/{id}/rest/v1/people` with the viewer key, each
 *    request followed by its baseline SQL on a `pg` pool to the same database (grid-measure.ts).
 *    Same goals as form tables: p50 ≤ 20 ms and p99 ≤ 60 ms, page 5,000 within 1.2× its SQL.
 * 4. The round trip to the connected database, apart: `select 1` through the same pool, timed
 *    as many times as a shape (here the database is on loopback; a remote one adds its round
 *    trip to each statement a read sends in turn).
 *
 * Rows are appended to bench/RESULTS.md (`bench:grid-external`). BENCH_DATABASE_URL names the
 * PostgreSQL server of both scratch databases; BENCH_REQUESTS (200) and BENCH_ROWS (1,000,000)
 * as for bench:grid.
 */
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { ROWS } from "./grid-data";
import { createScratchDatabase, loadPeople, peopleColumns, sampleEmails } from "./grid-external-data";
import { explainBaseline, measureShapes, percentile, type GridTarget, type ShapeResult } from "./grid-measure";
import { ms, printResults, verdict } from "./grid-report";
import { createBenchProject, editorCall, startScratchServer } from "./grid-server";
import { gridShapes, type ShapeTable } from "./grid-shapes";
import { appendResultRow, currentCommit, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 10;
const TABLE: ShapeTable = { from: "people", order: "id", search: { column: "search", config: "simple" } };
const SMALL_FORM = { title: "External bench", fields: [{ name: "note", type: "text", label: "Note" }], blocks: [] };

const load = () => loadavg()[0]!.toFixed(1);

/** `select 1` through the pool, `count` times after a few warm-ups. */
async function roundTrips(pool: pg.Pool, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + count; i++) {
    const started = performance.now();
    await pool.query("select 1");
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  return times;
}

function appendRows(label: string[], results: ShapeResult[], plain: number[], trip: number[]) {
  const section = {
    name: "bench:grid-external",
    intro: `\`npm run bench:grid-external\`: bench:grid's ten shapes on a table of a **connected** PostgreSQL database
(issue 24): \`GET /private/editor/x-supabase/projects/{id}/rest/v1/people\` (viewer API key, \`Prefer:
count=estimated\`, \`limit=100\`), ${REQUESTS} sequential requests per shape after ${WARMUP} warm-ups. \`people\` is a scratch
database on the same PostgreSQL server, connected through the app's API with its \`postgres://\` URL: bench:grid's rows and
columns as an owner would type them (\`bigint\` primary key \`id\` in insertion order, an enum, \`text[]\`, a stored
\`tsvector\` of name and bio searched with \`wfts(simple)\`), 1,000,000 rows, with the indexes the form table has once its
lazy indexes are built (btree (column, id), trigram on name, GIN on tags and on the vector), after \`VACUUM ANALYZE\`;
Fieldwork builds no index on a connected database. **HTTP** and **SQL** as in bench:grid (the baseline runs on a \`pg\`
pool to the same database); the default order is the primary key. **round trip** rows: \`select 1\` through that pool,
reported apart: the connected database is on loopback here, and a remote one adds its round trip to each statement a read
sends in turn (a filtered page sends up to four in turn: the planner's estimate, the bounded count when that is small, then
the page beside the grid count). The machine column carries the load average before and after the run.`,
    columns: ["date", "commit", "machine", "shape", "HTTP p50 ms", "HTTP p99 ms", "SQL p50 ms", "SQL p99 ms", "ratio", "goal"],
  };
  for (const r of results) {
    const [h50, s50] = [percentile(r.http, 50), percentile(r.sql, 50)];
    appendResultRow(section, [...label, `${r.shape.key}. ${r.shape.name}`, ms(h50), ms(percentile(r.http, 99)),
      ms(s50), ms(percentile(r.sql, 99)), (h50 / s50).toFixed(2), `${verdict(r).text}${r.mismatches.length ? ` (${r.mismatches.length} answers differ)` : ""}`]);
  }
  appendResultRow(section, [...label, "j′ page 5,000, plain OFFSET SQL (reference)", "", "",
    ms(percentile(plain, 50)), ms(percentile(plain, 99)), "", ""]);
  appendResultRow(section, [...label, "round trip: select 1 through the pool (apart)", "", "",
    ms(percentile(trip, 50)), ms(percentile(trip, 99)), "", ""]);
}

async function main() {
  const [date, commit, loadBefore] = [resultDate(), currentCommit(), load()];
  const server = await startScratchServer(ADMIN_URL);
  const external = await createScratchDatabase(ADMIN_URL, "fieldwork_bench_external");
  const stop = () => void Promise.allSettled([server.close(), external.drop()]).finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const pool = new pg.Pool({ connectionString: external.url, max: 2 });
  try {
    console.log(`loading ${ROWS.toLocaleString("en")} rows into ${external.name}.public.people (load average ${load()})…`);
    const loaded = await loadPeople(external.url);
    console.log(`load: insert ${loaded.insert.toFixed(0)} s, indexes ${loaded.indexes.toFixed(0)} s, vacuum analyze ${loaded.vacuum.toFixed(0)} s`);

    const project = await createBenchProject(server.baseUrl, SMALL_FORM);
    const started = performance.now();
    const connection = await editorCall<{ id: string; tables: { name: string; read_only: boolean }[] }>(
      { baseUrl: server.baseUrl, cookie: project.cookie, csrf: project.csrf }, "POST", "/x-supabase/projects",
      { kind: "postgres", project_id: project.project_id, url: external.url });
    console.log(`connected in ${(performance.now() - started).toFixed(0)} ms: ${connection.tables.map((t) => `${t.name}${t.read_only ? " (read only)" : ""}`).join(", ")}`);

    const target: GridTarget = {
      baseUrl: server.baseUrl, token: project.token, table: "people", sqlTable: TABLE,
      url: `${server.baseUrl}/private/editor/x-supabase/projects/${connection.id}/rest/v1/people`,
      columns: await peopleColumns(pool), pool,
    };
    const shapes = gridShapes(await sampleEmails(pool), TABLE);
    console.log(`measuring (load average ${load()})…`);
    const { results, plain } = await measureShapes(target, shapes, WARMUP, REQUESTS);
    const trip = await roundTrips(pool, REQUESTS);
    const loadAfter = load();
    printResults(`bench:grid-external — ${ROWS.toLocaleString("en")} rows of a connected database, ${REQUESTS} requests per shape after ${WARMUP} warm-ups, Prefer: count=estimated, limit 100`, results, plain);
    console.log(`round trip, select 1 through the pool: p50 ${ms(percentile(trip, 50))} ms, p99 ${ms(percentile(trip, 99))} ms`);
    console.log(`load average ${loadBefore} before, ${loadAfter} after (${cpus().length} cores)`);
    for (const r of results.filter((result) => !verdict(result).ok)) {
      const slowest = [...r.byValue].sort((a, b) => b.http - a.http)[0]!;
      console.log(`\n${r.shape.key}. ${r.shape.name} misses its goal; its slowest value is ${JSON.stringify(slowest.value)}. Baseline plans:`);
      console.log(await explainBaseline(target, r.shape, slowest.value));
    }
    appendRows([date, commit, `${cpus().length} cores, load ${loadBefore}→${loadAfter}`], results, plain, trip);
  } finally {
    await pool.end();
    await server.close();
    await external.drop();
  }
}

await main();
