/**
 * One delivery job: build the event's body, sign it, POST it (send-request.ts), log the
 * attempt in `webhook_delivery` and, when it failed in a way worth retrying (no answer, 5xx,
 * 429, 408) and attempts remain, queue the next attempt after core's backoff, in the same
 * transaction as the log row. A webhook deleted or disabled meanwhile is skipped.
 */
import {
  isRetryableStatus, WEBHOOK_HEADERS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds,
  type WebhookDeliveryStatus, type WebhookEventBody, type WebhookEventType,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { WebhookConfig } from "./config";
import type { DeliveryJob, DeliveryQueue } from "./queue";
import { sendRequest, type AttemptOutcome } from "./send-request";
import { webhookSignature } from "./signing";

export interface DeliverDeps { db: Kysely<DB>; queue: DeliveryQueue; config: WebhookConfig }

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
    .select(["outbox.form_id", "outbox.type", "outbox.payload", "outbox.event_id", "outbox.created_at", "webhook.url", "webhook.secret", "webhook.enabled"])
    .where("outbox.id", "=", job.outbox_id).where("webhook.id", "=", job.webhook_id).executeTakeFirst();
  if (!row || !row.enabled) return;
  const event: WebhookEventBody = {
    id: row.event_id, type: row.type as WebhookEventType, created_at: new Date(row.created_at).toISOString(),
    form_id: row.form_id, data: row.payload,
  };
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await sendRequest({
    url: row.url, body, timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivateNetworks,
    headers: {
      "content-type": "application/json", "user-agent": WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.event_id]: row.event_id, [WEBHOOK_HEADERS.event_type]: row.type,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp), [WEBHOOK_HEADERS.signature]: webhookSignature(row.secret, timestamp, body),
    },
  });
  const verdict = attemptVerdict(outcome, job.attempt, config.retryBaseSeconds, Date.now());
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("webhook_delivery").values({
      webhook_id: job.webhook_id, form_id: row.form_id, outbox_id: job.outbox_id, event_id: row.event_id, event_type: row.type,
      attempt: job.attempt, status: verdict.status, http_status: outcome.http_status, duration_ms: outcome.duration_ms,
      response_excerpt: outcome.response_excerpt, error: outcome.error, next_retry_at: verdict.next_retry_at,
    }).execute();
    if (verdict.next_retry_at) await queue.send({ ...job, attempt: job.attempt + 1 }, trx, verdict.next_retry_at);
  });
}
