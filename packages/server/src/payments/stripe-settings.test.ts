import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../routes/security-headers";
import { cardInputOf } from "./payment-service";
import { StripeClient } from "./stripe-client";
import { cardFormOf, paymentSettingsOf } from "./stripe-settings";
import { startStripeStandin } from "./stripe-standin";

describe("paymentSettingsOf (README 'Payments')", () => {
  it("takes no payment without a secret key, and our card form only with an API base", () => {
    expect(paymentSettingsOf({})).toEqual({ stripe: null });
    const real = paymentSettingsOf({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" }).stripe!;
    expect(cardFormOf(real)).toBe("elements");
    const local = paymentSettingsOf({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_BASE: "http://127.0.0.1:12111/", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe!;
    expect(local).toMatchObject({ api_base: "http://127.0.0.1:12111", webhook_secret: "whsec_x" });
    expect(cardFormOf(local)).toBe("server");
  });
  it("stops the start on an API base that is not an http(s) origin", () => {
    for (const base of ["ftp://x", "127.0.0.1:1", "http://x/v1"]) expect(() => paymentSettingsOf({ STRIPE_SECRET_KEY: "k", STRIPE_API_BASE: base })).toThrow(/STRIPE_API_BASE/);
  });
});

describe("cardInputOf", () => {
  it("reads spec 1 §2.3's fields as the provider takes them", () => {
    expect(cardInputOf({ number: "4242 4242 4242 4242", exp: "04 / 30", cvc: "123", country: "US", zip: " 94103 " }))
      .toEqual({ number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123", country: "US", zip: "94103" });
  });
});

describe("the Stripe stand-in through the official SDK", () => {
  it("answers one intent per idempotency key, refuses the key with other parameters, and signs events the SDK verifies", async () => {
    const standin = await startStripeStandin();
    try {
      const client = await StripeClient.open({ secret_key: standin.secret_key, publishable_key: "", webhook_secret: standin.webhook_secret, api_base: standin.base });
      const a = await client.createIntent(1000, "usd", { session_id: "s" }, "key-1");
      const b = await client.createIntent(1000, "usd", { session_id: "s" }, "key-1");
      expect(b.id).toBe(a.id);
      expect(standin.intents.size).toBe(1);
      await expect(client.createIntent(1, "usd", { session_id: "s" }, "key-1")).rejects.toMatchObject({ code: "PAYMENT_NOT_CONFIRMED" });
      await expect(client.retrieve("pi_unknown")).rejects.toMatchObject({ code: "PAYMENT_NOT_CONFIRMED", message: "No such payment_intent: 'pi_unknown'" });
      const wrongKey = await StripeClient.open({ ...client.settings, secret_key: "sk_test_other" });
      await expect(wrongKey.retrieve(a.id)).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_UNAVAILABLE" });
      const event = standin.signedEvent("payment_intent.succeeded", standin.intents.get(a.id)!);
      expect(client.verifiedEvent(event.payload, event.signature)?.type).toBe("payment_intent.succeeded");
      expect(client.verifiedEvent(event.payload.replace("1000", "1"), event.signature)).toBeNull();
      const paid = await client.confirmWithCard(a.id, cardInputOf({ number: "4242424242424242", exp: "01/30", cvc: "123", country: "US", zip: "" }), "c1");
      expect(paid.status).toBe("succeeded");
      const refund = await client.refund(a.id, "r1");
      expect(await client.refund(a.id, "r1")).toEqual(refund);
      expect(standin.refunds).toHaveLength(1);
    } finally {
      await standin.close();
    }
  });
});


describe("the public form's Content-Security-Policy with Stripe Elements", () => {
  it("lets Stripe's script, frames and API in on form pages only, and only with real keys", () => {
    const form = contentSecurityPolicy({ embeddable: true, stripeElements: true });
    expect(form).toMatch(/script-src 'self' [^;]* https:\/\/js\.stripe\.com/);
    expect(form).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(form).toContain("connect-src 'self' https://api.stripe.com");
    expect(contentSecurityPolicy({ embeddable: false, stripeElements: true })).not.toContain("stripe");
    expect(contentSecurityPolicy({ embeddable: true })).not.toContain("stripe");
  });
});
