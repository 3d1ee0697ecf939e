/**
 * A store's calls (core/store-api.ts): its products with options, values, prices, SKUs and
 * levels; product saves; a value's stock adjust; a form option selling a value; deleting
 * the store.
 */
import type { InventoryAdjust, OptionProductLink, Product, ProductInput, Store, StoreProducts, StoreUpdate, StockState } from "@fieldwork/core";
import { privateRequest, seg } from "./http";
import type { WriteOptions } from "./form-editor";

type Input<S extends { _zod: { input: unknown } }> = S["_zod"]["input"];
const store = (store_id: string) => `/stores/${seg(store_id)}`;

export function fetchStore(store_id: string, signal?: AbortSignal): Promise<StoreProducts> {
  return privateRequest("GET", store(store_id), { signal });
}

export function updateStore(store_id: string, body: Input<typeof StoreUpdate>, options: WriteOptions): Promise<{ store: Store }> {
  return privateRequest("PATCH", store(store_id), { ...options, body });
}

export function deleteStore(store_id: string, options: WriteOptions): Promise<{ deleted: true }> {
  return privateRequest("DELETE", store(store_id), options);
}

/** Creates a product (`product_id` absent) or replaces one as sent. */
export function saveProduct(store_id: string, product_id: string | null, body: Input<typeof ProductInput>, options: WriteOptions): Promise<{ product: Product }> {
  return product_id === null
    ? privateRequest("POST", `${store(store_id)}/products`, { ...options, body })
    : privateRequest("PUT", `${store(store_id)}/products/${seg(product_id)}`, { ...options, body });
}

export function deleteProduct(store_id: string, product_id: string, options: WriteOptions): Promise<{ deleted: true }> {
  return privateRequest("DELETE", `${store(store_id)}/products/${seg(product_id)}`, options);
}

export interface ValueLevel { value_id: string; sku: string; available: number; on_hand: number; committed: number; state: StockState }

export function adjustValue(store_id: string, value_id: string, change: Input<typeof InventoryAdjust>, options: WriteOptions): Promise<ValueLevel> {
  return privateRequest("PATCH", `${store(store_id)}/values/${seg(value_id)}/inventory`, { ...options, body: change });
}

/** A form option sells a product value (the form's revision moves). */
export function linkOptionProduct(form_id: string, option_id: string, body: Input<typeof OptionProductLink>, options: WriteOptions): Promise<{ revision: number }> {
  return privateRequest("PUT", `/forms/${seg(form_id)}/options/${seg(option_id)}/product`, { ...options, body });
}

export function unlinkOptionProduct(form_id: string, option_id: string, options: WriteOptions): Promise<{ revision: number }> {
  return privateRequest("DELETE", `/forms/${seg(form_id)}/options/${seg(option_id)}/product`, options);
}
