/**
 * The delivery queue: pg-boss over the app's database (boss-db.ts), one queue
 * `webhook-delivery` whose jobs are `{ outbox_id, webhook_id, attempt }`. A job's id is
 * derived from those three, so a job sent twice (two relays, a retry scheduled twice) is
 * stored once (pg-boss inserts with ON CONFLICT DO NOTHING). pg-boss's own locking
 * (`FOR UPDATE SKIP LOCKED`) hands each job to one worker across every server.
 */
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { PgBoss } from "pg-boss";
import type { DB } from "../db/schema";
import { bossDb } from "./boss-db";

export const DELIVERY_QUEUE = "webhook-delivery";

export interface DeliveryJob {
  outbox_id: number; webhook_id: string; attempt: number;
  /** How many times this attempt waited for its fair share (fair-share.ts); part of the id. */
  deferrals?: number;
  /** The request that made the event (outbox.request_id), for the delivery's log lines; not part of the id. */
  request_id?: string | null;
}

/** A uuid from the job's identity: the same event, webhook, attempt and deferral is always the same job. */
export function deliveryJobId(job: DeliveryJob): string {
  const identity = `${job.outbox_id}:${job.webhook_id}:${job.attempt}${job.deferrals ? `:${job.deferrals}` : ""}`;
  const hex = createHash("sha256").update(identity).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class DeliveryQueue {
  readonly #db: Kysely<DB>;
  readonly #onError: (error: Error) => void;
  #boss: PgBoss | undefined;
  #started = false;

  constructor(db: Kysely<DB>, onError: (error: Error) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  /** pg-boss is imported here, so a process that never starts a queue never loads it. */
  async start(): Promise<void> {
    const { PgBoss } = await import("pg-boss");
    // No cron schedules, no stats: only the queue and its maintenance (expiry, archive).
    const boss = new PgBoss({ db: bossDb(this.#db) as never, schedule: false, supervise: true });
    boss.on("error", this.#onError);
    await boss.start();
    this.#boss = boss;
    this.#started = true;
    // Crashed workers' jobs come back after a minute; a job that throws (not a failed
    // delivery, which schedules its own next attempt) is tried twice more.
    await boss.createQueue(DELIVERY_QUEUE, { retryLimit: 2, retryDelay: 30, expireInSeconds: 60 });
  }

  #running(): PgBoss {
    if (!this.#started || !this.#boss) throw new Error("the webhook delivery queue is not started");
    return this.#boss;
  }

  /** Sends a job inside the caller's transaction when `trx` is given (or alone). Idempotent by `deliveryJobId`. */
  async send(job: DeliveryJob, trx?: Transaction<DB>, startAfter?: Date): Promise<void> {
    await this.#running().send(DELIVERY_QUEUE, { ...job }, {
      id: deliveryJobId(job), ...(trx ? { db: bossDb(trx) as never } : {}), ...(startAfter ? { startAfter } : {}),
    });
  }

  /** Runs `handle` for each job, `concurrency` workers at once, polling every half second. */
  async work(concurrency: number, handle: (job: DeliveryJob) => Promise<void>): Promise<void> {
    for (let i = 0; i < concurrency; i += 1) {
      await this.#running().work<DeliveryJob>(DELIVERY_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handle(job.data);
      });
    }
  }

  /**
   * Jobs waiting in the queue (queued or retrying, not yet active): the metrics' queue depth,
   * as pg-boss's last monitor pass counted them; 0 before the queue starts (no webhook yet).
   */
  async size(): Promise<number> {
    if (!this.#started || !this.#boss) return 0;
    return (await this.#boss.getQueue(DELIVERY_QUEUE))?.queuedCount ?? 0;
  }

  /** Stops fetching, waits for running jobs (at most `timeoutMs`), leaves the database open (the app owns it). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started || !this.#boss) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, close: false, timeout: timeoutMs });
  }
}
