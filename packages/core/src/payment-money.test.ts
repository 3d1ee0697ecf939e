import { describe, expect, it } from "vitest";
import { currencyDigits, isKnownCurrency, majorToMinor, minorToMajor, movementLine } from "./payment-money";

describe("money the owner types", () => {
  it("turns major units into minor units per the currency's digits", () => {
    expect(majorToMinor("25.5", "usd")).toEqual({ ok: true, minor: 2550 });
    expect(majorToMinor("25.50", "USD")).toEqual({ ok: true, minor: 2550 });
    expect(majorToMinor("1,000", "usd")).toEqual({ ok: true, minor: 100000 });
    expect(majorToMinor(".5", "eur")).toEqual({ ok: true, minor: 50 });
    expect(majorToMinor("5000", "krw")).toEqual({ ok: true, minor: 5000 });
    expect(majorToMinor("  ", "usd")).toEqual({ ok: true, minor: null });
  });

  it("refuses what is not an amount of that currency", () => {
    for (const text of ["1.234", "-3", "abc", "0", "0.00", "1e3", "1000000"]) {
      expect(majorToMinor(text, "usd").ok, text).toBe(false);
    }
    expect(majorToMinor("10.5", "krw")).toEqual({ ok: false, reason: "Enter a whole amount in KRW." });
  });

  it("shows minor units back in major units, and knows ISO 4217 codes", () => {
    expect(minorToMajor(2550, "usd")).toBe("25.50");
    expect(minorToMajor(5000, "krw")).toBe("5000");
    expect(minorToMajor(null, "usd")).toBe("");
    expect(currencyDigits("jpy")).toBe(0);
    expect(isKnownCurrency("eur")).toBe(true);
    expect(isKnownCurrency("eu")).toBe(false);
    expect(isKnownCurrency("us$")).toBe(false);
  });

  it("lists a movement with its kind, amount, status, provider and date", () => {
    expect(movementLine({
      id: 1, payment_id: "p", kind: "refund", provider: "stripe", provider_id: "re_1", amount: 2550, currency: "usd",
      status: "succeeded", created_at: "2026-11-28T21:40:00.000Z",
    })).toEqual({ title: "Refund · $25.50 · succeeded", provider: "Stripe re_1", date: "2026-11-28 21:40 UTC" });
  });
});
