import { describe, expect, it } from "vitest";
import { paymentDataOf, paymentDraftOf, paymentProblems, withProvider } from "./payment-draft";

describe("the field panel's payment section", () => {
  it("shows a stored fixed amount in major units and keeps an untouched field equal", () => {
    const data = { service_provider: "stripe", currency: "usd", amount: 2550 };
    const draft = paymentDraftOf(data);
    expect(draft).toEqual({ provider: "stripe", currency: "usd", amount: "25.50" });
    expect(paymentDataOf(draft, data)).toEqual(data);
    expect(JSON.stringify(paymentDataOf(paymentDraftOf({}), {}))).toBe("{}");
  });

  it("stores a typed amount in minor units and drops a cleared one", () => {
    const data = { service_provider: "stripe", currency: "eur", amount: 1000 };
    expect(paymentDataOf({ provider: "stripe", currency: "EUR", amount: "12.5" }, data)).toEqual({ service_provider: "stripe", currency: "eur", amount: 1250 });
    expect(paymentDataOf({ provider: "stripe", currency: "eur", amount: "" }, data)).toEqual({ service_provider: "stripe", currency: "eur" });
  });

  it("prices Toss Payments in KRW whatever was typed, and gives Stripe back its dollars", () => {
    const toss = withProvider({ provider: "stripe", currency: "eur", amount: "5000" }, "tosspayments");
    expect(toss.currency).toBe("krw");
    expect(paymentDataOf(toss, {})).toEqual({ service_provider: "tosspayments", currency: "krw", amount: 5000 });
    expect(withProvider(toss, "stripe").currency).toBe("usd");
    expect(paymentDraftOf({ service_provider: "tosspayments", currency: "usd" }).currency).toBe("krw");
  });

  it("keeps another provider as it is, and names bad currencies and amounts", () => {
    expect(paymentDataOf(paymentDraftOf({ service_provider: "paypal" }), { service_provider: "paypal" })).toEqual({ service_provider: "paypal" });
    expect(paymentProblems({ provider: "stripe", currency: "dollars", amount: "" }).payment_currency).toMatch(/ISO 4217/);
    expect(paymentProblems({ provider: "stripe", currency: "usd", amount: "1.999" }).payment_amount).toMatch(/2 decimals/);
    expect(paymentProblems({ provider: "tosspayments", currency: "krw", amount: "10.5" }).payment_amount).toBe("Enter a whole amount in KRW.");
    expect(paymentProblems({ provider: "stripe", currency: "usd", amount: "25" })).toEqual({});
  });
});
