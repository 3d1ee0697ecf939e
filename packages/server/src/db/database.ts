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
import { restrictDataDir } from "./data-dir";
import { PgListener, type OnPayload, type Unlisten } from "./pg-listen";
import { PGliteDialect } from "./pglite-driver";
import { PARSERS } from "./type-parsers";
import type { DB } from "./schema";

export type DatabaseKind = "pglite" | "postgres";
export type { OnPayload, Unlisten };
/** LISTEN on a channel: `onPayload` gets each NOTIFY's payload; resolves once listening. */
export type Listen = (channel: string, onPayload: OnPayload) => Promise<Unlisten>;

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * PGlite: its own `listen`, run between the driver's transactions. PostgreSQL: one
   * dedicated connection outside the pool that reconnects when dropped (pg-listen.ts).
   */
  listen: Listen;
  close(): Promise<void>;
}

/** The `listen` of each open database by its Kysely instance (the app is handed only that). */
const listeners = new WeakMap<Kysely<DB>, Listen>();
/** Which backend each open database is, by its Kysely instance. */
const kinds = new WeakMap<Kysely<DB>, DatabaseKind>();

/** The backend behind `db`, when `openDatabase` opened it. */
export function kindOf(db: Kysely<DB>): DatabaseKind | undefined {
  return kinds.get(db);
}

/** The PostgreSQL pool behind each open database (COPY streams take a client of their own). */
const pools = new WeakMap<Kysely<DB>, pg.Pool>();

/** The pool behind `db` on PostgreSQL; undefined on PGlite. */
export function poolOf(db: Kysely<DB>): pg.Pool | undefined {
  return pools.get(db);
}

/** How to LISTEN on the database behind `db`, when `openDatabase` opened it. */
export function listenerOf(db: Kysely<DB>): Listen | undefined {
  return listeners.get(db);
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
  if (dataDir) restrictDataDir(dataDir); // a first start unpacks PGlite's files with mode 0666
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // Through a driver connection, so LISTEN never lands inside another caller's transaction
  // (a rollback would undo it).
  const listen: Listen = async (channel, onPayload) => {
    const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
    return () => db.connection().execute(() => unlisten());
  };
  listeners.set(db, listen);
  kinds.set(db, "pglite");
  return { db, kind: "pglite", listen, close: () => db.destroy() };
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
  const listener = new PgListener({ connectionString });
  const listen: Listen = (channel, onPayload) => listener.listen(channel, onPayload);
  listeners.set(db, listen);
  kinds.set(db, "postgres");
  pools.set(db, pool);
  return {
    db, kind: "postgres", listen,
    async close() {
      await listener.close();
      await db.destroy();
    },
  };
}
