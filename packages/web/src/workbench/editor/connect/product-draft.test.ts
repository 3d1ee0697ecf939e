import { describe, expect, it } from "vitest";
import type { Product } from "@fieldwork/core";
import { draftOf, draftReducer, draftToInput, type DraftAction, type ProductDraft } from "./product-draft";

const run = (draft: ProductDraft, ...actions: DraftAction[]) => actions.reduce(draftReducer, draft);

describe("the product draft", () => {
  it("turns a typed product with an option into the save body, prices in minor units and stock by spec 3 §5", () => {
    let draft = run(draftOf(null, "USD"), { type: "set", field: "name", value: " Tee " }, { type: "set", field: "price", value: "25" }, { type: "add_option" });
    const option = draft.options[0]!;
    draft = run(draft,
      { type: "option_name", option: option.key, value: "Size" },
      { type: "value", option: option.key, value_key: option.values[0]!.key, field: "value", text: "M" },
      { type: "value", option: option.key, value_key: option.values[0]!.key, field: "stock", text: "-3" },
      { type: "add_value", option: option.key },
    );
    const second = draft.options[0]!.values[1]!;
    draft = run(draft,
      { type: "value", option: option.key, value_key: second.key, field: "value", text: "L" },
      { type: "value", option: option.key, value_key: second.key, field: "price", text: "27.5" },
      { type: "value", option: option.key, value_key: second.key, field: "sku", text: "TEE-L" },
    );
    expect(draftToInput(draft, "USD")).toEqual({ ok: true, body: {
      name: "Tee", description: null, price: 2500,
      options: [{ name: "Size", values: [{ value: "M", price: null, stock: 0 }, { value: "L", price: 2750, sku: "TEE-L", stock: 10 }] }],
    } });
  });

  it("says what to fix: a name, a price of the currency, named options and values", () => {
    expect(draftToInput(draftOf(null, "USD"), "USD")).toEqual({ ok: false, problem: "Give the product a name." });
    const named = run(draftOf(null, "JPY"), { type: "set", field: "name", value: "Tee" }, { type: "set", field: "price", value: "12.5" });
    expect(draftToInput(named, "JPY")).toMatchObject({ ok: false, problem: expect.stringContaining("amount in JPY") });
    const negative = run(named, { type: "set", field: "price", value: "-1" });
    expect(draftToInput(negative, "JPY").ok).toBe(false);
    const unnamed = run(named, { type: "set", field: "price", value: "1200" }, { type: "add_option" });
    expect(draftToInput(unnamed, "JPY")).toMatchObject({ ok: false, problem: expect.stringContaining("needs a name") });
  });

  it("keeps ids of what exists and sends no stock for existing values", () => {
    const product: Product = {
      id: "p", name: "Mug", description: "Big", price: 900, state: "in_stock",
      options: [{ id: "o", name: "Color", values: [{
        id: "v", value: "Red", price: 1000, unit_price: 1000, sku: "MUG-R", item_id: "i", available: 9, on_hand: 9, committed: 1, state: "in_stock", form_option: null,
      }] }],
    };
    const draft = draftOf(product, "EUR");
    expect(draft.price).toBe("9.00");
    expect(draftToInput(draft, "EUR")).toEqual({ ok: true, body: {
      name: "Mug", description: "Big", price: 900, options: [{ id: "o", name: "Color", values: [{ id: "v", value: "Red", price: 1000, sku: "MUG-R" }] }],
    } });
    const removed = run(draft, { type: "remove_value", option: "o", value_key: "v" });
    expect(draftToInput(removed, "EUR")).toMatchObject({ ok: false, problem: expect.stringContaining("at least one value") });
    expect(draftToInput(run(draft, { type: "remove_option", option: "o" }), "EUR")).toMatchObject({ ok: true, body: { options: [] } });
  });
});
