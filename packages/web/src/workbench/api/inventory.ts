/**
 * The inventory calls of one form (core/inventory-api.ts): its store, tracking a field,
 * levels and their history. Level adjusts are not definition writes: they carry no revision.
 */
import type { FormInventory, InventoryAdjust, InventoryCommit, InventoryOptionLevel, StoreLink, StoreSummary } from "@fieldwork/core";
import { privateRequest, seg } from "./http";
import type { WriteOptions } from "./form-editor";

type Input<S extends { _zod: { input: unknown } }> = S["_zod"]["input"];
const form = (form_id: string) => `/forms/${seg(form_id)}`;

export function fetchInventory(form_id: string, signal?: AbortSignal): Promise<FormInventory> {
  return privateRequest<FormInventory>("GET", `${form(form_id)}/inventory`, { signal });
}

/** Create a store (`{ name }`) or pick one of the project's (`{ store_id }`) and link it. */
export function linkStore(form_id: string, body: Input<typeof StoreLink>, options: WriteOptions): Promise<{ store: StoreSummary }> {
  return privateRequest("PUT", `${form(form_id)}/store`, { ...options, body });
}

export function unlinkStore(form_id: string, options: WriteOptions): Promise<{ store: null }> {
  return privateRequest("DELETE", `${form(form_id)}/store`, options);
}

/** Turns tracking on (the form's revision moves; off is refused once on). */
export function setTracking(form_id: string, field_id: string, tracked: boolean, options: WriteOptions): Promise<{ tracked: boolean; revision: number }> {
  return privateRequest("PUT", `${form(form_id)}/fields/${seg(field_id)}/inventory`, { ...options, body: { tracked } });
}

export function adjustLevel(form_id: string, option_id: string, change: Input<typeof InventoryAdjust>, options: WriteOptions): Promise<InventoryOptionLevel> {
  return privateRequest("PATCH", `${form(form_id)}/inventory/${seg(option_id)}`, { ...options, body: change });
}

export function fetchCommits(form_id: string, option_id: string, signal?: AbortSignal): Promise<{ commits: InventoryCommit[] }> {
  return privateRequest("GET", `${form(form_id)}/inventory/${seg(option_id)}/commits`, { signal });
}
