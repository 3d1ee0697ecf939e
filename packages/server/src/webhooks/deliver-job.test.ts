import { WEBHOOK_MAX_ATTEMPTS } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { attemptVerdict } from "./deliver-job";
import { deliveryJobId } from "./queue";
import type { AttemptOutcome } from "./send-request";

const outcome = (http_status: number | null, refused = false): AttemptOutcome =>
  ({ http_status, duration_ms: 3, response_excerpt: null, error: http_status === null ? "ECONNREFUSED" : null, refused });
const NOW = Date.parse("2026-01-01T00:00:00Z");

describe("what becomes of a delivery attempt", () => {
  it("counts any 2xx as delivered", () => {
    for (const status of [200, 201, 202, 204, 299]) expect(attemptVerdict(outcome(status), 1, 30, NOW)).toEqual({ status: "delivered", next_retry_at: null });
  });
  it("retries no answer, 5xx, 429 and 408 after the doubling delay", () => {
    expect(attemptVerdict(outcome(null), 1, 30, NOW)).toEqual({ status: "retrying", next_retry_at: new Date(NOW + 30_000) });
    expect(attemptVerdict(outcome(503), 3, 30, NOW).next_retry_at).toEqual(new Date(NOW + 120_000));
    expect(attemptVerdict(outcome(429), 1, 1, NOW).status).toBe("retrying");
    expect(attemptVerdict(outcome(408), 1, 1, NOW).status).toBe("retrying");
  });
  it("gives up on other 4xx, on 3xx, on a refused address and after the last attempt", () => {
    for (const status of [301, 400, 401, 403, 404, 410, 422]) expect(attemptVerdict(outcome(status), 1, 30, NOW).status).toBe("failed");
    expect(attemptVerdict(outcome(null, true), 1, 30, NOW)).toEqual({ status: "failed", next_retry_at: null });
    expect(attemptVerdict(outcome(500), WEBHOOK_MAX_ATTEMPTS, 30, NOW)).toEqual({ status: "failed", next_retry_at: null });
    expect(attemptVerdict(outcome(500), WEBHOOK_MAX_ATTEMPTS - 1, 30, NOW).status).toBe("retrying");
  });
});

describe("delivery job ids", () => {
  it("are the same uuid for the same event, webhook and attempt, and differ otherwise", () => {
    const job = { outbox_id: 7, webhook_id: "0b7c3c1e-2f9a-4a55-8d7e-6f1a2b3c4d5e", attempt: 1 };
    expect(deliveryJobId(job)).toBe(deliveryJobId({ ...job }));
    expect(deliveryJobId(job)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([deliveryJobId(job), deliveryJobId({ ...job, attempt: 2 }), deliveryJobId({ ...job, outbox_id: 8 })]).size).toBe(3);
  });
});
