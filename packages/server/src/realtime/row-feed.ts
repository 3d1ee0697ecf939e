/**
 * The live row feed (docs/ARCHITECTURE.md "Live rows"): one LISTEN on `ROW_CHANGE_CHANNEL`
 * per server, fanned out in-process to the subscribers of each form. The managed tables'
 * statement-level triggers (tables/row-feed-triggers.ts) send `{"table", "op", "count"}`;
 * the feed maps the table to its form (cached) and hands subscribers a `RowChange`.
 *
 * Bursts are coalesced per form: the first change goes out at once, later ones within
 * `coalesceMs` (100 ms) are summed into one change at the end of the window, so a rush of
 * 500 inserts a second reaches a browser as at most 10 events.
 *
 * The LISTEN starts with the first subscriber and stops when the app closes. Because every
 * server LISTENs on the same database, a write through any instance reaches them all.
 *
 * The triggers notify only for watched tables (row-feed-watch.ts): a subscription resolves
 * once its form's table is watched, and the feed keeps the tables of its subscribed forms
 * watched while they have subscribers.
 */
import { ROW_CHANGE_CHANNEL, ROW_CHANGE_OPS, type RowChange, type RowChangeOp } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { Listen, Unlisten } from "../db/database";
import type { DB } from "../db/schema";
import { watchTable, WATCH_HEARTBEAT_MS } from "./row-feed-watch";

export type RowChangeListener = (change: RowChange) => void;

export interface RowFeedOptions {
  db: Kysely<DB>;
  listen: Listen | undefined;
  coalesceMs?: number;
  /** How often the watches of subscribed tables are renewed (they live 4 times as long). */
  watchHeartbeatMs?: number;
  warn?: (message: string) => void;
}

interface Notification { table: string; op: RowChangeOp; count: number }

/** A NOTIFY payload of the row feed's triggers, or null for anything else. */
export function parseRowNotification(payload: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const { table, op, count } = (value ?? {}) as Record<string, unknown>;
  if (typeof table !== "string" || !(ROW_CHANGE_OPS as readonly unknown[]).includes(op)) return null;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1) return null;
  return { table, op: op as RowChangeOp, count };
}

/** Changes of one form waiting for the end of its window. */
interface Window { timer: NodeJS.Timeout; pending: Map<RowChangeOp, number> }

/** Table names of forms looked up at most (they never change; forms come and go). */
const MAX_CACHED_TABLES = 10_000;

export class RowFeed {
  readonly #db: Kysely<DB>;
  readonly #listen: Listen | undefined;
  readonly #coalesceMs: number;
  readonly #warn: (message: string) => void;
  readonly #subscribers = new Map<string, Set<RowChangeListener>>();
  readonly #windows = new Map<string, Window>();
  readonly #formOfTable = new Map<string, Promise<string | null>>();
  readonly #watchHeartbeatMs: number;
  /** Forms whose tables this feed keeps watched: the table's name once its first watch holds. */
  readonly #watched = new Map<string, Promise<string>>();
  /** When each form's watch was last written (a subscriber trusts it only while it is recent). */
  readonly #renewedAt = new Map<string, number>();
  #heartbeat: NodeJS.Timeout | null = null;
  #started: Promise<Unlisten> | null = null;
  #closed = false;

  constructor(options: RowFeedOptions) {
    this.#db = options.db;
    this.#listen = options.listen;
    this.#coalesceMs = options.coalesceMs ?? 100;
    this.#watchHeartbeatMs = options.watchHeartbeatMs ?? WATCH_HEARTBEAT_MS;
    this.#warn = options.warn ?? ((message) => console.warn(`[fieldwork] ${message}`));
  }

