import { describe, expect, it } from "vitest";
import { aiSettingsOf, DEFAULT_AI_SETTINGS } from "./ai-settings";

describe("AI settings from the environment", () => {
  it("without AI_BASE_URL there is no endpoint: suggestions stay offline", () => {
    expect(aiSettingsOf({})).toEqual(DEFAULT_AI_SETTINGS);
    expect(aiSettingsOf({ AI_BASE_URL: "" }).baseUrl).toBeUndefined();
  });

  it("reads the endpoint, key, model, timeout and rate", () => {
    expect(aiSettingsOf({
      AI_BASE_URL: "http://127.0.0.1:11434/v1/", AI_API_KEY: "sk-x", AI_MODEL: "llama3", AI_TIMEOUT_MS: "2000", AI_RATE_LIMIT_PER_MINUTE: "0",
    })).toEqual({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "sk-x", model: "llama3", timeoutMs: 2000, perMinute: 0 });
  });

  it("stops the start on a base URL that is not http(s) or a timeout that is not a positive whole number", () => {
    expect(() => aiSettingsOf({ AI_BASE_URL: "file:///etc/passwd" })).toThrow(/AI_BASE_URL/);
    expect(() => aiSettingsOf({ AI_BASE_URL: "javascript:alert(1)" })).toThrow(/AI_BASE_URL/);
    expect(() => aiSettingsOf({ AI_TIMEOUT_MS: "0" })).toThrow(/AI_TIMEOUT_MS/);
    expect(() => aiSettingsOf({ AI_RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/AI_RATE_LIMIT_PER_MINUTE/);
  });
});
