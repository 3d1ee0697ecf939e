import { describe, expect, it } from "vitest";
import { paymentSettingsOf } from "./stripe-settings";
import { TOSS_DEFAULT_API_BASE, TOSS_DEFAULT_SDK_URL, tossSettingsOf } from "./toss-settings";

describe("tossSettingsOf (README 'Payments')", () => {
  it("takes no Toss payment without both keys", () => {
    expect(tossSettingsOf({})).toBeNull();
    expect(tossSettingsOf({ TOSS_SECRET_KEY: "test_sk_x" })).toBeNull();
    expect(tossSettingsOf({ TOSS_CLIENT_KEY: "test_ck_x" })).toBeNull();
    expect(paymentSettingsOf({ TOSS_SECRET_KEY: "test_sk_x", TOSS_CLIENT_KEY: "test_ck_x" }).toss).toMatchObject({ secret_key: "test_sk_x" });
  });
  it("uses Toss's API and SDK by default, and the stand-in's checkout page with an API base", () => {
    const real = tossSettingsOf({ TOSS_SECRET_KEY: "live_sk_x", TOSS_CLIENT_KEY: "live_ck_x" });
    expect(real).toMatchObject({ api_base: TOSS_DEFAULT_API_BASE, checkout_url: null, sdk_url: TOSS_DEFAULT_SDK_URL });
    const standin = tossSettingsOf({ TOSS_SECRET_KEY: "test_sk_x", TOSS_CLIENT_KEY: "test_ck_x", TOSS_API_BASE: "http://127.0.0.1:9999/" });
    expect(standin).toMatchObject({ api_base: "http://127.0.0.1:9999", checkout_url: "http://127.0.0.1:9999/checkout" });
    expect(tossSettingsOf({ TOSS_SECRET_KEY: "a", TOSS_CLIENT_KEY: "b", TOSS_SDK_URL: "https://cdn.example/toss.js" })?.sdk_url).toBe("https://cdn.example/toss.js");
  });
  it("refuses an API base or SDK URL that is not http(s)", () => {
    expect(() => tossSettingsOf({ TOSS_API_BASE: "ftp://x" })).toThrow(/TOSS_API_BASE/);
    expect(() => tossSettingsOf({ TOSS_API_BASE: "http://x/v1" })).toThrow(/TOSS_API_BASE/);
    expect(() => tossSettingsOf({ TOSS_SDK_URL: "javascript:alert(1)" })).toThrow(/TOSS_SDK_URL/);
  });
});

describe("the form page's Content-Security-Policy with Toss's SDK", () => {
  it("allows Toss's script, frames and API with real keys, nothing with the stand-in", async () => {
    const { paymentCspSources } = await import("./payment-csp");
    const { contentSecurityPolicy } = await import("../routes/security-headers");
    const real = paymentCspSources({ stripe: null, toss: tossSettingsOf({ TOSS_SECRET_KEY: "live_sk", TOSS_CLIENT_KEY: "live_ck" }) });
    expect(real).toEqual({ script: ["https://js.tosspayments.com"], frame: ["https://*.tosspayments.com"], connect: ["https://*.tosspayments.com"] });
    const policy = contentSecurityPolicy({ embeddable: true, payment: real });
    expect(policy).toMatch(/script-src 'self' [^;]*https:\/\/js\.tosspayments\.com/);
    expect(policy).toContain("connect-src 'self' https://*.tosspayments.com");
    expect(policy).toContain("frame-src 'self' https://*.tosspayments.com");
    expect(paymentCspSources({ stripe: null, toss: tossSettingsOf({ TOSS_SECRET_KEY: "a", TOSS_CLIENT_KEY: "b", TOSS_API_BASE: "http://127.0.0.1:9" }) })).toBeUndefined();
    expect(paymentCspSources({ stripe: null })).toBeUndefined();
    expect(contentSecurityPolicy({ embeddable: true })).not.toContain("frame-src");
  });
});
