/**
 * Live rows of a connected table (issue 24 item 2; docs/databases.md "Live rows"). A database
 * of the user's has no trigger of ours, so the server polls: every `intervalMs` it reads, in
 * one statement per connection whatever the number of tables and browsers watching, each
 * watched table's write counters from PostgreSQL's statistics (`pg_stat_all_tables`: rows
 * inserted, updated, deleted, live; a partitioned table's partitions summed). A table whose
 * counters moved since the last look is told to its subscribers as one `rows` event, in the
 * shape of a form's row feed, and the grid reads its page again. Nothing is written to the
 * connected database and no row is read. At most `tablesPerConnection` tables of one
 * connection are watched at once (TOO_MANY_STREAMS past it).
 *
 * PostgreSQL counts a transaction's writes when it ends and a session hands its counts in
 * when it goes idle, at most once a second: a change shows within about the interval plus a
 * second. A session writing without pause may hold its counts back up to a minute.
 */
import { FieldworkError, type RowChange } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

export const EXTERNAL_LIVE = { intervalMs: 2_000, tablesPerConnection: 20 } as const;
export interface LiveSettings { intervalMs: number; tablesPerConnection: number }

export interface LiveTable { schema: string; name: string }
type Listener = (change: RowChange) => void;

interface Watched { table: LiveTable; key: string; listeners: Set<Listener>; signature: string | null }
interface Watch { db: () => Kysely<DB>; tables: Map<string, Watched>; timer: NodeJS.Timeout; busy: boolean }

/** The feed key of a connected table: the grid subscribes under it (web data-table.ts externalDataTable). */
export const liveKeyOf = (connectionId: string, table: LiveTable) => `x:${connectionId}:${table.schema}.${table.name}`;

/** Each table's write counters as one text, null for a relation without statistics (a view). */
export async function readSignatures(db: Kysely<DB>, tables: readonly LiveTable[]): Promise<(string | null)[]> {
  const { rows } = await sql<{ i: string | number; signature: string | null }>`
    select w.i, (select case when count(s.relid) = 0 then null else concat_ws('/', sum(s.n_tup_ins), sum(s.n_tup_upd), sum(s.n_tup_del), sum(s.n_live_tup)) end
        from pg_stat_all_tables s
        where s.relid = c.oid or s.relid in (select inhrelid from pg_inherits where inhparent = c.oid)) as signature
    from unnest(${tables.map((t) => t.schema)}::text[], ${tables.map((t) => t.name)}::text[]) with ordinality as w(schema, name, i)
    left join pg_namespace n on n.nspname = w.schema
    left join pg_class c on c.relnamespace = n.oid and c.relname = w.name
    order by w.i`.execute(db);
  return rows.map((r) => r.signature);
}

/** The change between two signatures: rows per kind of write, the kind with the most as `op` (a truncate moves only the live count). */
export function changeOf(key: string, before: string | null, after: string): RowChange {
  const [a, b] = [before, after].map((s) => (s ?? "").split("/").map(Number));
  const counts = { INSERT: (b![0] ?? 0) - (a![0] ?? 0), UPDATE: (b![1] ?? 0) - (a![1] ?? 0), DELETE: (b![2] ?? 0) - (a![2] ?? 0) };
  const [op, most] = (Object.entries(counts) as [RowChange["op"], number][]).reduce((x, y) => (y[1] > x[1] ? y : x));
  const total = counts.INSERT + counts.UPDATE + counts.DELETE;
  return { form_id: key, op: most > 0 ? op : "UPDATE", count: Number.isFinite(total) && total > 0 ? total : 1 };
}

export class ExternalLiveRows {
  readonly #watches = new Map<string, Watch>();
  readonly settings: LiveSettings;

  constructor(settings: Partial<LiveSettings> = {}, private readonly warn: (message: string) => void = () => {}) {
    this.settings = { ...EXTERNAL_LIVE, ...settings };
  }

  /**
   * Calls `listener` when the table's counters move, until the returned function is called.
   * Resolves once the table's first counters are read (a change after that is seen); a
   * table without statistics (a view) is LIVE_ROWS_UNAVAILABLE.
   */
  async subscribe(connectionId: string, db: () => Kysely<DB>, table: LiveTable, listener: Listener): Promise<() => void> {
    const key = liveKeyOf(connectionId, table);
    const watch = this.#watches.get(connectionId);
    if (watch && !watch.tables.has(key) && watch.tables.size >= this.settings.tablesPerConnection) {
      throw new FieldworkError("TOO_MANY_STREAMS", `At most ${this.settings.tablesPerConnection} tables of one connection follow their changes at once. Close another table's grid and try again.`);
    }
    let watched = watch?.tables.get(key);
    if (!watched) {
      const [signature] = await readSignatures(db(), [table]);
      if (signature === null || signature === undefined) throw new FieldworkError("LIVE_ROWS_UNAVAILABLE");
      watched = this.#watches.get(connectionId)?.tables.get(key) ?? { table, key, listeners: new Set(), signature };
      this.#watchOf(connectionId, db).tables.set(key, watched);
    }
    watched.listeners.add(listener);
    const entry = watched;
    return () => {
      entry.listeners.delete(listener);
      const current = this.#watches.get(connectionId);
      if (!current || entry.listeners.size > 0) return;
      current.tables.delete(key);
      if (current.tables.size === 0) {
        clearInterval(current.timer);
        this.#watches.delete(connectionId);
      }
    };
  }

  /** Tables watched on a connection (tests, metrics). */
  watched(connectionId: string): number {
    return this.#watches.get(connectionId)?.tables.size ?? 0;
  }

  close(): void {
    for (const watch of this.#watches.values()) clearInterval(watch.timer);
    this.#watches.clear();
  }

  #watchOf(connectionId: string, db: () => Kysely<DB>): Watch {
    const known = this.#watches.get(connectionId);
    if (known) return known;
    const watch: Watch = { db, tables: new Map(), busy: false, timer: setInterval(() => void this.#tick(connectionId, watch), this.settings.intervalMs) };
    watch.timer.unref();
    this.#watches.set(connectionId, watch);
    return watch;
  }

  async #tick(connectionId: string, watch: Watch): Promise<void> {
    if (watch.busy || watch.tables.size === 0) return; // a slow database: no second look while one runs
    watch.busy = true;
    try {
      const tables = [...watch.tables.values()];
      const signatures = await readSignatures(watch.db(), tables.map((t) => t.table));
      tables.forEach((watched, i) => {
        const signature = signatures[i] ?? null;
        if (signature === null || signature === watched.signature) return;
        const change = changeOf(watched.key, watched.signature, signature);
        watched.signature = signature;
        for (const listener of [...watched.listeners]) listener(change);
      });
    } catch (error) {
      // Logged by its code only: a message may name the user or host.
      this.warn(`external connection ${connectionId}: live rows check failed (${(error as { code?: string }).code ?? "unknown"})`);
    } finally {
      watch.busy = false;
    }
  }
}
