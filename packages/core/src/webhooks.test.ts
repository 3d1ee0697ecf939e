import { describe, expect, it } from "vitest";
import { isRetryableStatus, webhookRetryDelaySeconds, webhookSignedContent, webhookUrlProblem, WEBHOOK_URL_MAX_LENGTH } from "./webhooks";

describe("webhookUrlProblem", () => {
  it("accepts http and https URLs with a host", () => {
    expect(webhookUrlProblem("https://example.com/hooks?x=1")).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/in")).toBeNull();
  });
  it("refuses other schemes, credentials, garbage, whitespace and overlong URLs with a message", () => {
    for (const url of ["ftp://example.com", "javascript:alert(1)", "file:///etc/passwd", "gopher://x", "data:text/plain,hi"]) {
      expect(webhookUrlProblem(url)).toMatch(/http/);
    }
    expect(webhookUrlProblem("https://user:pw@example.com/")).toMatch(/user name or password/);
    expect(webhookUrlProblem("https://user@example.com/")).toMatch(/user name or password/);
    expect(webhookUrlProblem("not a url")).toMatch(/spaces/);
    expect(webhookUrlProblem("example.com/hook")).toMatch(/not a URL/);
    expect(webhookUrlProblem("https://exa\nmple.com")).toMatch(/control/);
    expect(webhookUrlProblem("")).toMatch(/Enter/);
    expect(webhookUrlProblem(`https://example.com/${"a".repeat(WEBHOOK_URL_MAX_LENGTH)}`)).toMatch(/2048/);
  });
});

describe("retries", () => {
  it("retries 5xx, 429 and 408 but no other status", () => {
    expect([500, 502, 503, 429, 408].every(isRetryableStatus)).toBe(true);
    expect([200, 301, 400, 401, 404, 410, 422].some(isRetryableStatus)).toBe(false);
  });
  it("doubles the delay from the base and caps it at six hours", () => {
    expect([1, 2, 3, 4].map((a) => webhookRetryDelaySeconds(a))).toEqual([30, 60, 120, 240]);
    expect(webhookRetryDelaySeconds(40)).toBe(21_600);
    expect(webhookRetryDelaySeconds(2, 1)).toBe(2);
  });
  it("signs the timestamp and the body joined by a dot", () => {
    expect(webhookSignedContent(1700000000, '{"a":1}')).toBe('1700000000.{"a":1}');
  });
});
