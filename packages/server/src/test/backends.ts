/**
 * The databases integration tests loop over: PGlite in memory and a fresh database on the
 * PostgreSQL server at TEST_DATABASE_URL. Without PostgreSQL the suite says so and skips
 * those tests, except under CI=true where a missing server fails the run.
 */
import pg from "pg";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = await postgresReachable();
if (!reachable) {
  if (process.env.CI === "true") throw new Error(`PostgreSQL is required under CI=true but ${TEST_DATABASE_URL} is not reachable.`);
  console.warn(`[fieldwork] PostgreSQL at ${TEST_DATABASE_URL} is not reachable: skipping the PostgreSQL half of the integration tests.`);
}

export interface Backend {
  name: "pglite" | "postgres";
  available: boolean;
  open(): Promise<Database>;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the PostgreSQL server, for tests that need its URL (a child process). */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fieldwork_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
}

async function openFreshPostgres(): Promise<Database> {
  const scratch = await createScratchDatabase();
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

export const BACKENDS: Backend[] = [
  {
    name: "pglite",
    available: true,
    async open() {
      const database = await openDatabase({});
      await migrate(database.db);
      return database;
    },
  },
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
