/**
 * The store's products (spec 2 §3 "Inventory", §7 commerce tables product, product_option,
 * product_option_value): prices in minor units with the store's currency, SKUs, and the
 * stock state an owner sees beside each option value. Pure: the server's routes, the
 * workbench's products page and the definition file all read these rules from here.
 */
import { FEW_LEFT_THRESHOLD } from "./inventory";

/** The largest price Fieldwork stores, in minor units (10 billion major units of a 2-decimal currency). */
export const PRICE_MAX = 1_000_000_000_000;

/** A store's currency when none is given. */
export const DEFAULT_CURRENCY = "USD";

/** ISO 4217 alphabetic codes: three capital letters. */
export const isCurrencyCode = (code: string): boolean => /^[A-Z]{3}$/.test(code);

/** Currencies without minor units (ISO 4217 exponent 0) among those a form is likely to sell in. */
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
/** Currencies with three decimals. */
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/** How many minor units make one major unit's decimals (JPY 0, USD 2, KWD 3). */
export function currencyExponent(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** A whole price in minor units from 0 to `PRICE_MAX`. */
export const isPrice = (n: number): boolean => Number.isSafeInteger(n) && n >= 0 && n <= PRICE_MAX;

/** The amount of a price as an owner types it: `priceText(1250, "USD")` is "12.50", `priceText(1250, "JPY")` is "1250". */
export function priceText(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const unit = 10 ** exponent;
  const major = Math.trunc(minor / unit);
  const rest = String(Math.abs(minor % unit)).padStart(exponent, "0");
  return `${major}.${rest}`;
}

/** A price shown to a person: `formatPrice(1250, "USD")` is "USD 12.50", `formatPrice(1250, "JPY")` is "JPY 1250". */
export function formatPrice(minor: number, currency: string): string {
  return `${currency} ${priceText(minor, currency)}`;
}

/**
 * What an owner types as a price ("12.5", "12,50", "1250" for JPY) in minor units, or null
 * when it is not a price of this currency (negative, too many decimals, too large, not a number).
 */
export function parsePrice(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const cleaned = text.trim().replace(",", ".");
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const decimals = match[2] ?? "";
  if (decimals.length > exponent) return null;
  const minor = Number(match[1]) * 10 ** exponent + Number(decimals.padEnd(exponent, "0") || "0");
  return isPrice(minor) ? minor : null;
}

/** A value's price: its own, or its product's when it has none. */
export function unitPrice(product: { price: number }, value: { price: number | null }): number {
  return value.price ?? product.price;
}

/** SKUs are what a warehouse types: letters, digits, dash, underscore, dot; 1 to 64 characters. */
export const SKU_MAX_LENGTH = 64;
export const isSku = (sku: string): boolean => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(sku);

export type StockState = "in_stock" | "low_stock" | "sold_out";

/**
 * The state an owner sees beside a level: sold out at 0, low stock at or below the
 * threshold the public form uses for "Only N left" (`FEW_LEFT_THRESHOLD`), else in stock.
 */
export function stockState(available: number, threshold: number = FEW_LEFT_THRESHOLD): StockState {
  if (available <= 0) return "sold_out";
  return available <= threshold ? "low_stock" : "in_stock";
}

export const STOCK_STATE_LABEL: Record<StockState, string> = { in_stock: "In stock", low_stock: "Low stock", sold_out: "Sold out" };

/** A product's state: sold out when every value is; low stock when any value is low or sold out. */
export function productStockState(levels: readonly number[], threshold: number = FEW_LEFT_THRESHOLD): StockState | null {
  if (!levels.length) return null;
  const states = levels.map((available) => stockState(available, threshold));
  if (states.every((s) => s === "sold_out")) return "sold_out";
  return states.some((s) => s !== "in_stock") ? "low_stock" : "in_stock";
}

/** The SKUs used more than once in a list (to refuse a product save before the database does). */
export function duplicateSkus(skus: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const sku of skus) (seen.has(sku) ? twice : seen).add(sku);
  return [...twice];
}
