/**
 * The owner's webhooks of one form: list, create, change, delete, rotate the secret. The
 * form's access is checked by the route; here every query is also scoped by `form_id`, so
 * a webhook id of another form is NOT_FOUND. URLs are checked by core's rule, then by where
 * they point (address-policy.ts).
 */
import {
  FieldworkError, WEBHOOK_EVENT_TYPES, webhookUrlProblem, WEBHOOKS_PER_FORM,
  type Webhook, type WebhookCreate, type WebhookEventType, type WebhookUpdate,
} from "@fieldwork/core";
import type { Kysely, Selectable } from "kysely";
import type { DB, WebhookTable } from "../db/schema";
import { assertPublicTarget } from "./address-policy";
import { newWebhookSecret } from "./signing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from a URL are checked before they reach a `uuid` column (a malformed one is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function toWebhook(row: Selectable<WebhookTable>): Webhook {
  return {
    id: row.id, form_id: row.form_id, url: row.url, secret: row.secret, enabled: row.enabled,
    events: row.events.filter((e): e is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e)),
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
    consecutive_failures: row.consecutive_failures, paused_at: row.paused_at ? new Date(row.paused_at).toISOString() : null,
  };
}

async function checkedUrl(url: string, allowPrivate: boolean): Promise<string> {
  const problem = webhookUrlProblem(url);
  if (problem) throw new FieldworkError("WEBHOOK_URL_INVALID", problem, ["url"]);
  await assertPublicTarget(url, allowPrivate);
  return url;
}

export async function listWebhooks(db: Kysely<DB>, formId: string): Promise<Webhook[]> {
  const rows = await db.selectFrom("webhook").selectAll().where("form_id", "=", formId).orderBy("created_at").orderBy("id").execute();
  return rows.map(toWebhook);
}

export async function createWebhook(db: Kysely<DB>, formId: string, input: WebhookCreate, allowPrivate: boolean): Promise<Webhook> {
  const url = await checkedUrl(input.url, allowPrivate);
  return db.transaction().execute(async (trx) => {
    // One at a time per form, so the count below holds until commit.
    await trx.selectFrom("form").select("id").where("id", "=", formId).forUpdate().executeTakeFirst();
    const { count } = await trx.selectFrom("webhook").select((eb) => eb.fn.countAll<number>().as("count"))
      .where("form_id", "=", formId).executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOKS_PER_FORM) throw new FieldworkError("TOO_MANY_WEBHOOKS");
    const row = await trx.insertInto("webhook").values({
      form_id: formId, url, secret: newWebhookSecret(), enabled: input.enabled ?? true,
      events: [...new Set(input.events ?? ["response.created"])],
    }).returningAll().executeTakeFirstOrThrow();
    return toWebhook(row);
  });
}

export async function updateWebhook(db: Kysely<DB>, formId: string, id: string, patch: WebhookUpdate, allowPrivate: boolean): Promise<Webhook> {
  if (!isUuid(id)) throw new FieldworkError("NOT_FOUND");
  const url = patch.url === undefined ? undefined : await checkedUrl(patch.url, allowPrivate);
  const row = await db.updateTable("webhook").set({
    ...(url === undefined ? {} : { url }),
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
    ...(patch.events === undefined ? {} : { events: [...new Set(patch.events)] }),
    ...(patch.paused === undefined ? {} : patch.paused ? { paused_at: new Date() } : { paused_at: null, consecutive_failures: 0 }),
    updated_at: new Date(),
  }).where("id", "=", id).where("form_id", "=", formId).returningAll().executeTakeFirst();
  if (!row) throw new FieldworkError("NOT_FOUND");
  return toWebhook(row);
}

export async function rotateWebhookSecret(db: Kysely<DB>, formId: string, id: string): Promise<Webhook> {
  if (!isUuid(id)) throw new FieldworkError("NOT_FOUND");
  const row = await db.updateTable("webhook").set({ secret: newWebhookSecret(), updated_at: new Date() })
    .where("id", "=", id).where("form_id", "=", formId).returningAll().executeTakeFirst();
  if (!row) throw new FieldworkError("NOT_FOUND");
  return toWebhook(row);
}

export async function deleteWebhook(db: Kysely<DB>, formId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new FieldworkError("NOT_FOUND");
  const result = await db.deleteFrom("webhook").where("id", "=", id).where("form_id", "=", formId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new FieldworkError("NOT_FOUND");
}
