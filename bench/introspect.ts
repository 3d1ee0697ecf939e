/**
 * `npm run bench:introspect`: how long the app takes to read a connected database's schema of
 * 200 tables (issue 24: under a second).
 *
 * 1. A scratch app database and the real server on it, an owner and a project (grid-server.ts),
 *    and a scratch database standing in for the owner's with the custom schema `bench`
 *    (introspect-schema.ts: 200 tables, ~3,300 columns, ~400 foreign keys, 12 enums).
 * 2. The database connected through the app's API (it reads `public`, empty here), then
 *    `POST …/{id}/custom-schema {schema_name: "bench"}` (the first read of the 200 tables),
 *    then REFRESHES × `PATCH …/{id}` (reads the schema again): each timed over HTTP.
 * 3. The introspection statement alone (external/introspect.ts) on a pool to the same
 *    database, as many times: what the refresh spends in the catalog.
 *
 * Rows are appended to bench/RESULTS.md (`bench:introspect`). BENCH_DATABASE_URL names the
 * PostgreSQL server of both scratch databases.
 */
import { cpus, loadavg } from "node:os";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../packages/server/src/db/schema";
import { introspect } from "../packages/server/src/external/introspect";
import { createScratchDatabase } from "./grid-external-data";
import { ms } from "./grid-report";
import { createBenchProject, editorCall, startScratchServer } from "./grid-server";
import { benchSchema, ENUMS, SCHEMA, TABLES } from "./introspect-schema";
import { appendResultRow, currentCommit, percentile, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 20);
const GOAL_MS = 1000;
const SMALL_FORM = { title: "Introspection bench", fields: [{ name: "note", type: "text", label: "Note" }], blocks: [] };
const load = () => loadavg()[0]!.toFixed(1);

interface Connection { id: string; tables: { schema: string; name: string; columns: unknown[] }[] }

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * A one-row read of `public.one` through the connection, REFRESHES times: each request reads
 * the connection's row with its stored schema, so this is timed with the schema of `public`
 * alone (one table) and again with the 200 tables.
 */
async function oneRowReads(baseUrl: string, cookie: string, id: string): Promise<number[]> {
  const reads: number[] = [];
  for (let i = 0; i < REFRESHES; i++) {
    reads.push((await timed(async () => {
      const answer = await fetch(`${baseUrl}/private/editor/x-supabase/projects/${id}/rest/v1/one?limit=1`, { headers: { cookie, accept: "application/json" } });
      if (!answer.ok) throw new Error(`read of public.one: ${answer.status} ${await answer.text()}`);
      await answer.text();
    })).ms);
  }
  return reads;
}

