/**
 * Column indexes made when a column is first filtered or sorted on, not when it is created
 * (issue 20 item 5): every index costs every insert, and most columns are never filtered.
 *
 * A read of a form's table (the grid and the Data API, routes/rest/handlers.ts) calls
 * `note`, which names the indexes the read would use (query/index-wants.ts) and queues, at
 * most once a minute per table, column and kind (and again when the form's revision
 * changes), a task that records the use (`column_index_use`, read by unused-indexes.ts) and
 * builds the index if the table has none (column-index.ts). The read never waits: it runs
 * as it would without the index. Tasks run one at a time in this process; across instances
 * the index's advisory lock keeps two builds of one index apart.
 *
 * A table with fewer than `minRows` rows (LAZY_INDEX_MIN_ROWS, 2,000) gets none: reading it
 * whole takes a few milliseconds. At 10,000 rows an unindexed sort or contains already took
 * 30–40 ms at load 15 on 2 cores (0.5 ms indexed; bench/lazy-index.ts), past the grid's
 * 20 ms goal, so the bound is lower than that.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ReadQuery } from "@fieldwork/core";
import type { DB } from "../db/schema";
import type { FormRecord } from "../forms/form-record";
import { wantedIndexes } from "../query/index-wants";
import { buildColumnIndex, touchColumnIndex } from "./column-index";
import type { IndexKind } from "./table-indexes";

export const LAZY_INDEX_MIN_ROWS = 2_000;
/** A use is recorded at most this often per table, column and kind (per instance). */
export const INDEX_TOUCH_EVERY_MS = 60_000;
/** The statement timeout of one index build or drop. */
export const INDEX_BUILD_TIMEOUT_MS = 30 * 60_000;
const MAX_REMEMBERED = 10_000;

export interface LazyIndexOptions {
  /** Tables with fewer rows get no column index (LAZY_INDEX_MIN_ROWS). */
  minRows: number;
  touchEveryMs: number;
  buildTimeoutMs: number;
}

interface Task { table: string; column: string; kind: IndexKind }

/** What `note` reads of a table: a form's record, or a schema table's (schemas/schema-indexes.ts). */
export interface IndexedTable {
  form: Pick<FormRecord["form"], "table_name" | "revision" | "response_count">;
  fields: FormRecord["fields"];
}

export class LazyIndexes {
  readonly #db: Kysely<DB>;
  readonly #options: LazyIndexOptions;
  readonly #log: FastifyBaseLogger | undefined;
  /** When each (table, column, kind) was last queued, and for which revision of its form. */
  readonly #seen = new Map<string, { at: number; revision: number }>();
  readonly #queue: Task[] = [];
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(db: Kysely<DB>, options: Partial<LazyIndexOptions> = {}, log?: FastifyBaseLogger) {
    this.#db = db;
    this.#options = { minRows: LAZY_INDEX_MIN_ROWS, touchEveryMs: INDEX_TOUCH_EVERY_MS, buildTimeoutMs: INDEX_BUILD_TIMEOUT_MS, ...options };
    this.#log = log;
  }

  /** A read of `record`'s table is about to run `query`: queue the indexes it would use. */
  note(record: IndexedTable | undefined, query: Pick<ReadQuery, "where" | "order">, now = Date.now()): void {
    if (!record || this.#closed || record.form.response_count < this.#options.minRows) return;
    const { table_name: table, revision } = record.form;
    for (const { column, kind } of wantedIndexes(record.fields, query)) {
      const key = `${table}\u0000${column}\u0000${kind}`;
      const seen = this.#seen.get(key);
      if (seen && seen.revision === revision && now - seen.at < this.#options.touchEveryMs) continue;
      if (this.#seen.size >= MAX_REMEMBERED) this.#seen.clear();
      this.#seen.set(key, { at: now, revision });
      this.#queue.push({ table, column, kind });
    }
    if (this.#queue.length && !this.#running) this.#running = this.#drain();
  }

  /** Resolves once every queued task ran (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops taking tasks and waits for the one running. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.length = 0;
    await this.idle();
  }

  async #drain(): Promise<void> {
    try {
      for (let task = this.#queue.shift(); task; task = this.#queue.shift()) await this.#run(task);
    } finally {
      this.#running = null;
    }
  }

  async #run({ table, column, kind }: Task): Promise<void> {
    try {
      const attnum = await touchColumnIndex(this.#db, table, column, kind);
      if (attnum === null) return;
      const started = Date.now();
      const outcome = await buildColumnIndex(this.#db, table, column, attnum, kind, this.#options.buildTimeoutMs);
      if (outcome === "built") this.#log?.info({ table, column, kind, ms: Date.now() - started }, "lazy index built");
    } catch (error) {
      // Tried again at the next use after touchEveryMs.
      this.#log?.warn({ err: error, table, column, kind }, "lazy index build failed");
    }
  }
}
