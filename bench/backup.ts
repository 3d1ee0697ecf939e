/**
 * `npm run bench:backup`: `fieldwork db backup` and `db restore` of the demo form with
 * BENCH_ROWS answers (default 100,000), on PostgreSQL and PGlite, each beside its same-run
 * baseline: the bare tool the command wraps (`pg_dump --format=custom` into a file,
 * `pg_restore --single-transaction` into an empty database; PGlite's `dumpDataDir` and
 * `loadDataDir`). The difference is what the command adds: the checksum, the atomic write,
 * the checks before a restore, the migration after it.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server
 * where scratch databases are made and dropped.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { backupDatabase, restoreDatabase } from "../packages/server/src/backup/backup-database";
import { mb } from "../packages/server/src/backup/backup-file";
import { dumpPGliteDataDir, loadPGliteDataDir } from "../packages/server/src/db/backup";
import { openDatabase, type Database } from "../packages/server/src/db/database";
import { migrate, MIGRATION_TABLE } from "../packages/server/src/db/migrate";
import type { DB } from "../packages/server/src/db/schema";
import { importForm } from "../packages/server/src/forms/definition-import";
import { defaultProject, demoFormDefinition } from "../packages/server/src/seed/seed";
import { appendResultRow, currentCommit, resultDate } from "./results";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), "fieldwork-bench-backup-"));
const quiet = () => {};

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function scratch(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fieldwork_bench_backup_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** The demo form with ROWS answers, inserted in SQL. */
async function fill(db: Kysely<DB>): Promise<void> {
  await migrate(db);
  const { id } = await importForm(db, await defaultProject(db), demoFormDefinition());
  const { table_name } = await db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow();
  await sql`insert into ${sql.table(`form_data.${table_name}`)} (local_index, full_name, email, team_size, role, plan, comments, accept_terms)
    select i, 'Visitor ' || i, 'v' || i || '@example.com', i % 500, 'engineer', 'team', 'Answer number ' || i || ', with some text', true
    from generate_series(1, ${ROWS}) as i`.execute(db);
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

interface Row { backend: string; backup: number; backupBase: number; restore: number; restoreBase: number; bytes: number }

async function postgres(): Promise<Row> {
  const source = await scratch();
  const targets = [await scratch(), await scratch()];
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: source.url, poolSize: 4 });
    await fill(database.db);
    const file = join(dir, "pg.backup");
    const backup = await timed(() => backupDatabase(database!.db, source.url, file, { force: false, progress: quiet }));
    const backupBase = await timed(async () => execFileSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${join(dir, "pg.dump")}`, `--dbname=${source.url}`]));
    const target = await openDatabase({ databaseUrl: targets[0]!.url, poolSize: 2 });
    const restore = await timed(async () => {
      await restoreDatabase({ backend: "postgres", db: target.db, databaseUrl: targets[0]!.url }, file, { force: false, progress: quiet });
      await migrate(target.db);
    });
    await target.close();
    const restoreBase = await timed(async () => execFileSync("pg_restore", ["--single-transaction", "--no-owner", "--no-privileges", `--dbname=${targets[1]!.url}`, join(dir, "pg.dump")]));
    return { backend: "PostgreSQL", backup, backupBase, restore, restoreBase, bytes: statSync(file).size };
  } finally {
    await database?.close();
    for (const db of [source, ...targets]) await db.drop();
  }
}

async function pglite(): Promise<Row> {
  const database = await openDatabase({ dataDir: join(dir, "pglite-source") });
  const file = join(dir, "pglite.backup");
  let backup: number;
  let backupBase: number;
  try {
    await fill(database.db);
    backup = await timed(() => backupDatabase(database.db, undefined, file, { force: false, progress: quiet }));
    backupBase = await timed(async () => writeFileSync(join(dir, "pglite.tgz"), Buffer.from(await (await dumpPGliteDataDir(database.db)!).arrayBuffer())));
  } finally {
    await database.close();
  }
  const restore = await timed(async () => {
    await restoreDatabase({ backend: "pglite", dataDir: join(dir, "pglite-target") }, file, { force: false, progress: quiet });
    const restored = await openDatabase({ dataDir: join(dir, "pglite-target") });
    await migrate(restored.db);
    await restored.close();
  });
  const { readFile } = await import("node:fs/promises");
  const restoreBase = await timed(async () => loadPGliteDataDir(join(dir, "pglite-base"), new Blob([await readFile(join(dir, "pglite.tgz"))]), MIGRATION_TABLE));
  return { backend: "PGlite", backup, backupBase, restore, restoreBase, bytes: statSync(file).size };
}

const SECTION = {
  name: "bench:backup",
  intro: `\`npm run bench:backup\`: \`fieldwork db backup\` and \`db restore\` (in process, as the CLI runs them) of the
demo form with BENCH_ROWS answers, beside the bare tool each wraps in the same run: \`pg_dump --format=custom\` and
\`pg_restore --single-transaction\` on PostgreSQL, PGlite's \`dumpDataDir\` and \`loadDataDir\`. The restore figure
includes reading the whole file twice (size, checksum) and the migration check after it.`,
  columns: ["date", "commit", "machine", "backend", "rows", "file", "backup s", "bare dump s", "restore s", "bare restore s"],
};

try {
  for (const run of [postgres, pglite]) {
    const row = await run();
    const cells = [resultDate(), currentCommit(), `${cpus().length} cores`, row.backend, ROWS, mb(row.bytes),
      row.backup.toFixed(2), row.backupBase.toFixed(2), row.restore.toFixed(2), row.restoreBase.toFixed(2)];
    console.log(`${row.backend}: ${ROWS} rows, file ${mb(row.bytes)}; backup ${row.backup.toFixed(2)} s (bare ${row.backupBase.toFixed(2)} s), restore ${row.restore.toFixed(2)} s (bare ${row.restoreBase.toFixed(2)} s)`);
    appendResultRow(SECTION, cells);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
