/**
 * `npm run bench:export`: the Data API's CSV export of a 1,000,000-row form table over HTTP
 * (on PostgreSQL, one `COPY … TO STDOUT (format csv)` of cells built in SQL:
 * query/copy-export.ts; `EXPORT_COPY=0` measures the batches instead) against plain
 * `COPY (select …) TO STDOUT (format csv)` of the same columns and rows in the same order
 * through psql, in the same run. Goal: within 2× of plain COPY.
 *
 * The scratch database, server, project and rows are bench:grid's (grid-server.ts,
 * grid-data.ts); BENCH_ROWS shrinks the table for a trial. A row goes to bench/RESULTS.md.
 */
import { cpus } from "node:os";
import pg from "pg";
import { GRID_FORM, loadRows, ROWS } from "./grid-data";
import { measureCopy, measureExport } from "./grid-export";
import { createBenchProject, startScratchServer } from "./grid-server";
import { appendResultRow, currentCommit, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const GOAL = 2;

async function main() {
  const server = await startScratchServer(ADMIN_URL);
  const stop = () => void server.close().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  try {
    const project = await createBenchProject(server.baseUrl, GRID_FORM);
    const { rows: [form] } = await pool.query<{ table_name: string }>("select table_name from form where id = $1", [project.form_id]);
    const table = form!.table_name;
    console.log(`loading ${ROWS.toLocaleString("en")} rows into form_data."${table}"…`);
    const load = await loadRows(server.databaseUrl, project.form_id, table);
    const { rows: cols } = await pool.query<{ name: string }>(`select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attname <> '__fw_search' order by attnum`, [`form_data."${table}"`]);
    const columns = cols.map((c) => `"${c.name}"`).join(", ");
    const select = cols.map((c) => c.name);
    const url = `${server.baseUrl}/rest/v1/${table}?select=${select.join(",")}&order=local_index.asc`;
    const ours = await measureExport(url, project.token, server.pid);
    const copy = await measureCopy(server.databaseUrl, `select ${select.map((n) => `"${n}"`).join(", ")} from form_data."${table}" t order by local_index`);
    const ratio = ours.seconds / copy.seconds;
    console.log(`export over HTTP: ${ours.rows.toLocaleString("en")} rows, ${(ours.bytes / 1e6).toFixed(0)} MB in ${ours.seconds.toFixed(1)} s; peak RSS ${ours.rssPeakMb.toFixed(0)} MB`);
    console.log(`baseline, same run: COPY … TO STDOUT (format csv) through psql: ${copy.seconds.toFixed(1)} s, ${(copy.bytes / 1e6).toFixed(0)} MB`);
    console.log(`ratio ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×): ${ratio <= GOAL ? "ok" : "MISS"}; table columns ${columns}`);
    if (ours.rows !== ROWS) console.warn(`warning: the export had ${ours.rows} rows, not ${ROWS}`);
    appendResultRow({
      name: "bench:copy-export",
      intro: `\`npm run bench:export\`: \`GET /rest/v1/{table}?select=…\` with \`Accept: text/csv\` of bench:grid's form table (every
column; until 2026-11-25 22:00 every column but \`meta\`), read and discarded as fast as it comes, on PostgreSQL, where
the export is one \`COPY … TO STDOUT\` (query/copy-export.ts; path "batches": \`EXPORT_COPY=0\`). **COPY s** is the same run's baseline: the same
rows and columns in the same order as plain \`COPY (select …) TO STDOUT (format csv)\` read by psql. Goal: ratio ≤ 2.`,
      columns: ["date", "commit", "machine", "path", "rows", "export s", "MB", "peak RSS MB", "COPY s", "ratio", "verdict"],
    }, [
      resultDate(), currentCommit(), `${cpus().length} cores`, process.env.EXPORT_COPY === "0" ? "batches" : "COPY", ours.rows, ours.seconds.toFixed(1), (ours.bytes / 1e6).toFixed(0),
      ours.rssPeakMb.toFixed(0), copy.seconds.toFixed(1), ratio.toFixed(2), ratio <= GOAL ? "ok" : `MISS: > ${GOAL}×`,
    ]);
    console.log(`load: ${load.insert.toFixed(0)} s + ${load.vacuum.toFixed(0)} s`);
  } finally {
    await pool.end();
    await server.close();
  }
}

await main();
