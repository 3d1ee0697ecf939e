/**
 * The delivery log of one form, newest first, paged by id (`before`), and "Redeliver": a
 * new outbox row for that webhook only, carrying the original event's id and payload, so
 * the relay queues it like any event and the receiver can tell it is the same event.
 */
import {
  FieldworkError, WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookDeliveryPage, type WebhookEventType,
} from "@fieldwork/core";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, WebhookDeliveryTable } from "../db/schema";
import { isUuid } from "./webhook-service";

export function toDelivery(row: Selectable<WebhookDeliveryTable>): WebhookDelivery {
  const type = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(row.event_type) ? row.event_type as WebhookEventType : "response.created";
  return {
    id: Number(row.id), webhook_id: row.webhook_id, event_id: row.event_id, event_type: type, attempt: row.attempt,
    status: row.status, http_status: row.http_status, duration_ms: row.duration_ms, response_excerpt: row.response_excerpt,
    error: row.error, next_retry_at: row.next_retry_at ? new Date(row.next_retry_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface DeliveryQuery { before?: number | undefined; limit: number; webhook_id?: string | undefined }

export async function listDeliveries(db: Kysely<DB>, formId: string, query: DeliveryQuery): Promise<WebhookDeliveryPage> {
  if (query.webhook_id !== undefined && !isUuid(query.webhook_id)) return { deliveries: [], next_before: null };
  let select = db.selectFrom("webhook_delivery").selectAll().where("form_id", "=", formId);
  if (query.webhook_id !== undefined) select = select.where("webhook_id", "=", query.webhook_id);
  if (query.before !== undefined) select = select.where("id", "<", query.before);
  const rows = await select.orderBy("id", "desc").limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit).map(toDelivery);
  return { deliveries: page, next_before: rows.length > query.limit ? page[page.length - 1]!.id : null };
}

/** Queues the delivery's event again for its webhook; the answer is the new outbox row's id. */
export async function redeliver(db: Kysely<DB>, formId: string, deliveryId: number): Promise<{ outbox_id: number }> {
  const row = await sql<{ id: number }>`
    insert into outbox (form_id, type, payload, event_id, webhook_id, created_at)
    select o.form_id, o.type, o.payload, o.event_id, d.webhook_id, o.created_at
    from webhook_delivery d join outbox o on o.id = d.outbox_id
    where d.id = ${deliveryId} and d.form_id = ${formId}
    returning id`.execute(db);
  const inserted = row.rows[0];
  if (!inserted) throw new FieldworkError("NOT_FOUND");
  return { outbox_id: Number(inserted.id) };
}
