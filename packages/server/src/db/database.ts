/**
 * Opens Fieldwork's database: PGlite in DATA_DIR when no DATABASE_URL is given, PostgreSQL
 * through `pg` otherwise. Both speak the same SQL and run the same migrations.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { registerPGliteDump } from "./backup";
import { PgListener, type OnPayload, type Unlisten } from "./pg-listen";
import { PageWrites } from "./page-writes";
import { PGliteClient } from "./pglite-client";
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

/** Whether the database behind each open Kysely instance answers, for /healthz. */
const pings = new WeakMap<Kysely<DB>, () => Promise<void>>();

/**
 * Checks the database behind `db` answers: PostgreSQL runs `select 1`; PGlite, which lives
 * in this process's worker, is up while its worker is (a `select 1` would wait for the
 * statement in flight). Without a known database, `select 1`.
 */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  const ping = pings.get(db);
  if (ping) return ping();
  await sql`select 1`.execute(db);
}

/** PGlite's count of statements that may change a form page (page-writes.ts), by Kysely instance. */
const pageWrites = new WeakMap<Kysely<DB>, PageWrites>();

/**
 * How many statements that may change a form page ran on the database behind `db`, when
 * this process sees every write (PGlite); undefined on PostgreSQL, where other instances write too.
 */
export function pageWritesOf(db: Kysely<DB>): number | undefined {
  return pageWrites.get(db)?.count;
}

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
  /** PGlite: start from this dump of a data directory (`dumpDataDir`); tests clone a migrated template. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPGlite(options.dataDir, options.loadDataDir);
}

/**
 * PGlite runs in a worker thread (pglite-worker.ts), which alone imports
 * `@electric-sql/pglite`: this thread never loads it, on PostgreSQL not at all.
 */
async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const pglite = await PGliteClient.start({
    dataDir, ...(loadDataDir ? { loadDataDir: new Uint8Array(await loadDataDir.arrayBuffer()) } : {}),
  });
  return databaseOverPGlite(pglite);
}

/**
 * A Database over an open PGlite client. Closing it closes the client, or calls `release`
 * instead: the integration tests hand a PGlite back to be reset and reused by the next file
 * (test/pglite-reuse.ts).
 */
export function databaseOverPGlite(pglite: PGliteClient, release: () => Promise<void> = () => pglite.close()): Database {
  const writes = new PageWrites();
  let closed = false;
  const dialect = new PGliteDialect(pglite, writes, () => {
    closed = true;
    return release();
  });
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
  pings.set(db, async () => {
    if (closed) throw new Error("PGlite is closed");
    pglite.assertAlive();
  });
  pageWrites.set(db, writes);
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
  pools.set(db, pool);
  return {
    db, kind: "postgres", listen,
    async close() {
      await listener.close();
      await db.destroy();
    },
  };
}
