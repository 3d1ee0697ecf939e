/**
 * Migrated template databases, made once per test run (the integration project's global
 * setup) so that each test file's database is a copy rather than a fresh initdb plus every
 * migration. Measured on this 2-core machine: a PGlite copy loads from the template's dump
 * (`dumpDataDir` → `loadDataDir`) in ~0.6 s instead of ~2.4 s for `PGlite.create` and the
 * migrations; a PostgreSQL copy is `create database … template …` (~50 ms instead of ~250 ms).
 * The end-to-end servers start on a copy of a migrated PGlite DATA_DIR (~3 s instead of ~12 s
 * for an initdb on disk under load).
 * This module runs in Vitest's main process too, so it imports nothing from `vitest`.
 */
import { writeFileSync } from "node:fs";
import pg from "pg";
import { dumpPGliteDataDir } from "../db/backup";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";

/** What the global setup hands the test workers (Vitest's `provide` / `inject`). */
export interface DatabaseTemplates {
  /** File holding an uncompressed dump of a migrated PGlite data directory; "" when none. */
  pgliteDump: string;
  /** Name of a migrated database on the test PostgreSQL server; "" when none. */
  postgresTemplate: string;
}

/** What the e2e project's global setup hands its workers. */
export interface DataDirTemplate {
  /** A DATA_DIR holding only a migrated `pglite` directory (no secret key, no seed); "" when none. */
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
    e2eDataDirTemplate: DataDirTemplate;
    /** Where the e2e workers' shared servers record their pid and DATA_DIR (e2e/harness.ts). */
    e2eServerRecords: { dir: string };
  }
}

/** Migrates a fresh in-memory PGlite and writes its data directory's dump to `file`. */
export async function writePGliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await migrate(database.db);
    const dump = await dumpPGliteDataDir(database.db, "none");
    if (!dump) throw new Error("the template database is not PGlite");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Migrates a PGlite data directory in `dataDir` (as a first `npm start` would, before its seed) and closes it. */
export async function writeDataDirTemplate(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
}

/** Whether a PostgreSQL server answers at `url` (within 2 s). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs one statement on the server's maintenance connection (`adminUrl`'s database). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * ` tablespace "…"` when TEST_DATABASE_TABLESPACE names one, for the databases the tests
 * create on PostgreSQL (the template, and empty scratch databases; copies of the template
 * inherit its tablespace). `.ci/run` makes one in memory (/dev/shm): a run creates and drops
 * a few hundred databases and thousands of form tables, whose files on ext4 cost PostgreSQL
 * more CPU in inode allocation (ext4 skips inodes deleted moments before) than the tests'
 * own queries (bench/RESULTS.md, "CI time, sixth pass").
 */
export function tablespaceClause(env: NodeJS.ProcessEnv = process.env): string {
  const name = env.TEST_DATABASE_TABLESPACE;
  if (!name) return "";
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`TEST_DATABASE_TABLESPACE must be a plain lowercase name, not ${JSON.stringify(name)}.`);
  return ` tablespace "${name}"`;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A unique database name with this prefix (letters, digits and underscores only). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Creates and migrates a template database on the server of `adminUrl`. Nothing stays
 * connected to it, so copies can be made from it at the same time (PostgreSQL refuses a
 * template someone is connected to).
 */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = uniqueDatabaseName("fieldwork_template");
  await adminQuery(adminUrl, `create database "${name}"${tablespaceClause()}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 2 });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}
