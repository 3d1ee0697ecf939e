/**
 * One small pg Pool per connection, kept while it is used (docs/databases.md "Pools"): at
 * most EXTERNAL_POOL.max connections each, idle ones closed after idleMs, a connect timeout,
 * and `statement_timeout` set on every session, so no statement of ours runs past it on the
 * connected database. At most EXTERNAL_POOL.pools pools at once (the least used closes).
 * A pool is keyed by the connection's id and a hash of its URL: a changed URL gets a new one.
 */
import { createHash } from "node:crypto";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../db/schema";
import { PARSERS } from "../db/type-parsers";

export const EXTERNAL_POOL = { max: 4, idleMs: 10_000, connectMs: 5_000, statementMs: 10_000, pools: 50 } as const;

export interface PoolSettings { max: number; idleMs: number; connectMs: number; statementMs: number; pools: number }

interface Entry { fingerprint: string; pool: pg.Pool; db: Kysely<DB> }

const fingerprintOf = (url: string) => createHash("sha256").update(url).digest("hex");

export class ExternalPools {
  readonly #entries = new Map<string, Entry>();
  readonly settings: PoolSettings;

  constructor(settings: Partial<PoolSettings> = {}, private readonly warn: (message: string) => void = () => {}) {
    this.settings = { ...EXTERNAL_POOL, ...settings };
  }

  /** The Kysely of this connection's pool (typed as the app's only so the query engine takes it). */
  get(id: string, url: string): Kysely<DB> {
    const fingerprint = fingerprintOf(url);
    const hit = this.#entries.get(id);
    if (hit && hit.fingerprint === fingerprint) {
      this.#entries.delete(id);
      this.#entries.set(id, hit);
      return hit.db;
    }
    if (hit) void this.close(id);
    const pool = new pg.Pool({
      connectionString: url, max: this.settings.max, idleTimeoutMillis: this.settings.idleMs,
      connectionTimeoutMillis: this.settings.connectMs, statement_timeout: this.settings.statementMs,
      idle_in_transaction_session_timeout: this.settings.statementMs * 2, application_name: "fieldwork",
      allowExitOnIdle: true,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose server went away: logged by its code only (a message may name the user).
    pool.on("error", (error) => this.warn(`external connection ${id}: idle client error ${(error as { code?: string }).code ?? "unknown"}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    this.#entries.set(id, { fingerprint, pool, db });
    while (this.#entries.size > this.settings.pools) void this.close(this.#entries.keys().next().value as string);
    return db;
  }

  stats(id: string): { total: number; idle: number; waiting: number } | undefined {
    const pool = this.#entries.get(id)?.pool;
    return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  async close(id: string): Promise<void> {
    const entry = this.#entries.get(id);
    this.#entries.delete(id);
    await entry?.db.destroy().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#entries.keys()].map((id) => this.close(id)));
  }
}
