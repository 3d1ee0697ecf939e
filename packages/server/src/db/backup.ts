/**
 * The only code that dumps or loads PGlite's data directory (`fieldwork db backup` and
 * `db restore`, server/src/backup/). The server's PGlite runs in a worker thread
 * (pglite-client.ts): `registerPGliteDump` is called once by `openPGlite` and dumps through
 * it; `loadPGliteDataDir` and `createPGliteFromScript` open their own PGlite, here, for
 * the CLI and the tests.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Kysely } from "kysely";
import type { PGliteClient } from "./pglite-client";
import type { DB } from "./schema";

type Compression = "gzip" | "none";
const dumps = new WeakMap<Kysely<DB>, (compression: Compression) => Promise<Blob>>();

/** Remembers how to dump the PGlite behind `db` (called by database.ts when it opens one). */
export function registerPGliteDump(db: Kysely<DB>, pglite: PGliteClient): void {
  // Through a driver connection: no other query runs while the files are read.
  dumps.set(db, (compression) => db.connection().execute(() => pglite.dumpDataDir(compression)));
}

/** PGlite's data directory as a gzipped tarball, or undefined when `db` is not PGlite. */
export function dumpPGliteDataDir(db: Kysely<DB>, compression: Compression = "gzip"): Promise<Blob> | undefined {
  return dumps.get(db)?.(compression);
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
