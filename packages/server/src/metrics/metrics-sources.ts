/**
 * What the metrics read when scraped: database pool use (PostgreSQL's pool, or PGlite's one
 * connection and the callers queued for it), exports and change streams open (the load
 * limits' slots), and the webhook backlog (outbox rows not yet relayed, delivery jobs
 * waiting). A backlog read is one bounded query, given at most BACKLOG_TIMEOUT_MS.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { poolStatsOf } from "../db/database";
import type { AppMetrics } from "./metrics";

const BACKLOG_TIMEOUT_MS = 2000;
/** Outbox rows counted at most (a larger backlog reads as this many). */
const BACKLOG_COUNT_CAP = 100_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function registerScrapeSources(app: FastifyInstance, metrics: AppMetrics): void {
  const pool = poolStatsOf(app.db);
  metrics.gauge("fieldwork_db_pool_connections", "Database connections by state (total, idle, waiting: callers queued for one).", ["state"], (gauge) => {
    const stats = pool?.();
    if (!stats) return;
    gauge.set({ state: "total" }, stats.total);
    gauge.set({ state: "idle" }, stats.idle);
    gauge.set({ state: "waiting" }, stats.waiting);
  });
  metrics.gauge("fieldwork_streams_open", "Data API exports and change streams running in this process.", ["kind"], (gauge) => {
    gauge.set({ kind: "export" }, app.slots.count("export"));
    gauge.set({ kind: "change_stream" }, app.slots.count("stream"));
  });
  metrics.gauge("fieldwork_webhook_queue_depth", "Webhook events waiting: outbox rows not yet relayed, delivery jobs not yet started.", ["stage"], async (gauge) => {
    try {
      const { rows } = await within(sql<{ n: number }>`
        select count(*)::int as n from (select 1 from outbox where relayed_at is null limit ${BACKLOG_COUNT_CAP}) pending`.execute(app.db), BACKLOG_TIMEOUT_MS);
      gauge.set({ stage: "outbox" }, rows[0]?.n ?? 0);
      const runner = app.webhooks.runner;
      if (runner) gauge.set({ stage: "jobs" }, await within(runner.queue.size(), BACKLOG_TIMEOUT_MS));
    } catch (error) {
      app.log.warn(`metrics: the webhook backlog was not read (${(error as Error).message})`);
    }
  });
}
