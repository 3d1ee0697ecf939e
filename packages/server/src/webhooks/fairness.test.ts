/**
 * Issue 19 item 6 on both backends: receivers that never answer, on many webhooks of one
 * organization, do not hold back another organization's delivery; a webhook that keeps
 * failing is paused by the circuit breaker until an editor resumes it; redeliveries are
 * rate limited.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { WEBHOOK_REDELIVER_LIMIT, type Webhook, type WebhookDelivery, type WebhookDeliveryPage } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "../db/schema";
import { as } from "../test/accounts";
import { describeEachAtOnce } from "../test/at-once";
import { BACKENDS } from "../test/backends";
import { eventually, FAST_WEBHOOKS, openWebhookFixture, startReceiver, type WebhookFixture } from "../test/webhooks";

const BREAKER = 3;

async function addOutbox(db: Kysely<DB>, formId: string, name: string): Promise<void> {
  const response = { id: crypto.randomUUID(), local_index: 1, created_at: new Date().toISOString(), customer_id: null, name };
  await sql`insert into outbox (form_id, type, payload)
    values (${formId}, 'response.created', ${JSON.stringify({ form_id: formId, response })}::jsonb)`.execute(db);
}

/** A receiver that reads each request and never answers. */
async function startHangingReceiver(): Promise<{ url: string; received: IncomingMessage[]; close(): Promise<void> }> {
  const received: IncomingMessage[] = [];
  const server: Server = createServer((request) => {
    received.push(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describeEachAtOnce(BACKENDS, "webhook fairness and the circuit breaker on $name", (backend) => {
  let f: WebhookFixture;
  let otherForm: string;
  const call = (form: string, method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
    as(f.app, f.owner)(method, `/private/editor/forms/${form}${path}`, body);
  const addWebhook = async (form: string, url: string): Promise<Webhook> => {
    const answer = await call(form, "POST", "/webhooks", { url });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data;
  };
  const deliveries = async (form: string, webhookId: string): Promise<WebhookDelivery[]> =>
    ((await call(form, "GET", `/webhook-deliveries?webhook_id=${webhookId}`)).json().data as WebhookDeliveryPage).deliveries;

  beforeAll(async () => {
    if (!backend.available) return;
    // Two workers, so an organization's share is one; attempts wait 20 s for an answer.
    f = await openWebhookFixture(backend, `fair-${backend.name}`, { ...FAST_WEBHOOKS, concurrency: 2, timeoutMs: 20_000, breakerFailures: BREAKER });
    const created = (await as(f.app, f.owner)("POST", "/private/editor/organizations", { name: `other-${backend.name}` })).json();
    if (!created.data) throw new Error(JSON.stringify(created));
    const org = created.data.id;
    const project = (await as(f.app, f.owner)("POST", `/private/editor/organizations/${org}/projects`, { name: "tenant-b" })).json().data.id;
    otherForm = (await as(f.app, f.owner)("POST", `/private/editor/projects/${project}/forms`, {
      title: "B", fields: [{ name: "name", type: "text", label: "Name" }], blocks: [],
    })).json().data.id;
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("delivers another organization's event while one organization's receivers hang", async () => {
    const hanging = await startHangingReceiver();
    const receiver = await startReceiver();
    try {
      for (let i = 0; i < 4; i += 1) await addWebhook(f.form_id, `${hanging.url}/hook-${i}`);
      await addWebhook(otherForm, receiver.url);
      await addOutbox(f.database.db, f.form_id, "A");
      await eventually(async () => hanging.received.length, (n) => n >= 1);
      await addOutbox(f.database.db, otherForm, "B");
      await receiver.waitFor(1);
      // B's event arrived while A's requests were still hanging, and before A's queue was worked through.
      expect(hanging.received.length).toBeLessThan(4);
      expect(hanging.received.every((request) => !request.socket.destroyed)).toBe(true);
    } finally {
      await hanging.close();
      await receiver.close();
      await f.database.db.deleteFrom("webhook").execute();
    }
  });

  it.skipIf(!backend.available)("pauses a webhook after failures in a row, sends nothing while paused, resumes on request, and rate-limits redelivery", async () => {
    const receiver = await startReceiver();
    try {
      receiver.respond = () => ({ status: 400, body: "broken" });
      const hook = await addWebhook(f.form_id, receiver.url);
      for (let i = 0; i < BREAKER; i += 1) {
        await addOutbox(f.database.db, f.form_id, `fail ${i}`);
        await receiver.waitFor(i + 1);
      }
      const paused = await eventually(async () => (await call(f.form_id, "GET", "/webhooks")).json().data[0] as Webhook, (w) => w.paused_at !== null);
      expect(paused.consecutive_failures).toBe(BREAKER);

      await addOutbox(f.database.db, f.form_id, "while paused");
      const log = await eventually(() => deliveries(f.form_id, hook.id), (d) => d.length === BREAKER + 1);
      expect(log[0]).toMatchObject({ status: "failed", http_status: null });
      expect(log[0]!.error).toMatch(/paused/);
      expect(receiver.received).toHaveLength(BREAKER);

      // Redelivery spam: a few go through, then 429 with Retry-After.
      const statuses: number[] = [];
      let refused: { headers: Record<string, unknown>; code: string } | undefined;
      for (let i = 0; i < 2 * WEBHOOK_REDELIVER_LIMIT.max + 5 && !refused; i += 1) {
        const answer = await call(f.form_id, "POST", `/webhook-deliveries/${log[0]!.id}/redeliver`);
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) refused = { headers: answer.headers, code: answer.json().error.code };
      }
      expect(refused).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(WEBHOOK_REDELIVER_LIMIT.max);
      expect(receiver.received).toHaveLength(BREAKER);

      // Resume: the count starts again and the next event is delivered.
      receiver.respond = () => ({ status: 200, body: "ok" });
      const resumed = (await call(f.form_id, "PATCH", `/webhooks/${hook.id}`, { paused: false })).json().data as Webhook;
      expect(resumed).toMatchObject({ paused_at: null, consecutive_failures: 0 });
      await addOutbox(f.database.db, f.form_id, "after resume");
      await eventually(() => deliveries(f.form_id, hook.id), (d) => d.some((x) => x.status === "delivered"));
    } finally {
      await receiver.close();
      await f.database.db.deleteFrom("webhook").execute();
    }
  });
});
