/**
 * Webhook delivery end to end on both backends, through a receiver on 127.0.0.1: an outbox
 * row reaches the receiver signed (and the documented check verifies it); a receiver that
 * fails twice gets three attempts, logged with their retry times; a 400 is not retried; a
 * redelivery carries the same event id; two relays never queue an outbox row twice; an
 * address refused by policy at delivery time is logged and not retried.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_HEADERS, type Webhook, type WebhookDelivery, type WebhookDeliveryPage, type WebhookEventBody } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { DB } from "../db/schema";
import { as } from "../test/accounts";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS, multipart } from "../test/backends";
import { eventually, FAST_WEBHOOKS, openWebhookFixture, startReceiver, type Receiver, type WebhookFixture } from "../test/webhooks";
import { WebhookRunner } from "./runner";
import { DEFAULT_WEBHOOK_CONFIG } from "./config";
import { DELIVERY_QUEUE } from "./queue";

/** The verification recipe of docs/webhooks.md, as a receiver would write it. */
function verify(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string): boolean {
  const timestamp = String(headers["fieldwork-timestamp"]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  const given = String(headers["fieldwork-signature"]).replace(/^v1=/, "");
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function addOutbox(db: Kysely<DB>, formId: string, name: string): Promise<number> {
  const response = { id: crypto.randomUUID(), local_index: 1, created_at: new Date().toISOString(), customer_id: null, name };
  const { rows } = await sql<{ id: number }>`insert into outbox (form_id, type, payload)
    values (${formId}, 'response.created', ${JSON.stringify({ form_id: formId, response })}::jsonb) returning id`.execute(db);
  return Number(rows[0]!.id);
}

describeEachAtOnce(BACKENDS, "webhook delivery on $name", (backend) => {
  let f: WebhookFixture;
  let receiver: Receiver;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    as(f.app, f.owner)(method, `/private/editor/forms/${f.form_id}${path}`, body);
  const addWebhook = async (url: string): Promise<Webhook> => {
    const answer = await call("POST", "/webhooks", { url });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data;
  };
  const deliveries = async (webhookId: string): Promise<WebhookDelivery[]> =>
    ((await call("GET", `/webhook-deliveries?webhook_id=${webhookId}`)).json().data as WebhookDeliveryPage).deliveries;

  beforeAll(async () => {
    if (backend.available) f = await openWebhookFixture(backend, `hooks-${backend.name}`);
  });
  afterAll(async () => f?.close());
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    if (f) await f.database.db.deleteFrom("webhook").execute();
  });

  it.skipIf(!backend.available)("delivers an outbox event as signed JSON that the documented check verifies, and logs it", async () => {
    const hook = await addWebhook(receiver.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await addOutbox(f.database.db, f.form_id, "Ada");
    const [request] = await receiver.waitFor(1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(verify(hook.secret, request!.headers, request!.body)).toBe(true);
    expect(verify(hook.secret, request!.headers, request!.body.replace("Ada", "Eve"))).toBe(false);
    const event = JSON.parse(request!.body) as WebhookEventBody<{ form_id: string; response: { name: string } }>;
    expect(event).toMatchObject({ type: "response.created", form_id: f.form_id, data: { form_id: f.form_id, response: { name: "Ada" } } });
    expect(request!.headers[WEBHOOK_HEADERS.event_id]).toBe(event.id);
    expect(request!.headers[WEBHOOK_HEADERS.event_type]).toBe("response.created");
    const log = await eventually(() => deliveries(hook.id), (d) => d.length === 1);
    expect(log[0]).toMatchObject({ status: "delivered", http_status: 200, attempt: 1, response_excerpt: "ok", error: null, next_retry_at: null, event_id: event.id });

    // Redeliver: the same event (same id and body) once more, logged as a new attempt chain.
    const again = await call("POST", `/webhook-deliveries/${log[0]!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    const both = await receiver.waitFor(2);
    expect(JSON.parse(both[1]!.body)).toEqual(event);
    await eventually(() => deliveries(hook.id), (d) => d.length === 2);
  });

  it.skipIf(!backend.available)("retries a receiver that fails twice and logs three attempts with their retry times", async () => {
    receiver.respond = (n) => (n < 2 ? { status: n === 0 ? 503 : 429, body: "busy" } : { status: 204 });
    const hook = await addWebhook(receiver.url);
    await addOutbox(f.database.db, f.form_id, "Cy");
    const got = await receiver.waitFor(3, 20_000);
    const ids = new Set(got.map((r) => r.headers[WEBHOOK_HEADERS.event_id]));
    expect(ids.size).toBe(1);
    // Backoff: 1 s then 2 s (retryBaseSeconds 1).
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(900);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(1900);
    const log = (await eventually(() => deliveries(hook.id), (d) => d.length === 3)).reverse();
    expect(log.map((d) => [d.attempt, d.status, d.http_status])).toEqual([[1, "retrying", 503], [2, "retrying", 429], [3, "delivered", 204]]);
    expect(log[0]!.response_excerpt).toBe("busy");
    expect(Date.parse(log[0]!.next_retry_at!) - Date.parse(log[0]!.created_at)).toBeGreaterThanOrEqual(900);
    expect(log[2]!.next_retry_at).toBeNull();
  });

  it.skipIf(!backend.available)("does not retry a 400", async () => {
    receiver.respond = () => ({ status: 400, body: "no thanks" });
    const hook = await addWebhook(receiver.url);
    await addOutbox(f.database.db, f.form_id, "Bo");
    await receiver.waitFor(1);
    const log = await eventually(() => deliveries(hook.id), (d) => d.length === 1);
    expect(log[0]).toMatchObject({ status: "failed", http_status: 400, attempt: 1, next_retry_at: null, response_excerpt: "no thanks" });
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(hook.id)).toHaveLength(1);
  });

  it.skipIf(!backend.available)("sends nothing to a disabled webhook and one request per event to each enabled one", async () => {
    const other = await startReceiver();
    try {
      await addWebhook(receiver.url);
      const off = await addWebhook(other.url);
      expect((await call("PATCH", `/webhooks/${off.id}`, { enabled: false })).json().data.enabled).toBe(false);
      await addOutbox(f.database.db, f.form_id, "One");
      await receiver.waitFor(1);
      await new Promise((r) => setTimeout(r, 1200));
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it.skipIf(!backend.available)("relays each outbox row exactly once while a second server's relay and workers run too", async () => {
    const second = new WebhookRunner(f.database.db, { ...DEFAULT_WEBHOOK_CONFIG, ...FAST_WEBHOOKS }, { warn: () => {}, error: () => {} });
    await second.start();
    try {
      const hook = await addWebhook(receiver.url);
      const outboxIds: number[] = [];
      for (let i = 0; i < 30; i += 1) outboxIds.push(await addOutbox(f.database.db, f.form_id, `n${i}`));
      // Both relays also race head to head on the same rows.
      await Promise.all([second.relayOnce(), second.relayOnce(), f.app.webhooks.runner!.relayOnce()]);
      await receiver.waitFor(30);
      await new Promise((r) => setTimeout(r, 1500));
      const eventIds = receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.event_id]);
      expect(eventIds).toHaveLength(30);
      expect(new Set(eventIds).size).toBe(30);
      // Jobs the relay queued (a job deferred for its fair share, fair-share.ts, is queued again with `deferrals`).
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${DELIVERY_QUEUE} and (data->>'outbox_id')::bigint = any(${outboxIds}::bigint[]) and data->'deferrals' is null`.execute(f.database.db);
      expect(rows[0]!.n).toBe(30);
      expect(await deliveries(hook.id)).toHaveLength(30);
    } finally {
      await second.stop();
    }
  });

  it.skipIf(!backend.available)("sends response.created for a real submit through POST /submit/{form_id}", async () => {
    const hook = await addWebhook(receiver.url);
    const body = multipart({ name: "Grace" });
    const submitted = await f.app.inject({
      method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [request] = await receiver.waitFor(1);
    expect(verify(hook.secret, request!.headers, request!.body)).toBe(true);
    const event = JSON.parse(request!.body) as WebhookEventBody<{ form_id: string; response: Record<string, unknown> }>;
    expect(event.type).toBe("response.created");
    expect(event.data.form_id).toBe(f.form_id);
    expect(event.data.response).toMatchObject({ name: "Grace", local_index: expect.any(Number), id: expect.any(String) });
    const stored = await sql<{ id: string }>`select id::text from outbox where form_id = ${f.form_id} and payload->'response'->>'name' = 'Grace'`.execute(f.database.db);
    expect(stored.rows).toHaveLength(1);
  });

  it.skipIf(!backend.available)("writes no response.created event for a submit while the form has no enabled webhook, and one per answer once it has", async () => {
    const events = async () => (await sql<{ n: number }>`
      select count(*)::int as n from outbox where form_id = ${f.form_id} and type = 'response.created'`.execute(f.database.db)).rows[0]!.n;
    const send = async (name: string) => {
      const body = multipart({ name });
      const answer = await f.app.inject({
        method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    const before = await events();
    await send("Nobody listens");
    expect(await events()).toBe(before);
    const hook = await addWebhook(receiver.url);
    expect((await call("PATCH", `/webhooks/${hook.id}`, { enabled: false })).statusCode).toBe(200);
    await send("Disabled");
    expect(await events()).toBe(before);
    expect((await call("PATCH", `/webhooks/${hook.id}`, { enabled: true })).statusCode).toBe(200);
    await send("Heard");
    expect(await events()).toBe(before + 1);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body).data.response.name).toBe("Heard");
  });

  it.skipIf(!backend.available)("refuses a private address at delivery time when private networks are not allowed, without retrying", async () => {
    const strict = new WebhookRunner(f.database.db, { ...DEFAULT_WEBHOOK_CONFIG, ...FAST_WEBHOOKS, allowPrivateNetworks: false }, { warn: () => {}, error: () => {} });
    // Only the strict runner may deliver: the fixture's own runner allows private networks.
    await f.app.webhooks.runner!.stop();
    await strict.start();
    try {
      const hook = await addWebhook(receiver.url);
      await addOutbox(f.database.db, f.form_id, "Mallory");
      const log = await eventually(() => deliveries(hook.id), (d) => d.length === 1);
      expect(log[0]).toMatchObject({ status: "failed", http_status: null, attempt: 1, next_retry_at: null });
      expect(log[0]!.error).toMatch(/^Refused: .*127\.0\.0\.1.*private/);
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.stop();
    }
  });
});
