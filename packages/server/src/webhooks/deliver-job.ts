/**
 * One delivery job: build the event's body, sign it, POST it (send-request.ts), log the
 * attempt in `webhook_delivery` and, when it failed in a way worth retrying (no answer, 5xx,
 * 429, 408) and attempts remain, queue the next attempt after core's backoff, in the same
 * transaction as the log row. A webhook deleted or disabled meanwhile is skipped.
 *
 * Fairness and dead receivers: a job whose webhook already has an attempt in flight here, or
 * whose organization holds its share of the workers (fair-share.ts), is queued again a little
 * later. Each attempt updates the webhook's `consecutive_failures`; `breakerFailures` of them
 * in a row pause it (`paused_at`, the circuit breaker): a paused webhook's jobs are logged as
 * failed without a request, and no retry is queued, until an editor resumes it.
 */
import {
  isRetryableStatus, WEBHOOK_BREAKER_FAILURES, WEBHOOK_HEADERS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds,
  type WebhookDeliveryStatus, type WebhookEventBody, type WebhookEventType,
} from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { WebhookConfig } from "./config";
import { deferSeconds, type FairShare } from "./fair-share";
import type { DeliveryJob, DeliveryQueue } from "./queue";
import { sendRequest, type AttemptOutcome } from "./send-request";
import { webhookSignature } from "./signing";

/** Where each attempt's outcome goes: a log line naming the request that made the event, and the metrics. */
export interface DeliveryObserver {
  (attempt: { request_id: string | null; webhook_id: string; outbox_id: number; attempt: number; status: WebhookDeliveryStatus; http_status: number | null }): void;
}

export interface DeliverDeps {
  db: Kysely<DB>; queue: DeliveryQueue; config: WebhookConfig;
  /** This server's fair share of workers per webhook and organization; none in unit tests. */
  share?: FairShare;
  observe?: DeliveryObserver;
}

export const WEBHOOK_USER_AGENT = "Fieldwork-Webhooks/1";

/** What becomes of an attempt: its status and, when retried, when. */
export function attemptVerdict(outcome: AttemptOutcome, attempt: number, retryBaseSeconds: number, now: number):
  { status: WebhookDeliveryStatus; next_retry_at: Date | null } {
  const status = outcome.http_status;
  if (status !== null && status >= 200 && status < 300) return { status: "delivered", next_retry_at: null };
  const retryable = !outcome.refused && (status === null || isRetryableStatus(status));
  if (!retryable || attempt >= WEBHOOK_MAX_ATTEMPTS) return { status: "failed", next_retry_at: null };
  return { status: "retrying", next_retry_at: new Date(now + webhookRetryDelaySeconds(attempt, retryBaseSeconds) * 1000) };
}

export async function deliverJob(deps: DeliverDeps, job: DeliveryJob): Promise<void> {
  const { db, queue, config } = deps;
  const row = await db.selectFrom("outbox").innerJoin("webhook", "webhook.form_id", "outbox.form_id")
    .innerJoin("form", "form.id", "outbox.form_id").innerJoin("project", "project.id", "form.project_id")
    .select([
      "outbox.form_id", "outbox.type", "outbox.payload", "outbox.event_id", "outbox.created_at", "webhook.url", "webhook.secret",
      "webhook.enabled", "webhook.paused_at", "project.organization_id",
    ])
    .where("outbox.id", "=", job.outbox_id).where("webhook.id", "=", job.webhook_id).executeTakeFirst();
  if (!row || !row.enabled) return;
  const logAttempt = async (trx: Kysely<DB>, outcome: AttemptOutcome, verdict: { status: WebhookDeliveryStatus; next_retry_at: Date | null }) => {
    await trx.insertInto("webhook_delivery").values({
      webhook_id: job.webhook_id, form_id: row.form_id, outbox_id: job.outbox_id, event_id: row.event_id, event_type: row.type,
      attempt: job.attempt, status: verdict.status, http_status: outcome.http_status, duration_ms: outcome.duration_ms,
      response_excerpt: outcome.response_excerpt, error: outcome.error, next_retry_at: verdict.next_retry_at,
    }).execute();
    deps.observe?.({
      request_id: job.request_id ?? null, webhook_id: job.webhook_id, outbox_id: job.outbox_id, attempt: job.attempt,
      status: verdict.status, http_status: outcome.http_status,
    });
  };
  if (row.paused_at) {
    await logAttempt(db, {
      http_status: null, duration_ms: 0, response_excerpt: null, refused: false,
      error: "Not sent: this webhook is paused after repeated failures. Resume it to deliver again.",
    }, { status: "failed", next_retry_at: null });
    return;
  }
  const release = deps.share ? deps.share.acquire(job.webhook_id, row.organization_id) : () => undefined;
  if (!release) {
    const deferrals = (job.deferrals ?? 0) + 1;
    await queue.send({ ...job, deferrals }, undefined, new Date(Date.now() + deferSeconds(deferrals) * 1000));
    return;
  }
  const event: WebhookEventBody = {
    id: row.event_id, type: row.type as WebhookEventType, created_at: new Date(row.created_at).toISOString(),
    form_id: row.form_id, data: row.payload,
  };
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  let outcome: AttemptOutcome;
  try {
    outcome = await sendRequest({
      url: row.url, body, timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivateNetworks,
      headers: {
        "content-type": "application/json", "user-agent": WEBHOOK_USER_AGENT,
        [WEBHOOK_HEADERS.event_id]: row.event_id, [WEBHOOK_HEADERS.event_type]: row.type,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp), [WEBHOOK_HEADERS.signature]: webhookSignature(row.secret, timestamp, body),
      },
    });
  } finally {
    release();
  }
  let verdict = attemptVerdict(outcome, job.attempt, config.retryBaseSeconds, Date.now());
  const breakerFailures = config.breakerFailures ?? WEBHOOK_BREAKER_FAILURES;
  await db.transaction().execute(async (trx) => {
    const delivered = verdict.status === "delivered";
    const { rows } = await sql<{ paused: boolean }>`
      update webhook set
        consecutive_failures = ${delivered ? sql`0` : sql`consecutive_failures + 1`},
        paused_at = case when ${!delivered} and paused_at is null and consecutive_failures + 1 >= ${breakerFailures} then now() else paused_at end
      where id = ${job.webhook_id}
      returning paused_at is not null as paused`.execute(trx);
    if (rows[0]?.paused && verdict.next_retry_at) verdict = { status: "failed", next_retry_at: null };
    await logAttempt(trx, outcome, verdict);
    if (verdict.next_retry_at) {
      await queue.send({ outbox_id: job.outbox_id, webhook_id: job.webhook_id, attempt: job.attempt + 1, request_id: job.request_id ?? null }, trx, verdict.next_retry_at);
    }
  });
}
