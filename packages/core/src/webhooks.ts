/**
 * Webhooks (docs/webhooks.md): the events a form sends, what an owner may save as a
 * webhook URL, how deliveries are signed and retried, and the private API's shapes. The
 * server delivers and checks addresses; the workbench shows the same rules' messages.
 */
import { LIMITS } from "./limits";
import { z } from "zod";

export const WEBHOOK_EVENT_TYPES = ["response.created"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Attempts per event and webhook, the first included. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * The circuit breaker: this many failed attempts in a row (no 2xx between them) pause a
 * webhook; nothing is sent until an editor resumes it (docs/webhooks.md "Dead receivers").
 */
export const WEBHOOK_BREAKER_FAILURES = 10;
/** Redeliveries one form may be asked for per window (429 RATE_LIMITED past it). */
export const WEBHOOK_REDELIVER_LIMIT = { max: 20, window_seconds: 60 } as const;
/** Characters of a receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_LENGTH = 512;
export const WEBHOOKS_PER_FORM = LIMITS.webhooks_per_form;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;

/** Headers of every delivery (lowercase, as Node and fetch read them). */
export const WEBHOOK_HEADERS = {
  event_id: "fieldwork-event-id",
  event_type: "fieldwork-event-type",
  timestamp: "fieldwork-timestamp",
  signature: "fieldwork-signature",
} as const;

/**
 * What the signature covers: `${timestamp}.${body}`, the timestamp being the
 * `Fieldwork-Timestamp` header (Unix seconds) and the body the raw bytes as received.
 * `Fieldwork-Signature` is `v1=` and the hex HMAC-SHA256 of it under the webhook's secret.
 */
export function webhookSignedContent(timestamp: number | string, body: string): string {
  return `${timestamp}.${body}`;
}

/**
 * Why an owner cannot save this URL, or `null`. Only `http:`/`https:`, no user or
 * password, a host, at most 2,048 characters. Where the host points (public or private)
 * is the server's check, when saved and again at each delivery.
 */
export function webhookUrlProblem(url: string): string | null {
  if (url.length === 0) return "Enter the URL that should receive the events.";
  if (url.length > WEBHOOK_URL_MAX_LENGTH) return `A webhook URL has at most ${WEBHOOK_URL_MAX_LENGTH} characters.`;
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return "A webhook URL may not contain spaces or control characters.";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "This is not a URL. Use an address like https://example.com/hooks/fieldwork.";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "Use an http: or https: URL.";
  if (parsed.username !== "" || parsed.password !== "") return "A webhook URL may not carry a user name or password; use the signing secret to authenticate.";
  if (parsed.hostname === "") return "A webhook URL needs a host.";
  return null;
}

/** Whether an answer with this HTTP status is worth another attempt (5xx, 429, 408). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * Seconds before attempt `attempt + 1` after attempt `attempt` failed: `base`, then doubling
 * (30 s, 1 min, 2 min … with the default base), at most 6 hours.
 */
export function webhookRetryDelaySeconds(attempt: number, base = 30): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), 6 * 60 * 60);
}

export const WebhookCreateBody = z.strictObject({
  url: z.string().max(WEBHOOK_URL_MAX_LENGTH * 2),
  enabled: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
});
export const WebhookUpdateBody = WebhookCreateBody.partial().extend({
  /** `false` resumes a webhook the circuit breaker paused (and clears its failure count); `true` pauses it. */
  paused: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreateBody>;
export type WebhookUpdate = z.infer<typeof WebhookUpdateBody>;

export const WebhookDeliveryQuery = z.strictObject({
  /** Deliveries with an id below this one (the previous page's `next_before`). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(WEBHOOK_DELIVERY_PAGE_SIZE),
  webhook_id: z.string().max(64).optional(),
});

export interface Webhook {
  id: string;
  form_id: string;
  url: string;
  /** Signs every delivery; shown to editors and owners, replaced by "rotate". */
  secret: string;
  enabled: boolean;
  events: WebhookEventType[];
  created_at: string;
  updated_at: string;
  /** Failed attempts in a row; WEBHOOK_BREAKER_FAILURES of them pause the webhook. */
  consecutive_failures: number;
  /** When the circuit breaker (or an editor) paused it; `null` while it delivers. */
  paused_at: string | null;
}

export const WEBHOOK_DELIVERY_STATUSES = ["delivered", "retrying", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt to deliver one event to one webhook. */
export interface WebhookDelivery {
  id: number;
  webhook_id: string;
  event_id: string;
  event_type: WebhookEventType;
  attempt: number;
  status: WebhookDeliveryStatus;
  /** `null` when no answer came (refused address, network error, timeout). */
  http_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  /** Pass as `before` for older deliveries; `null` on the last page. */
  next_before: number | null;
}

/** The JSON body of a delivery. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  type: WebhookEventType;
  created_at: string;
  form_id: string;
  data: T;
}
