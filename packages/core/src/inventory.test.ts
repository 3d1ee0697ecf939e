import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adjustLevel, FEW_LEFT_THRESHOLD, INVENTORY_MAX, optionStockOf, skuOf, soldOutFields, stockLabel,
  type InventoryLevelValues,
} from "./inventory";
import { levelInput } from "./inventory-input";
import { InventoryAdjust } from "./inventory-api";
import type { FormField, FormOption } from "./form-model";
import { EN, formatMessage, messagesFor, type MessageKey, type MessageVars } from "./i18n/index";

const level = (available: number, on_hand = available, committed = 0): InventoryLevelValues =>
  ({ available, on_hand, committed, unavailable: 0, incoming: 0 });

describe("adjustLevel", () => {
  it("moves on hand with available, and available with on hand, as a store does", () => {
    expect(adjustLevel(level(10), { available: 4 })).toEqual({ ok: true, level: level(4), diff: -6 });
    expect(adjustLevel(level(7, 10, 3), { on_hand: 12 })).toEqual({ ok: true, level: level(9, 12, 3), diff: 2 });
    expect(adjustLevel(level(7, 10, 3), { diff: -7 })).toEqual({ ok: true, level: level(0, 3, 3), diff: -7 });
  });

  it("refuses what would go below 0 or past the maximum, and fractions", () => {
    expect(adjustLevel(level(7, 10, 3), { on_hand: 2 }).ok).toBe(false); // available would be -1
    expect(adjustLevel(level(1), { diff: -2 }).ok).toBe(false);
    expect(adjustLevel(level(1), { available: -1 }).ok).toBe(false);
    expect(adjustLevel(level(1), { available: 1.5 }).ok).toBe(false);
    expect(adjustLevel(level(INVENTORY_MAX), { diff: 1 }).ok).toBe(false);
    expect(adjustLevel(level(1), { available: Number.NaN }).ok).toBe(false);
  });

  it("never answers a level outside 0..max whatever the change", () => {
    const int = fc.integer({ min: 0, max: INVENTORY_MAX });
    fc.assert(fc.property(int, int, fc.oneof(
      fc.record({ available: fc.double() }), fc.record({ on_hand: fc.double() }), fc.record({ diff: fc.double() }),
      fc.record({ diff: fc.integer() }),
    ), (available, extra, change) => {
      const result = adjustLevel(level(available, Math.min(INVENTORY_MAX, available + (extra % 100))), change);
      if (!result.ok) return;
      for (const v of [result.level.available, result.level.on_hand]) {
        expect(Number.isSafeInteger(v) && v >= 0 && v <= INVENTORY_MAX).toBe(true);
      }
    }));
  });
});

describe("levelInput (spec 3 §5: a non-number or negative resets to 0, integers only)", () => {
  it("reads what an owner types", () => {
    expect(levelInput("12")).toBe(12);
    expect(levelInput(" 3 ")).toBe(3);
    expect(levelInput("-4")).toBe(0);
    expect(levelInput("abc")).toBe(0);
    expect(levelInput("")).toBe(0);
    expect(levelInput("2.9")).toBe(2);
    expect(levelInput("1e99")).toBe(INVENTORY_MAX);
    expect(levelInput("Infinity")).toBe(0);
  });
  it("always gives a storable level", () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const n = levelInput(text);
      return Number.isSafeInteger(n) && n >= 0 && n <= INVENTORY_MAX;
    }));
  });
});

describe("what the public form learns", () => {
  it("shows the count only when few are left", () => {
    expect(optionStockOf(0)).toEqual({ available: 0 });
    expect(optionStockOf(FEW_LEFT_THRESHOLD)).toEqual({ available: FEW_LEFT_THRESHOLD });
    expect(optionStockOf(FEW_LEFT_THRESHOLD + 1)).toEqual({ available: null });
    const english = (key: MessageKey, vars?: MessageVars) => formatMessage(EN[key], vars);
    const korean = (key: MessageKey, vars?: MessageVars) => formatMessage(messagesFor("ko")[key], vars);
    expect(stockLabel({ available: 0 }, english)).toBe("Sold out");
    expect(stockLabel({ available: 2 }, english)).toBe("Only 2 left");
    expect(stockLabel({ available: 2 }, korean)).toBe("2개 남음");
    expect(stockLabel({ available: null }, english)).toBeNull();
    expect(stockLabel(undefined, english)).toBeNull();
  });

  it("the SKU is the option id's first 8 characters", () => {
    expect(skuOf("3f2a9c1e-0000-4000-8000-000000000000")).toBe("3f2a9c1e");
  });
});

describe("soldOutFields (FORM_SOLD_OUT at load)", () => {
  const option = (id: string, extra: Partial<FormOption> = {}): FormOption =>
    ({ id, value: id, label: null, src: null, disabled: false, index: 0, optgroup_id: null, ...extra });
  const field = (extra: Partial<FormField>): FormField => ({
    id: "f", name: "size", label: null, type: "radio", placeholder: null, help_text: null, required: true, readonly: false, pattern: null,
    step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false, is_array: false, data: null, v_value: null,
    upload: null, resolve: null, storage: null, reference: null, options_inventory: null, options: [], optgroups: [], ...extra,
  });
  const shown = new Set(["f"]);

  it("names a required, shown, tracked field with nothing left to pick", () => {
    const out = field({ options: [option("a", { stock: { available: 0 } }), option("b", { disabled: true, stock: { available: null } })] });
    expect(soldOutFields([out], shown)).toEqual(["size"]);
  });

  it("counts an option of a disabled group as gone", () => {
    const grouped = field({
      optgroups: [{ id: "g", label: "G", disabled: true, index: 0 }],
      options: [option("a", { stock: { available: 0 } }), option("b", { optgroup_id: "g", stock: { available: 3 } })],
    });
    expect(soldOutFields([grouped], shown)).toEqual(["size"]);
  });

  it("leaves the form open while one option remains, or when the field is optional, hidden or untracked", () => {
    const some = [option("a", { stock: { available: 0 } }), option("b", { stock: { available: 1 } })];
    expect(soldOutFields([field({ options: some })], shown)).toEqual([]);
    const none = [option("a", { stock: { available: 0 } })];
    expect(soldOutFields([field({ options: none, required: false })], shown)).toEqual([]);
    expect(soldOutFields([field({ options: none })], new Set())).toEqual([]);
    expect(soldOutFields([field({ options: [option("a", { disabled: true })] })], shown)).toEqual([]);
  });
});

describe("InventoryAdjust", () => {
  it("takes exactly one whole, bounded change", () => {
    expect(InventoryAdjust.safeParse({ available: 3 }).success).toBe(true);
    expect(InventoryAdjust.safeParse({ diff: -3 }).success).toBe(true);
    for (const bad of [{ available: -1 }, { available: 1.5 }, { on_hand: INVENTORY_MAX + 1 }, { available: 1, on_hand: 2 }, { diff: "1" }, {}, { available: null }]) {
      expect(InventoryAdjust.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
