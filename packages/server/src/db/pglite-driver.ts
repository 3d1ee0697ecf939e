/**
 * A small Kysely driver over PGlite. PGlite is one Postgres backend in this process, so the
 * driver hands out one connection at a time: a transaction holds it until commit or rollback.
 */
import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from "kysely";

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  /** Callers holding or waiting for the lock. */
  held = 0;
  lock(): Promise<() => void> {
    let release!: () => void;
    this.held += 1;
    const next = new Promise<void>((resolve) => (release = () => { this.held -= 1; resolve(); }));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
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

  constructor(private readonly pglite: PGlite, private readonly mutex: Mutex) {}

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // Each acquisition gets its own handle so releases pair with their locks.
    const handle = new PGliteConnection(this.pglite);
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
    await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  readonly #mutex = new Mutex();
  constructor(private readonly pglite: PGlite) {}
  /** Callers waiting for the one connection (the metrics' PGlite queue length). */
  queueLength(): number { return Math.max(0, this.#mutex.held - 1); }
  /** Whether a caller holds the connection. */
  inUse(): boolean { return this.#mutex.held > 0; }
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pglite, this.#mutex); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}