async function main() {
  const [date, commit, loadBefore] = [resultDate(), currentCommit(), load()];
  const server = await startScratchServer(ADMIN_URL);
  const external = await createScratchDatabase(ADMIN_URL, "fieldwork_bench_introspect");
  const stop = () => void Promise.allSettled([server.close(), external.drop()]).finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const pool = new pg.Pool({ connectionString: external.url, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const schema = benchSchema();
    await pool.query(`${schema.ddl}\ncreate table public.one (id integer primary key); insert into public.one values (1);`);
    await pool.query("analyze");
    console.log(`${external.name}: schema ${SCHEMA} with ${TABLES} tables, ${schema.columns} columns, ${schema.foreignKeys} foreign keys, ${ENUMS} enums`);

    const project = await createBenchProject(server.baseUrl, SMALL_FORM);
    const owner = { baseUrl: server.baseUrl, cookie: project.cookie, csrf: project.csrf };
    const connect = await timed(() => editorCall<Connection>(owner, "POST", "/x-supabase/projects",
      { kind: "postgres", project_id: project.project_id, url: external.url }));
    const id = connect.value.id;
    const readsBefore = await oneRowReads(server.baseUrl, project.cookie, id);
    const first = await timed(() => editorCall<Connection>(owner, "POST", `/x-supabase/projects/${id}/custom-schema`, { schema_name: SCHEMA }));
    const seen = first.value.tables.filter((t) => t.schema === SCHEMA);
    const seenColumns = seen.reduce((n, t) => n + t.columns.length, 0);
    if (seen.length !== TABLES || seenColumns !== schema.columns) {
      console.warn(`warning: the connection shows ${seen.length} tables and ${seenColumns} columns of ${SCHEMA}, not ${TABLES} and ${schema.columns}`);
    }
    console.log(`connect (public, empty) ${ms(connect.ms)} ms; custom-schema ${SCHEMA} (first read of ${seen.length} tables) ${ms(first.ms)} ms`);

    const http: number[] = [];
    for (let i = 0; i < REFRESHES; i++) http.push((await timed(() => editorCall<Connection>(owner, "PATCH", `/x-supabase/projects/${id}`, {}))).ms);
    const get = await timed(() => editorCall<Connection>(owner, "GET", `/x-supabase/projects/${id}`));
    const readsAfter = await oneRowReads(server.baseUrl, project.cookie, id);
    const snapshotKb = Buffer.byteLength(JSON.stringify(get.value.tables)) / 1024;
    const statement: number[] = [];
    for (let i = 0; i < REFRESHES; i++) statement.push((await timed(() => introspect(db, ["public", SCHEMA]))).ms);
    const loadAfter = load();

    const p = (values: number[], q: number) => ms(percentile(values, q));
    const ok = percentile(http, 50) < GOAL_MS && Math.max(...http) < GOAL_MS && first.ms < GOAL_MS;
    console.log(`refresh (PATCH) × ${REFRESHES}: p50 ${p(http, 50)} ms, max ${ms(Math.max(...http))} ms`);
    console.log(`introspection statement alone × ${REFRESHES}: p50 ${p(statement, 50)} ms, max ${ms(Math.max(...statement))} ms`);
    console.log(`GET the connection with its ${get.value.tables.length} tables (${snapshotKb.toFixed(0)} kB of JSON): ${ms(get.ms)} ms`);
    console.log(`a one-row read of public.one through the connection × ${REFRESHES}: p50 ${p(readsBefore, 50)} ms with 1 table in its schema, ${p(readsAfter, 50)} ms with ${get.value.tables.length}`);
    console.log(`load average ${loadBefore} before, ${loadAfter} after (${cpus().length} cores); goal: under ${GOAL_MS} ms — ${ok ? "ok" : "MISS"}`);

    appendResultRow({
      name: "bench:introspect",
      intro: `\`npm run bench:introspect\`: reading a connected database's schema of ${TABLES} tables (issue 24: under a
second). The scratch database's custom schema \`${SCHEMA}\` holds ${TABLES} tables with 4 to 23 columns of every type a user
expects (${schema.columns} columns), ${schema.foreignKeys} foreign keys, ${ENUMS} enum types, defaults, unique and not-null
columns, \`bigint\` identity and \`uuid\` keys, every 25th table without a key (bench/introspect-schema.ts). **first ms**
is \`POST /private/editor/x-supabase/projects/{id}/custom-schema\` adding \`${SCHEMA}\` (the first read of its tables, over
HTTP, as the owner); **refresh** is \`PATCH …/{id}\` (the schema read again and stored), ${REFRESHES} times one after
another; **statement** is the introspection statement alone (external/introspect.ts) on a \`pg\` pool to the same
database, as many times; **GET ms** reads the connection with its tables back (**kB**: their JSON); **read p50 ms** is a
one-row \`GET …/rest/v1/one?limit=1\` of a one-row table in \`public\` through the connection, ${REFRESHES} times, before
\`${SCHEMA}\` was added (1 table in the stored schema) → after (${TABLES + 1}): each request reads the connection's row with its
stored schema. The machine column carries the load average before and after the run.`,
      columns: ["date", "commit", "machine", "tables", "columns", "first ms", "refresh p50 ms", "refresh max ms", "statement p50 ms", "statement max ms", "GET ms", "kB", "read p50 ms (1 → 201 tables)", "goal"],
    }, [
      date, commit, `${cpus().length} cores, load ${loadBefore}→${loadAfter}`, seen.length, seenColumns, ms(first.ms),
      p(http, 50), ms(Math.max(...http)), p(statement, 50), ms(Math.max(...statement)), ms(get.ms), snapshotKb.toFixed(0), `${p(readsBefore, 50)} → ${p(readsAfter, 50)}`, ok ? "ok" : `MISS: over ${GOAL_MS} ms`,
    ]);
  } finally {
    await db.destroy();
    await server.close();
    await external.drop();
  }
}

await main();
