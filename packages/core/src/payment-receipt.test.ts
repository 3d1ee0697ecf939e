import { describe, expect, it } from "vitest";
import type { FormField, FormOption } from "./form-model";
import { paymentAmount } from "./payment";
import { paymentReceipt, receiptLineText } from "./payment-receipt";

const option = (id: string, value: string, label: string, price: number | null): FormOption =>
  ({ id, value, label, src: null, disabled: false, index: 0, optgroup_id: null, price });
const field = (id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
  id, name: id, label: null, type, placeholder: null, help_text: null, required: false, readonly: false, pattern: null,
  step: null, min: null, max: null, autocomplete: null, accept: null, multiple: false, is_array: false, data: null,
  v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null, options: [], optgroups: [],
  ...extra,
});

const tickets = field("ticket", "checkboxes", { options: [option("o1", "vip", "VIP", 2500), option("o2", "std", "Standard", 1000), option("o3", "free", "Free", null)] });
const email = field("email", "email");
const receiptOf = (fields: FormField[], answers: [FormField, unknown][], products = new Map()) => {
  const values = new Map(answers);
  const price = paymentAmount(fields, new Map(answers.map(([f, v]) => [f.id, v])))!;
  return paymentReceipt(fields, values, price, products);
};

describe("paymentReceipt: what a receipt of the payment says", () => {
  it("lists each priced option chosen with its unit price, the buyer's email, and adds up to the amount", () => {
    const pay = field("pay", "payment", { data: { currency: "eur" } });
    const product = { name: "Festival pass", option: "Tier", value: "VIP", sku: "PASS-VIP" };
    const receipt = receiptOf([tickets, email, pay], [[tickets, ["vip", "std", "free"]], [email, "  buyer@example.com "]], new Map([["o1", product]]));
    expect(receipt).toEqual({
      email: "buyer@example.com", currency: "eur", total: 3500,
      lines: [
        { field: "ticket", option: "vip", label: "VIP", product, quantity: 1, unit_price: 2500, amount: 2500 },
        { field: "ticket", option: "std", label: "Standard", product: null, quantity: 1, unit_price: 1000, amount: 1000 },
      ],
    });
    expect(receipt.lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0)).toBe(receipt.total);
  });

  it("has no email when the form asks none or it was left empty", () => {
    const pay = field("pay", "payment");
    expect(receiptOf([tickets, pay], [[tickets, ["std"]]]).email).toBeNull();
    expect(receiptOf([tickets, email, pay], [[tickets, ["std"]], [email, " "]]).email).toBeNull();
  });

  it("makes a fixed amount one line named after the payment field", () => {
    const pay = field("pay", "payment", { label: "Entry fee", data: { amount: 1200, currency: "usd" } });
    expect(receiptOf([tickets, pay], [[tickets, ["vip"]]])).toEqual({
      email: null, currency: "usd", total: 1200,
      lines: [{ field: "pay", option: null, label: "Entry fee", product: null, quantity: 1, unit_price: 1200, amount: 1200 }],
    });
  });
});

describe("receiptLineText", () => {
  it("names the option, the store's product, the quantity and the amount", () => {
    const product = { name: "Day pass", option: "Day", value: "Saturday", sku: "PASS-SAT" };
    expect(receiptLineText({ field: "pass", option: "sat", label: "Saturday", product, quantity: 1, unit_price: 4000, amount: 4000 }, "usd")).toBe("Saturday (Day pass: Day Saturday) × 1 · $40");
    expect(receiptLineText({ field: "pay", option: null, label: "Entry fee", product: null, quantity: 1, unit_price: 5000, amount: 5000 }, "krw")).toBe("Entry fee × 1 · ₩5,000");
  });
});
