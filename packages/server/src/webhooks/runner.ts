/**
 * Webhooks on one server: the delivery queue's workers and the outbox relay, polling every
 * `relayIntervalMs` (a pass that found a full batch runs again at once). Started with the
 * app when webhooks are on (main.ts), stopped by the app's close: no timer or job outlives it.
 * The queue itself (pg-boss: its schema, its workers' polling) starts at the first relay pass
 * that sees a webhook, so a server whose owners made none never loads pg-boss.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { WebhookConfig } from "./config";
import { deliverJob, type DeliveryObserver } from "./deliver-job";
import { FairShare, tenantShare } from "./fair-share";
import { DeliveryQueue } from "./queue";
import { RELAY_BATCH, relayOutbox } from "./relay";

export interface RunnerLog { warn(message: string): void; error(message: string): void }

export class WebhookRunner {
  readonly #db: Kysely<DB>;
  readonly #config: WebhookConfig;
  readonly #log: RunnerLog;
  readonly #queue: DeliveryQueue;
  readonly #observe: DeliveryObserver | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<void> | undefined;
  #running = false;
  #options: { deliver?: boolean } = {};
  #queueStart: Promise<void> | undefined;

  /** `observe`: each attempt's outcome (plugin.ts logs it with the request id and counts it). */
  constructor(db: Kysely<DB>, config: WebhookConfig, log: RunnerLog, observe?: DeliveryObserver) {
    this.#db = db;
    this.#observe = observe;
    this.#config = config;
    this.#log = log;
    this.#queue = new DeliveryQueue(db, (error) => log.warn(`webhook queue: ${error.message}`));
  }

  get queue(): DeliveryQueue {
    return this.#queue;
  }

  async start(options: { relay?: boolean; deliver?: boolean } = {}): Promise<void> {
    this.#options = options;
    this.#running = true;
    await this.#startQueueIfWebhooks();
    if (options.relay !== false) this.#schedule(0);
  }

  /** Starts the queue and its workers once any webhook exists (once; a failed start is tried again). */
  async #startQueueIfWebhooks(): Promise<void> {
    if (!this.#queueStart) {
      const { rows } = await sql<{ any: boolean }>`select exists (select 1 from webhook) as any`.execute(this.#db);
      if (!rows[0]?.any || !this.#running) return;
      // A concurrent pass may have begun the start while this one read: wait for that one.
      this.#queueStart ??= this.#startQueue().catch((error: unknown) => {
        this.#queueStart = undefined;
        throw error;
      });
    }
    await this.#queueStart;
  }

  async #startQueue(): Promise<void> {
    await this.#queue.start();
    if (this.#options.deliver !== false) {
      const share = new FairShare(tenantShare(this.#config.concurrency));
      await this.#queue.work(this.#config.concurrency, (job) => deliverJob({ db: this.#db, queue: this.#queue, config: this.#config, share, ...(this.#observe ? { observe: this.#observe } : {}) }, job));
    }
  }

  /**
   * One relay pass now (tests; also what the timer runs). Without any webhook it still stamps
   * the outbox (no event waits for a webhook made later); a webhook made during the pass
   * finds the queue not started, the pass rolls back and the next one relays.
   */
  async relayOnce(): Promise<number> {
    await this.#startQueueIfWebhooks();
    return relayOutbox(this.#db, this.#queue);
  }

  #schedule(delay: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#pass = this.relayOnce().then(
        (count) => this.#schedule(count >= RELAY_BATCH ? 0 : this.#config.relayIntervalMs),
        (error: Error) => {
          if (this.#running) this.#log.warn(`webhook relay: ${error.message}`);
          this.#schedule(this.#config.relayIntervalMs);
        },
      );
    }, delay);
  }

  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#pass;
    await this.#queueStart?.catch(() => {});
    await this.#queue.stop();
  }
}
