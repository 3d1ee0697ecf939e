/**
 * A small Kysely driver over PGlite, which runs in a worker thread (pglite-client.ts).
 * PGlite is one Postgres backend, so the driver hands out one connection at a time: a
 * transaction holds it until commit or rollback. Waiters queue by lane (priority.ts): the
 * respondent's lane first, then the others, each in arrival order.
 */
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from "kysely";
import type { PGliteClient } from "./pglite-client";
import type { PageWrites } from "./page-writes";
import { currentLane, type Lane } from "./priority";

/** One holder at a time; when it releases, the longest-waiting respondent goes next, else the longest-waiting other. */
export class LaneQueue {
  #held = false;
  readonly #waiting: Record<Lane, (() => void)[]> = { respondent: [], other: [] };

  /** Whether a caller holds the connection. */
  get held(): boolean { return this.#held; }
  /** Callers waiting for it, both lanes (the metrics' PGlite queue length). */
  get waiting(): number { return this.#waiting.respondent.length + this.#waiting.other.length; }

  lock(lane: Lane): Promise<() => void> {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiting.respondent.shift() ?? this.#waiting.other.shift();
      if (next) next();
      else this.#held = false;
    };
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(release);
    }
    return new Promise((resolve) => this.#waiting[lane].push(() => resolve(release)));
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGliteClient, private readonly writes: PageWrites) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.writes.note(compiled.sql);
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && !/^\s*select/i.test(compiled.sql) ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite driver does not stream");
  }
}

class PGliteDriver implements Driver {
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly pglite: PGliteClient,
    private readonly writes: PageWrites,
    private readonly queue: LaneQueue,
    private readonly release: () => Promise<void>,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.queue.lock(currentLane());
    // Each acquisition gets its own handle so releases pair with their locks.
    const handle = new PGliteConnection(this.pglite, this.writes);
    this.#releases.set(handle, release);
    return handle;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }

  async destroy(): Promise<void> {
    await this.release();
  }
}

/**
 * `writes` counts the statements that may change a form page (page-writes.ts); `release` is
 * what `Kysely.destroy()` does with the client: close it, or hand it back (the tests' reuse).
 */
export class PGliteDialect implements Dialect {
  readonly #queue = new LaneQueue();
  constructor(
    private readonly pglite: PGliteClient,
    private readonly writes: PageWrites,
    private readonly release: () => Promise<void> = () => pglite.close(),
  ) {}
  /** Callers waiting for the one connection (the metrics' PGlite queue length). */
  queueLength(): number { return this.#queue.waiting; }
  /** Whether a caller holds the connection. */
  inUse(): boolean { return this.#queue.held; }
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pglite, this.writes, this.#queue, this.release); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}
