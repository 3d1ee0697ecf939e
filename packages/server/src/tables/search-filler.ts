/**
 * Fills the search vectors inserts and updates left null (search-vector.ts), after the write.
 *
 * A write of a form's rows (a submit batch, a Data API write, an editor change) calls
 * `noteRowsWritten`; once the table's writes pause for `delayMs` (so one fill serves many
 * submits), or at the latest `maxDelayMs` after the first write it has not filled, the
 * table's unfilled rows are filled in batches of `batchSize`, each its own short transaction.
 * A rush of submits thus has the database to itself for up to `maxDelayMs`: the fill's
 * update of every row (a new version of the row in each of its indexes) took a third of
 * PostgreSQL's CPU when it ran alongside (bench:submit), and searching stays exact meanwhile.
 * One fill per table at a time in this process (single flight: a note during a fill runs the
 * table once more after it); across instances `for update skip locked` keeps two fillers on
 * separate rows. A sweep at start and every `sweepEveryMs` fills what no note named (rows
 * written by hand, by an instance that stopped, tables converted by migration 0021).
 * Search never waits for any of this: an unfilled row is searched by its computed vector.
 */
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import { kindOf } from "../db/database";
import type { DB } from "../db/schema";
import { MANAGED_SCHEMA } from "./managed-names";
import { fillSearchBatch, SEARCH_COLUMN } from "./search-vector";

export interface SearchFillerOptions {
  batchSize: number;
  /** A noted table is filled once no write has noted it for this long… */
  delayMs: number;
  /** …or at the latest this long after the first note its fill has not served. */
  maxDelayMs: number;
  sweepEveryMs: number;
  /** Statement timeout of one batch. */
  timeoutMs: number;
}

export const SEARCH_FILL_DEFAULTS: SearchFillerOptions = {
  batchSize: 500, delayMs: 200, maxDelayMs: 30_000, sweepEveryMs: 60_000, timeoutMs: 30_000,
};

const fillers = new WeakMap<Kysely<DB>, SearchFiller>();

/** Rows of `tableName` were written through `db`: its filler (if the app runs one) fills them soon. */
export function noteRowsWritten(db: Kysely<DB>, tableName: string): void {
  fillers.get(db)?.note(tableName);
}

export class SearchFiller {
  readonly #db: Kysely<DB>;
  readonly #options: SearchFillerOptions;
  readonly #log: FastifyBaseLogger | undefined;
  /** Tables waiting for a fill (when first and last noted since), and the tables being filled now. */
  readonly #pending = new Map<string, { first: number; last: number }>();
  readonly #running = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #sweeper: NodeJS.Timeout | null = null;
  #sweeping: Promise<void> | null = null;
  #closed = false;

  constructor(db: Kysely<DB>, options: Partial<SearchFillerOptions> = {}, log?: FastifyBaseLogger) {
    this.#db = db;
    this.#options = { ...SEARCH_FILL_DEFAULTS, ...options };
    this.#log = log;
  }

  /** Takes the notes of writes through its database, sweeps now and then every `sweepEveryMs`. */
  start(): void {
    if (this.#closed || this.#sweeper) return;
    fillers.set(this.#db, this);
    this.#sweeping = this.sweep();
    this.#sweeper = setInterval(() => { this.#sweeping ??= this.sweep(); }, this.#options.sweepEveryMs);
    this.#sweeper.unref();
  }

  note(tableName: string): void {
    if (this.#closed) return;
    const now = Date.now();
    this.#pending.set(tableName, { first: this.#pending.get(tableName)?.first ?? now, last: now });
    // A note makes its table due no sooner than it was, and a new table due no sooner than any
    // other (each is due by its last note + delayMs): a timer already set stays the earliest.
    if (!this.#timer) this.#arm(now);
  }

  /** Fills every table that has unfilled rows (start, and the periodic sweep). */
  async sweep(): Promise<void> {
    try {
      const { rows } = await sql<{ table_name: string }>`
        select c.relname as table_name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = ${SEARCH_COLUMN} and not a.attisdropped
        where n.nspname = ${MANAGED_SCHEMA} and c.relkind = 'r'`.execute(this.#db);
      for (const { table_name } of rows) {
        if (this.#closed) break;
        await this.fill(table_name);
      }
    } catch (error) {
      this.#log?.warn({ err: error }, "search vector sweep failed");
    } finally {
      this.#sweeping = null;
    }
  }

  /** Fills one table's unfilled rows now (single flight: joins a fill already running, then runs once more). */
  async fill(tableName: string): Promise<void> {
    const running = this.#running.get(tableName);
    if (running) {
      await running;
      return this.fill(tableName);
    }
    const run = this.#fillTable(tableName).finally(() => this.#running.delete(tableName));
    this.#running.set(tableName, run);
    return run;
  }

  /** Resolves once nothing is waiting or running (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.#pending.size) this.#flush(Infinity);
      const work = [...this.#running.values(), ...(this.#sweeping ? [this.#sweeping] : [])];
      if (!work.length) return;
      await Promise.all(work);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#sweeper) clearInterval(this.#sweeper);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending.clear();
    if (fillers.get(this.#db) === this) fillers.delete(this.#db);
    await Promise.all([...this.#running.values(), ...(this.#sweeping ? [this.#sweeping] : [])]);
  }

  /** When the next noted table is due: its writes paused for `delayMs`, or `maxDelayMs` since its first note. */
  #due(note: { first: number; last: number }): number {
    return Math.min(note.last + this.#options.delayMs, note.first + this.#options.maxDelayMs);
  }

  /** A timer for the earliest due table, if any waits. */
  #arm(now: number): void {
    let due = Infinity;
    for (const note of this.#pending.values()) due = Math.min(due, this.#due(note));
    if (due === Infinity) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#flush(Date.now());
    }, Math.max(0, due - now));
    this.#timer.unref();
  }

  /** Fills the tables due by `now` (all of them at Infinity) and waits on for the rest. */
  #flush(now: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    for (const [table, note] of this.#pending) {
      if (this.#due(note) > now) continue;
      this.#pending.delete(table);
      // A table being filled right now is filled once more after it (`fill` joins, then runs).
      void this.fill(table);
    }
    if (now !== Infinity) this.#arm(now);
  }

  async #fillTable(tableName: string): Promise<void> {
    const { batchSize, timeoutMs } = this.#options;
    const skipLocked = kindOf(this.#db) === "postgres";
    try {
      let filled = batchSize;
      while (filled === batchSize && !this.#closed) {
        filled = await fillSearchBatch(this.#db, tableName, batchSize, timeoutMs, skipLocked);
      }
    } catch (error) {
      this.#log?.warn({ err: error, table: tableName }, "search vector fill failed");
    }
  }
}
