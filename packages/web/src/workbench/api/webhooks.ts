/**
 * A form's webhooks and their delivery log (docs/webhooks.md; routes/private/webhooks.ts).
 * Editors and owners only: answers carry signing secrets.
 */
import type { Webhook, WebhookCreate, WebhookDeliveryPage, WebhookUpdate } from "@fieldwork/core";
import type { WriteOptions } from "./form-editor";
import { privateRequest, seg } from "./http";

const form = (form_id: string) => `/forms/${seg(form_id)}`;

export function fetchWebhooks(form_id: string, signal?: AbortSignal): Promise<Webhook[]> {
  return privateRequest<Webhook[]>("GET", `${form(form_id)}/webhooks`, { signal });
}

export function createWebhook(form_id: string, body: WebhookCreate, options: WriteOptions): Promise<Webhook> {
  return privateRequest("POST", `${form(form_id)}/webhooks`, { ...options, body });
}

export function updateWebhook(form_id: string, id: string, body: WebhookUpdate, options: WriteOptions): Promise<Webhook> {
  return privateRequest("PATCH", `${form(form_id)}/webhooks/${seg(id)}`, { ...options, body });
}

export function rotateWebhookSecret(form_id: string, id: string, options: WriteOptions): Promise<Webhook> {
  return privateRequest("POST", `${form(form_id)}/webhooks/${seg(id)}/rotate-secret`, options);
}

export function deleteWebhook(form_id: string, id: string, options: WriteOptions): Promise<{ deleted: true }> {
  return privateRequest("DELETE", `${form(form_id)}/webhooks/${seg(id)}`, options);
}

/** Newest first; `before` is the previous page's `next_before`. */
export function fetchDeliveries(form_id: string, before: number | null, signal?: AbortSignal): Promise<WebhookDeliveryPage> {
  const query = before === null ? "" : `?before=${before}`;
  return privateRequest<WebhookDeliveryPage>("GET", `${form(form_id)}/webhook-deliveries${query}`, { signal });
}

export function redeliver(form_id: string, delivery_id: number, options: WriteOptions): Promise<{ outbox_id: number }> {
  return privateRequest("POST", `${form(form_id)}/webhook-deliveries/${delivery_id}/redeliver`, options);
}
