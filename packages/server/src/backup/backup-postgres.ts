/**
 * PostgreSQL backups with its own tools. Backup: `pg_dump --format=custom` of the whole
 * database (Fieldwork's tables, every form's table in `form_data`, pg-boss's queue).
 * Restore: `pg_restore` turns the archive into SQL that `psql` runs inside one transaction,
 * after dropping what the target holds when forced; the COMMIT is sent only once pg_restore
 * has read the whole archive, so a failure anywhere leaves the target as it was.
 */
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { FieldworkError } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { Progress } from "./backup-file";
import { findPgTool, type FindOptions } from "./pg-tools";

/** The server's major version and its full version string. */
export async function serverVersion(db: Kysely<DB>): Promise<{ major: number; version: string }> {
  const { rows } = await sql<{ num: string; version: string }>`select current_setting('server_version_num') as num, current_setting('server_version') as version`.execute(db);
  return { major: Math.floor(Number(rows[0]!.num) / 10000), version: rows[0]!.version };
}

/** The schemas that hold anything of the database's own (not PostgreSQL's catalogs). */
export async function userSchemas(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ nspname: string }>`
    select nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\_toast%' and nspname not like 'pg\_temp%'
    order by nspname`.execute(db);
  return rows.map((row) => row.nspname);
}

/** True when the database has a table, view or sequence outside PostgreSQL's catalogs. */
export async function hasRelations(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_toast%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    ) as found`.execute(db);
  return rows[0]!.found;
}

/**
 * The tools' connection: the URL without its password, which goes in PGPASSWORD instead
 * (a command line is visible to every user of the machine in `ps`).
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

interface Finished { code: number | null; stderr: string }

function finished(child: ReturnType<typeof spawn>): Promise<Finished> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-8000)));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

const failed = (tool: string, result: Finished) => new FieldworkError("PG_TOOL_FAILED", `${tool} failed (exit ${result.code}): ${result.stderr.trim().split("\n").slice(-5).join(" | ")}`);

/** `pg_dump --format=custom` of the database at `url` into `path`, naming each table as it goes. */
export async function dumpPostgres(db: Kysely<DB>, url: string, path: string, progress: Progress, find: FindOptions = {}): Promise<void> {
  const { major } = await serverVersion(db);
  const tool = findPgTool("pg_dump", major, find);
  progress(`pg_dump ${tool.major} (${tool.path})`);
  const connection = connectionFor(url);
  const child = spawn(tool.path, ["--format=custom", "--verbose", "--no-owner", "--no-privileges", `--file=${path}`, `--dbname=${connection.dbname}`], {
    stdio: ["ignore", "ignore", "pipe"], env: connection.env,
  });
  child.stderr.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      const table = /dumping contents of table "([^"]+)"/.exec(line);
      if (table) progress(`dumping ${table[1]}`);
    }
  });
  const result = await finished(child);
  if (result.code !== 0) throw failed("pg_dump", result);
}

/**
 * Restores a custom-format archive (as a stream) into the database at `url`, in one
 * transaction; `replace` first drops every schema the target has (and recreates `public`).
 */
export async function restorePostgres(
  db: Kysely<DB>, url: string, archive: Readable, options: { replace: boolean; progress: Progress; find?: FindOptions },
): Promise<void> {
  const { major } = await serverVersion(db);
  const pgRestore = findPgTool("pg_restore", major, options.find);
  const psqlTool = findPgTool("psql", major, options.find);
  const drops = options.replace ? (await userSchemas(db)).map((schema) => `drop schema if exists "${schema.replaceAll('"', '""')}" cascade;\n`) : [];

  const connection = connectionFor(url);
  const psql = spawn(psqlTool.path, ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--file=-", `--dbname=${connection.dbname}`], {
    stdio: ["pipe", "ignore", "pipe"], env: connection.env,
  });
  const psqlDone = finished(psql);
  psql.stdin.on("error", () => {}); // psql stopped on an error: its exit status says so
  psql.stdin.write(`begin;\n${drops.join("")}${options.replace ? "create schema if not exists public;\n" : ""}`);

  const restore = spawn(pgRestore.path, ["--no-owner", "--no-privileges", "--file=-"], { stdio: ["pipe", "pipe", "pipe"] });
  const restoreDone = finished(restore);
  restore.stdin.on("error", () => {});
  archive.on("error", () => restore.kill());
  archive.pipe(restore.stdin);
  restore.stdout.pipe(psql.stdin, { end: false });

  const restored = await restoreDone;
  if (restored.code === 0) {
    psql.stdin.end("commit;\n");
  } else {
    psql.kill("SIGTERM"); // no COMMIT was sent: the server rolls the transaction back
  }
  const ran = await psqlDone;
  if (restored.code !== 0) {
    throw new FieldworkError("BACKUP_FILE_INVALID", `pg_restore could not read the archive (exit ${restored.code}): ${restored.stderr.trim().split("\n").slice(-3).join(" | ")}. Nothing was restored.`);
  }
  if (ran.code !== 0) throw failed("psql", ran);
}
