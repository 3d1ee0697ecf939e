/**
 * The private editor calls of a store's products (docs/private-api.md "Store"), as zod
 * schemas the server's routes apply and the workbench's client sends, and the answers'
 * shapes. Paths are under `/private/editor`:
 *
 * - `GET    /stores/{store_id}`: the store, its products with options, values, prices, SKUs and levels
 * - `PATCH  /stores/{store_id}` (`StoreUpdate`): rename, change the currency
 * - `DELETE /stores/{store_id}`: only when nothing depends on it (`409 STORE_IN_USE` with `dependents`)
 * - `POST   /stores/{store_id}/products` (`ProductInput`): a product with its options and values
 * - `PUT    /stores/{store_id}/products/{product_id}` (`ProductInput`): the product as sent (values matched by id)
 * - `DELETE /stores/{store_id}/products/{product_id}`: refused while a form option sells one of its values
 * - `PATCH  /stores/{store_id}/values/{value_id}/inventory` (`InventoryAdjust`): the value's level
 * - `PUT    /forms/{form_id}/options/{option_id}/product` (`OptionProductLink`), `DELETE` the same: a form option sells a value
 */
import { z } from "zod";
import { INVENTORY_MAX } from "./inventory";
import { LIMITS } from "./limits";
import { isCurrencyCode, isSku, PRICE_MAX, SKU_MAX_LENGTH, type StockState } from "./store";
import { isStorableText } from "./stored-text";

/** How many products a store holds, options a product has and values an option has. */
export const STORE_LIMITS = { products_per_store: 500, options_per_product: 5, values_per_option: 100 } as const;

const name = z.string().trim().min(1).max(LIMITS.title_length).refine(isStorableText, { params: { code: "INVALID_TEXT" } });
const description = z.string().max(LIMITS.label_length).refine(isStorableText, { params: { code: "INVALID_TEXT" } }).nullable().default(null);
export const Currency = z.string().trim().toUpperCase().refine(isCurrencyCode, { message: "a currency is a 3-letter ISO 4217 code", params: { code: "INVALID_CURRENCY" } });
export const Price = z.number().int().min(0).max(PRICE_MAX);
const price = z.number({ error: "a price is a whole number of minor units" }).refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= PRICE_MAX, {
  message: `a price is a whole number of minor units from 0 to ${PRICE_MAX}`, params: { code: "INVALID_PRICE" },
});
const sku = z.string().trim().max(SKU_MAX_LENGTH).refine(isSku, { message: "a SKU is 1 to 64 letters, digits, '.', '_' or '-'", params: { code: "INVALID_SKU" } });
const id = z.uuid();

export const StoreCreate = z.strictObject({ name, currency: Currency.optional() });
export const StoreUpdate = z.strictObject({ name: name.optional(), currency: Currency.optional() });

export const ProductValueInput = z.strictObject({
  id: id.optional(),
  value: name,
  /** Null: the product's price. */
  price: price.nullable().default(null),
  /** Omitted on a new value: the first 8 characters of its id. */
  sku: sku.optional(),
  /** A new value's starting stock (available and on hand); ignored for a value that exists (adjust it instead). */
  stock: z.number().int().min(0).max(INVENTORY_MAX).optional(),
});

export const ProductOptionInput = z.strictObject({
  id: id.optional(),
  name,
  values: z.array(ProductValueInput).min(1).max(STORE_LIMITS.values_per_option),
});

export const ProductInput = z.strictObject({
  name,
  description,
  price,
  options: z.array(ProductOptionInput).max(STORE_LIMITS.options_per_product).default([]),
});

export const OptionProductLink = z.strictObject({ product_option_value_id: id });

export interface Store { id: string; project_id: string; name: string; currency: string }

export interface ProductValue {
  id: string;
  value: string;
  /** Its own price, or null for the product's. */
  price: number | null;
  /** What a buyer pays for it (its price or the product's), in minor units of the store's currency. */
  unit_price: number;
  sku: string;
  item_id: string;
  available: number;
  on_hand: number;
  committed: number;
  state: StockState;
  /** The form option selling it, if one does. */
  form_option: { form_id: string; form_title: string; option_id: string; field_name: string; value: string } | null;
}

export interface ProductOption { id: string; name: string; values: ProductValue[] }

export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: number;
  options: ProductOption[];
  state: StockState | null;
}

export interface StoreProducts { store: Store; products: Product[] }

/** What depends on a store, named by `409 STORE_IN_USE`. */
export interface StoreDependents { forms: { id: string; title: string }[] }
