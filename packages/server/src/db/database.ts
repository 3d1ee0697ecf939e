/**
 * Opens Fieldwork's database: PGlite in DATA_DIR when no DATABASE_URL is given, PostgreSQL
 * through `pg` otherwise. Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-driver";
import { PARSERS } from "./type-parsers";
import type { DB } from "./schema";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPGlite(options.dataDir);
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    dir = join(dataDir, "pglite");
  }
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { pg_trgm },
    parsers: PARSERS,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: "pglite", close: () => db.destroy() };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose server went away must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.warn(`[fieldwork] idle PostgreSQL client error: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return { db, kind: "postgres", close: () => db.destroy() };
}
