/**
 * The product editor's draft as one reducer (connect/store/products): name, description,
 * base price, options and their values as the owner types them (prices as text in the
 * store's currency, a blank value price meaning the product's), and the body a save sends
 * (core's `ProductInput`), or the first thing to fix. Stock is not part of a save: a new
 * value carries its starting stock; an existing value's level is adjusted on its own.
 */
import { levelInput, parsePrice, priceText, type Product, type ProductInput } from "@fieldwork/core";

export interface ValueDraft { key: string; id?: string; value: string; price: string; sku: string; stock: string }
export interface OptionDraft { key: string; id?: string; name: string; values: ValueDraft[] }
export interface ProductDraft { product_id: string | null; name: string; description: string; price: string; options: OptionDraft[]; next: number }

export type DraftAction =
  | { type: "set"; field: "name" | "description" | "price"; value: string }
  | { type: "add_option" }
  | { type: "option_name"; option: string; value: string }
  | { type: "remove_option"; option: string }
  | { type: "add_value"; option: string }
  | { type: "value"; option: string; value_key: string; field: "value" | "price" | "sku" | "stock"; text: string }
  | { type: "remove_value"; option: string; value_key: string };

export function draftOf(product: Product | null, currency: string): ProductDraft {
  if (!product) return { product_id: null, name: "", description: "", price: "", options: [], next: 1 };
  return {
    product_id: product.id, name: product.name, description: product.description ?? "", price: priceText(product.price, currency), next: 1,
    options: product.options.map((o) => ({
      key: o.id, id: o.id, name: o.name,
      values: o.values.map((v) => ({ key: v.id, id: v.id, value: v.value, price: v.price === null ? "" : priceText(v.price, currency), sku: v.sku, stock: "" })),
    })),
  };
}

const newValue = (key: string): ValueDraft => ({ key, value: "", price: "", sku: "", stock: "10" });

function mapOption(draft: ProductDraft, key: string, change: (o: OptionDraft) => OptionDraft): ProductDraft {
  return { ...draft, options: draft.options.map((o) => (o.key === key ? change(o) : o)) };
}

export function draftReducer(draft: ProductDraft, action: DraftAction): ProductDraft {
  switch (action.type) {
    case "set": return { ...draft, [action.field]: action.value };
    case "add_option": {
      const key = `new-${draft.next}`;
      return { ...draft, next: draft.next + 2, options: [...draft.options, { key, name: "", values: [newValue(`new-${draft.next + 1}`)] }] };
    }
    case "option_name": return mapOption(draft, action.option, (o) => ({ ...o, name: action.value }));
    case "remove_option": return { ...draft, options: draft.options.filter((o) => o.key !== action.option) };
    case "add_value": {
      const next = mapOption(draft, action.option, (o) => ({ ...o, values: [...o.values, newValue(`new-${draft.next}`)] }));
      return { ...next, next: draft.next + 1 };
    }
    case "value":
      return mapOption(draft, action.option, (o) => ({
        ...o, values: o.values.map((v) => (v.key === action.value_key ? { ...v, [action.field]: action.text } : v)),
      }));
    case "remove_value": return mapOption(draft, action.option, (o) => ({ ...o, values: o.values.filter((v) => v.key !== action.value_key) }));
  }
}

type Body = (typeof ProductInput)["_zod"]["input"];

/** What a save sends, or the first problem to fix, worded for the owner. */
export function draftToInput(draft: ProductDraft, currency: string): { ok: true; body: Body } | { ok: false; problem: string } {
  if (!draft.name.trim()) return { ok: false, problem: "Give the product a name." };
  const price = parsePrice(draft.price, currency);
  if (price === null) return { ok: false, problem: `The price is an amount in ${currency}, such as ${priceText(1250, currency)}.` };
  const options: NonNullable<Body["options"]> = [];
  for (const option of draft.options) {
    if (!option.name.trim()) return { ok: false, problem: "Every option needs a name, such as Size." };
    if (!option.values.length) return { ok: false, problem: `Option ${option.name}: add at least one value.` };
    const values = [];
    for (const value of option.values) {
      if (!value.value.trim()) return { ok: false, problem: `Option ${option.name}: every value needs a name.` };
      const own = value.price.trim() === "" ? null : parsePrice(value.price, currency);
      if (own === null && value.price.trim() !== "") return { ok: false, problem: `${value.value}: the price is an amount in ${currency}, or blank for the product's.` };
      values.push({
        ...(value.id ? { id: value.id } : { stock: levelInput(value.stock) }),
        value: value.value.trim(), price: own, ...(value.sku.trim() ? { sku: value.sku.trim() } : {}),
      });
    }
    options.push({ ...(option.id ? { id: option.id } : {}), name: option.name.trim(), values });
  }
  return { ok: true, body: { name: draft.name.trim(), description: draft.description.trim() || null, price, options } };
}
