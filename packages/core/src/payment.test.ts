import { describe, expect, it } from "vitest";
import type { FormField, FormOption } from "./form-model";
import { formatPaymentAmount, paymentAmount, paymentConfig } from "./payment";

const option = (id: string, value: string, price: number | null): FormOption =>
  ({ id, value, label: value, src: null, disabled: false, index: 0, optgroup_id: null, price });
const field = (id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
  id, name: id, label: null, type, placeholder: null, help_text: null, required: false, readonly: false, pattern: null,
  step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false, is_array: false, data: null,
  v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null, options: [], optgroups: [],
  ...extra,
});

const tickets = field("ticket", "checkboxes", { options: [option("o1", "VIP", 2500), option("o2", "Standard", 1000), option("o3", "Free", null)] });

describe("paymentConfig (spec 1 §3.7)", () => {
  it("defaults to stripe in usd and renders nothing for other providers", () => {
    expect(paymentConfig(null)).toEqual({ service_provider: "stripe", currency: "usd", amount: null });
    expect(paymentConfig({ service_provider: "tosspayments", currency: "KRW", amount: 5000 }))
      .toEqual({ service_provider: "tosspayments", currency: "krw", amount: 5000 });
    expect(paymentConfig({ service_provider: "paypal" })).toBeNull();
  });
  it("prices Toss Payments forms in won whatever currency they name", () => {
    expect(paymentConfig({ service_provider: "tosspayments", currency: "usd" })?.currency).toBe("krw");
    expect(paymentConfig({ service_provider: "tosspayments" })?.currency).toBe("krw");
  });
  it("ignores an amount that is not a whole positive number of minor units", () => {
    for (const amount of [0, -5, 10.5, "1000", 1e12, Number.NaN]) expect(paymentConfig({ amount })?.amount).toBeNull();
    expect(paymentConfig({ currency: "dollars" })?.currency).toBe("usd");
  });
});

describe("paymentAmount: the server's price of the answers", () => {
  it("sums the prices of the chosen options", () => {
    const pay = field("pay", "payment", { data: { currency: "eur" } });
    expect(paymentAmount([tickets, pay], new Map([["ticket", ["VIP", "Standard", "Free"]]])))
      .toEqual({ amount: 3500, currency: "eur", provider: "stripe", option_ids: ["o1", "o2"] });
  });
  it("takes a fixed amount whatever is chosen", () => {
    const pay = field("pay", "payment", { data: { amount: 1000 } });
    expect(paymentAmount([tickets, pay], new Map([["ticket", ["VIP"]]]))?.amount).toBe(1000);
  });
  it("costs nothing without a payment field, a priced choice, or a provider that renders", () => {
    expect(paymentAmount([tickets], new Map([["ticket", ["VIP"]]]))).toBeNull();
    expect(paymentAmount([tickets, field("pay", "payment")], new Map([["ticket", ["Free"]]]))).toBeNull();
    expect(paymentAmount([tickets, field("pay", "payment", { data: { service_provider: "x", amount: 100 } })], new Map())).toBeNull();
  });
  it("charges a store's price in the field's currency, and refuses one in another currency", () => {
    const sold = field("shirt", "radio", { options: [{ ...option("s1", "S", 2500), price_currency: "EUR" }] });
    expect(paymentAmount([sold, field("pay", "payment", { data: { currency: "eur" } })], new Map([["shirt", "S"]]))?.amount).toBe(2500);
    expect(() => paymentAmount([sold, field("pay", "payment", { data: { currency: "usd" } })], new Map([["shirt", "S"]])))
      .toThrow(expect.objectContaining({ code: "INVALID_CURRENCY", message: "S is priced in EUR; this form charges USD." }));
  });
  it("never reads an amount the browser could have posted: only answers to option fields count", () => {
    const pay = field("pay", "payment");
    expect(paymentAmount([tickets, pay], new Map<string, unknown>([["ticket", ["Standard"]], ["pay", { amount: 1 }], ["amount", "1"]]))?.amount).toBe(1000);
  });
});

describe("formatPaymentAmount", () => {
  it("writes the Pay button's amount (spec 1 §9 'Pay $10')", () => {
    expect(formatPaymentAmount(1000, "usd")).toBe("$10");
    expect(formatPaymentAmount(1050, "usd")).toBe("$10.50");
    expect(formatPaymentAmount(5000, "krw")).toBe("₩5,000");
  });
});
