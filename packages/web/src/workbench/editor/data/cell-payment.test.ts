/** The grid's payment cells: what was paid, read-only. */
import { describe, expect, it } from "vitest";
import { formTableColumns, type DataColumn, type FormField } from "@fieldwork/core";
import { field } from "./record/record-fixture";
import { displayValue, editorKindOf, type DisplayOptions } from "./cell-value";
import { valueView } from "./record/record-display";

const plain: DisplayOptions = { masked: false, date_format: "datetime", time_zone: "UTC" };
const columnOf = (f: FormField): DataColumn => formTableColumns([f]).find((c) => c.name === f.name)!;
const pay = columnOf(field({ name: "pay", label: "Pay", type: "payment" }));

describe("payment cells", () => {
  it("shows the amount, status and provider's id, and offers no editor", () => {
    const paid = { provider: "stripe", provider_id: "pi_123", amount: 2550, currency: "usd", status: "succeeded" };
    expect(displayValue(pay, paid, plain)).toBe("$25.50 succeeded (stripe pi_123)");
    expect(displayValue(pay, { amount: "1" }, plain)).toBe('{"amount":"1"}');
    expect(displayValue(pay, paid, { ...plain, masked: true })).not.toContain("pi_123");
    expect(editorKindOf(pay)).toBe("none");
  });

  it("shows a refunded payment as refunded, with the amount given back, in the grid and the record panel", () => {
    const refunded = { provider: "stripe", provider_id: "pi_123", amount: 2550, currency: "usd", status: "refunded", amount_refunded: 2550 };
    expect(displayValue(pay, refunded, plain)).toBe("$25.50 paid, $25.50 refunded (stripe pi_123)");
    expect(valueView(pay, refunded)).toEqual({ kind: "text", text: "$25.50 paid, $25.50 refunded (stripe pi_123)" });
    expect(displayValue(pay, { ...refunded, amount_refunded: 1000 }, plain)).toBe("$25.50 paid, $10 refunded (stripe pi_123)");
    // Won has no minor unit.
    expect(displayValue(pay, { ...refunded, amount: 5000, currency: "krw", amount_refunded: 5000, provider: "tosspayments" }, plain)).toBe("₩5,000 paid, ₩5,000 refunded (tosspayments pi_123)");
  });
});