  /** Calls `listener` with each (coalesced) change of the form's rows until the returned function is called. */
  async subscribe(formId: string, listener: RowChangeListener): Promise<() => void> {
    if (this.#closed) throw new Error("the row feed is closed");
    let listeners = this.#subscribers.get(formId);
    if (!listeners) this.#subscribers.set(formId, (listeners = new Set()));
    const own: RowChangeListener = (change) => listener(change);
    listeners.add(own);
    const unsubscribe = () => {
      const set = this.#subscribers.get(formId);
      set?.delete(own);
      if (set?.size === 0) this.#subscribers.delete(formId);
    };
    try {
      await this.#start();
      await this.#watch(formId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** Subscribers of one form, or of all forms: what tests check for leaks. */
  subscriberCount(formId?: string): number {
    if (formId !== undefined) return this.#subscribers.get(formId)?.size ?? 0;
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    this.#watched.clear();
    this.#renewedAt.clear();
    for (const window of this.#windows.values()) clearTimeout(window.timer);
    this.#windows.clear();
    const started = this.#started;
    this.#started = null;
    const unlisten = await started?.catch(() => null);
    await unlisten?.().catch(() => undefined);
  }

  #start(): Promise<Unlisten> {
    if (!this.#listen) return Promise.reject(new Error("this database cannot LISTEN (open it with openDatabase)"));
    this.#started ??= this.#listen(ROW_CHANGE_CHANNEL, (payload) => this.#receive(payload)).catch((error: unknown) => {
      this.#started = null;
      throw error;
    });
    return this.#started;
  }

  /** Resolves once the form's table is watched (the first subscriber waits for it, later ones share it). */
  #watch(formId: string): Promise<string> {
    let watched = this.#watched.get(formId);
    // Renewals that failed for a while may have let the watch lapse: write it again.
    const renewed = this.#renewedAt.get(formId);
    if (watched && renewed !== undefined && Date.now() - renewed > (this.#ttlSeconds() * 1000) / 2) watched = undefined;
    if (!watched) {
      watched = this.#tableOf(formId).then(async (table) => {
        await watchTable(this.#db, table, this.#ttlSeconds());
        this.#renewedAt.set(formId, Date.now());
        return table;
      });
      this.#watched.set(formId, watched);
      watched.catch(() => { if (this.#watched.get(formId) === watched) this.#watched.delete(formId); });
    }
    this.#heartbeat ??= setInterval(() => this.#renewWatches(), this.#watchHeartbeatMs);
    this.#heartbeat.unref();
    return watched;
  }

  #ttlSeconds(): number {
    return Math.max(1, Math.ceil((4 * this.#watchHeartbeatMs) / 1000));
  }

  /** The table of a form, or of a schema document's table (its id stands for a form's here). */
  async #tableOf(formId: string): Promise<string> {
    const row = await this.#db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirst()
      ?? await this.#db.selectFrom("schema_table").select("table_name").where("id", "=", formId).executeTakeFirst();
    if (!row) throw new Error(`no form ${formId}`);
    return row.table_name;
  }

  /** Renews the watches of forms with subscribers; lets the others lapse. */
  #renewWatches(): void {
    for (const [formId, watched] of this.#watched) {
      if (!this.#subscribers.has(formId)) {
        this.#watched.delete(formId);
        this.#renewedAt.delete(formId);
        continue;
      }
      // A failed renewal is tried again at the next heartbeat (under the lock, if the watch lapsed).
      watched.then(async (table) => {
        const started = Date.now();
        await watchTable(this.#db, table, this.#ttlSeconds());
        this.#renewedAt.set(formId, started);
      }).catch((error: Error) => {
        this.#warn(`row feed: renewing the watch of form ${formId} failed: ${error.message}`);
      });
    }
    if (this.#watched.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  #receive(payload: string): void {
    if (this.#subscribers.size === 0) return;
    const notification = parseRowNotification(payload);
    if (!notification) return;
    this.#formOf(notification.table).then((formId) => {
      if (formId && this.#subscribers.has(formId)) this.#add(formId, notification.op, notification.count);
    }, (error: Error) => this.#warn(`row feed: looking up table ${notification.table} failed: ${error.message}`));
  }

  #formOf(table: string): Promise<string | null> {
    const cached = this.#formOfTable.get(table);
    if (cached) return cached;
    const lookup = this.#db.selectFrom("form").select("id").where("table_name", "=", table).executeTakeFirst()
      .then(async (row) => row?.id
        ?? (await this.#db.selectFrom("schema_table").select("id").where("table_name", "=", table).executeTakeFirst())?.id ?? null);
    this.#formOfTable.set(table, lookup);
    // Only answers are kept: a table not (yet) known, or a failed lookup, is asked again.
    lookup.then((id) => { if (!id) this.#formOfTable.delete(table); }, () => this.#formOfTable.delete(table));
    if (this.#formOfTable.size > MAX_CACHED_TABLES) this.#formOfTable.delete(this.#formOfTable.keys().next().value as string);
    return lookup;
  }

  /** The first change of a quiet form goes out now; the rest wait for the window's end. */
  #add(formId: string, op: RowChangeOp, count: number): void {
    const window = this.#windows.get(formId);
    if (window) {
      window.pending.set(op, (window.pending.get(op) ?? 0) + count);
      return;
    }
    this.#emit(formId, new Map([[op, count]]));
    this.#openWindow(formId);
  }

  #openWindow(formId: string): void {
    const timer = setTimeout(() => {
      const window = this.#windows.get(formId);
      this.#windows.delete(formId);
      if (!window || window.pending.size === 0) return;
      this.#emit(formId, window.pending);
      this.#openWindow(formId);
    }, this.#coalesceMs);
    timer.unref();
    this.#windows.set(formId, { timer, pending: new Map() });
  }

  #emit(formId: string, counts: Map<RowChangeOp, number>): void {
    const listeners = this.#subscribers.get(formId);
    if (!listeners) return;
    const change = rowChangeOf(formId, counts);
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.#warn(`row feed: a subscriber failed: ${(error as Error).message}`);
      }
    }
  }
}

/** One change from the rows per kind of a window: the kind with the most rows names it. */
export function rowChangeOf(formId: string, counts: Map<RowChangeOp, number>): RowChange {
  let op: RowChangeOp = "INSERT";
  let most = -1;
  let count = 0;
  for (const [kind, n] of counts) {
    count += n;
    if (n > most) [op, most] = [kind, n];
  }
  return counts.size > 1
    ? { form_id: formId, op, count, ops: Object.fromEntries(counts) as Partial<Record<RowChangeOp, number>> }
    : { form_id: formId, op, count };
}
