import { describe, expect, it } from "vitest";
import { loadConfig, metricsTokenOf } from "./config";
import { logLevelOf } from "./logging";
import { requestIdOf } from "./request-id";

describe("metrics and log settings from the environment", () => {
  it("takes METRICS_TOKEN of 16 printable characters or more, and none when unset", () => {
    expect(metricsTokenOf(undefined)).toBeUndefined();
    expect(metricsTokenOf("")).toBeUndefined();
    expect(metricsTokenOf("a".repeat(16))).toBe("a".repeat(16));
    expect(() => metricsTokenOf("short")).toThrow(/at least 16/);
    expect(() => metricsTokenOf("with a space in it!")).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: "/tmp/fieldwork-config-test", SECRET_KEY: "s", METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe("0123456789abcdef");
  });

  it("reads LOG_LEVEL as one of pino's levels, info by default, and refuses another", () => {
    expect(logLevelOf(undefined)).toBe("info");
    expect(logLevelOf("DEBUG")).toBe("debug");
    expect(logLevelOf("silent")).toBe("silent");
    expect(() => logLevelOf("verbose")).toThrow(/LOG_LEVEL must be one of/);
  });
});

describe("the request id", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it("keeps a sane x-request-id and replaces anything else with a new UUID", () => {
    expect(requestIdOf({ headers: { "x-request-id": "lb-1a2b.3:4_5" } })).toBe("lb-1a2b.3:4_5");
    expect(requestIdOf({ headers: {} })).toMatch(UUID);
    for (const hostile of ["x".repeat(65), "a\nb", "a b", "<img>", "", "é", "a\u0000"]) {
      expect(requestIdOf({ headers: { "x-request-id": hostile } })).toMatch(UUID);
    }
    expect(requestIdOf({ headers: { "x-request-id": ["a", "b"] as unknown as string } })).toMatch(UUID);
  });
});
