/**
 * The private editor calls of inventory (docs/private-api.md "Inventory"), as zod schemas
 * the server's routes apply and the workbench's client sends, and the answers' shapes.
 * Every path is under `/private/editor/forms/{form_id}`:
 *
 * - `GET    /inventory`: the linked store, the project's stores, the tracked fields with levels
 * - `PUT    /store` (`StoreLink`): create a store (name, currency) in the form's project and link it, or link one of the project's
 * - `DELETE /store`: unlink (refused while options of the form are tracked)
 * - `PUT    /fields/{field_id}/inventory` (`TrackingUpdate`): turn tracking on (off is refused)
 * - `PATCH  /inventory/{option_id}` (`InventoryAdjust`): set available or on hand, or move both by a diff
 * - `GET    /inventory/{option_id}/commits`: the level's history, newest first
 */
import { z } from "zod";
import { INVENTORY_MAX } from "./inventory";
import { LIMITS } from "./limits";
import { isStorableText } from "./stored-text";
import { Currency } from "./store-api";

const level = z.number().int().min(0).max(INVENTORY_MAX);
const storeName = z.string().trim().min(1).max(LIMITS.title_length).refine(isStorableText, { params: { code: "INVALID_TEXT" } });

export const StoreLink = z.union([
  z.strictObject({ store_id: z.uuid() }),
  z.strictObject({ name: storeName, currency: Currency.optional() }),
]);

export const TrackingUpdate = z.strictObject({ tracked: z.boolean() });

export const InventoryAdjust = z.union([
  z.strictObject({ available: level }),
  z.strictObject({ on_hand: level }),
  z.strictObject({ diff: z.number().int().min(-INVENTORY_MAX).max(INVENTORY_MAX) }),
]);

export interface StoreSummary { id: string; name: string; currency: string }

/** One tracked option's item and level (`committed` counts what responses took). */
export interface InventoryOptionLevel {
  option_id: string;
  value: string;
  label: string | null;
  sku: string;
  item_id: string;
  available: number;
  on_hand: number;
  committed: number;
  unavailable: number;
  incoming: number;
  /** The product option value the option sells ("Pass · Day: Sat"), or null for its own item. */
  product: string | null;
}

export interface TrackedField {
  field_id: string;
  name: string;
  label: string | null;
  options: InventoryOptionLevel[];
}

export interface FormInventory {
  store: StoreSummary | null;
  /** Stores of the form's project, to link one. */
  stores: StoreSummary[];
  /** Fields whose options are tracked, in the form's field order. */
  fields: TrackedField[];
}

export interface InventoryCommit {
  id: number;
  diff: number;
  /** `reserve` / `release`: units a payment holds while it is confirmed, and gives back (payments/). */
  reason: "initialize" | "adjust" | "order" | "reserve" | "release";
  form_id: string | null;
  response_id: string | null;
  created_at: string;
}
