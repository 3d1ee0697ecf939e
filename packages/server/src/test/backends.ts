/**
 * The databases integration tests loop over: PGlite in memory and a fresh database on the
 * PostgreSQL server at TEST_DATABASE_URL. Without PostgreSQL the suite says so and skips
 * those tests, except under CI=true where a missing server fails the run.
 *
 * Each `open()` is a copy of a migrated template when the integration project's global
 * setup made one (global-setup.ts, database-templates.ts), and otherwise a fresh database
 * migrated here (a file run under another config); `migrate` runs either way and finds
 * nothing left to do on a copy. A PGlite copy is the template's dump opened once per worker
 * process and, after each file's `close()`, reset to the template and handed to the next
 * (pglite-reuse.ts).
 */
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openReusedPGlite } from "./pglite-reuse";
import { adminQuery, databaseUrl, postgresReachable, tablespaceClause, uniqueDatabaseName, type DatabaseTemplates } from "./database-templates";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const reachable = await postgresReachable(TEST_DATABASE_URL);
if (!reachable) {
  if (process.env.CI === "true") throw new Error(`PostgreSQL is required under CI=true but ${TEST_DATABASE_URL} is not reachable.`);
  console.warn(`[fieldwork] PostgreSQL at ${TEST_DATABASE_URL} is not reachable: skipping the PostgreSQL half of the integration tests.`);
}

export interface Backend {
  name: "pglite" | "postgres";
  available: boolean;
  open(): Promise<Database>;
}

function templates(): DatabaseTemplates {
  return inject("databaseTemplates") ?? { pgliteDump: "", postgresTemplate: "" };
}

/** A new database on the PostgreSQL server: empty, or a copy of `template`. */
async function createDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueDatabaseName("fieldwork_test");
  await adminQuery(TEST_DATABASE_URL, `create database "${name}"${template ? ` template "${template}"` : tablespaceClause()}`);
  return {
    url: databaseUrl(TEST_DATABASE_URL, name),
    drop: () => adminQuery(TEST_DATABASE_URL, `drop database if exists "${name}" with (force)`),
  };
}

/** A new, empty database on the PostgreSQL server, for tests that need its URL (a child process). */
export function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase();
}

/**
 * An empty, unmigrated database on `backend` (tests of migrations themselves): a scratch
 * PostgreSQL database, or PGlite in memory. Closing it drops the PostgreSQL one.
 */
export async function openEmptyDatabase(backend: Pick<Backend, "name">): Promise<Database> {
  if (backend.name === "pglite") return openDatabase({});
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

async function openFreshPostgres(): Promise<Database> {
  const scratch = await createDatabase(templates().postgresTemplate || undefined);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  await migrate(database.db);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The template's dump, read once per test file (a Blob PGlite copies from, never changes). */
let pgliteDump: Blob | undefined;

async function openTemplatePGlite(): Promise<Database> {
  const file = templates().pgliteDump;
  if (file && !pgliteDump) pgliteDump = new Blob([readFileSync(file)]);
  const database = pgliteDump ? await openReusedPGlite(pgliteDump) : await openDatabase({});
  await migrate(database.db);
  return database;
}

export const BACKENDS: Backend[] = [
  { name: "pglite", available: true, open: openTemplatePGlite },
  { name: "postgres", available: reachable, open: openFreshPostgres },
];

/** Builds a multipart/form-data body from name → value(s). */
export function multipart(entries: Record<string, string | string[]>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`);
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join("")), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
