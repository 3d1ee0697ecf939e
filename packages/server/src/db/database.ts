/**
 * Opens Fieldwork's database: PGlite in DATA_DIR when no DATABASE_URL is given, PostgreSQL
 * through `pg` otherwise. Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { registerPGliteDump } from "./backup";
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

/** How busy the connections are: PostgreSQL's pool, or PGlite's one connection and its queue. */
export interface PoolStats { total: number; idle: number; waiting: number }
const poolStats = new WeakMap<Kysely<DB>, () => PoolStats>();

/** The pool use of the database behind `db`, when `openDatabase` opened it (the metrics read it). */
export function poolStatsOf(db: Kysely<DB>): (() => PoolStats) | undefined {
  return poolStats.get(db);
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
  /** PGlite: start from this dump of a data directory (`dumpDataDir`); tests clone a migrated template. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPGlite(options.dataDir, options.loadDataDir);
}

async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    dir = join(dataDir, "pglite");
  }
  // Imported here, not at the top: a server on PostgreSQL never loads PGlite (its start and memory).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: PARSERS,
  });
  if (dataDir) restrictDataDir(dataDir); // a first start unpacks PGlite's files with mode 0666
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect });
  poolStats.set(db, () => ({ total: 1, idle: dialect.inUse() ? 0 : 1, waiting: dialect.queueLength() }));
  // Through a driver connection, so LISTEN never lands inside another caller's transaction
  // (a rollback would undo it).
  const listen: Listen = async (channel, onPayload) => {
    const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
    return () => db.connection().execute(() => unlisten());
  };
  listeners.set(db, listen);
  kinds.set(db, "pglite");
  registerPGliteDump(db, pglite);
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
  poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  await sql`select 1`.execute(db);
  const listener = new PgListener({ connectionString });
  const listen: Listen = (channel, onPayload) => listener.listen(channel, onPayload);
  listeners.set(db, listen);
  kinds.set(db, "postgres");
  return {
    db, kind: "postgres", listen,
    async close() {
      await listener.close();
      await db.destroy();
    },
  };
}
