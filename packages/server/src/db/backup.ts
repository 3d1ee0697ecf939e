/**
 * The only code that dumps or loads PGlite's data directory (`fieldwork db backup` and
 * `db restore`, server/src/backup/). When PGlite moves into a worker thread, these two
 * functions are what changes: `registerPGliteDump` is called once by `openPGlite`.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Kysely } from "kysely";
import type { DB } from "./schema";

const dumps = new WeakMap<Kysely<DB>, () => Promise<Blob>>();

/** Remembers how to dump the PGlite behind `db` (called by database.ts when it opens one). */
export function registerPGliteDump(db: Kysely<DB>, pglite: PGlite): void {
  // Through a driver connection: no other query runs while the files are read.
  dumps.set(db, () => db.connection().execute(() => pglite.dumpDataDir("gzip")));
}

/** PGlite's data directory as a gzipped tarball, or undefined when `db` is not PGlite. */
export function dumpPGliteDataDir(db: Kysely<DB>): Promise<Blob> | undefined {
  return dumps.get(db)?.();
}

/**
 * Unpacks a tarball made by `dumpPGliteDataDir` into `dir` (which must not exist yet), starts
 * it once to prove it opens, and answers the names of its applied migrations.
 */
export async function loadPGliteDataDir(dir: string, tarball: Blob, migrationTable: string): Promise<string[]> {
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: tarball, extensions: { pg_trgm } });
  try {
    const result = await pglite.query<{ name: string }>(`select name from ${migrationTable} order by name`);
    return result.rows.map((row) => row.name);
  } finally {
    await pglite.close();
  }
}

/**
 * Creates a PGlite data directory at `dir` from a plain SQL script (`pg_dump --inserts`
 * output: several statements at once, run with PGlite's simple-query `exec`). The upgrade
 * test builds the previous release's database this way.
 */
export async function createPGliteFromScript(dir: string, script: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    await pglite.exec(script);
  } finally {
    await pglite.close();
  }
}
