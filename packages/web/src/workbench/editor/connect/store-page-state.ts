/**
 * The store page's form as one reducer: the name of a store to create, the store of the
 * project picked to link, the call in flight and the server's last refusal; and what the
 * page says about unlinking.
 */
import type { FormInventory } from "@fieldwork/core";

export interface StorePageState {
  name: string;
  picked: string;
  busy: boolean;
  message: string | null;
}

export type StorePageAction =
  | { type: "name"; value: string }
  | { type: "pick"; store_id: string }
  | { type: "sent" }
  | { type: "done" }
  | { type: "refused"; message: string };

export const initialStorePage: StorePageState = { name: "", picked: "", busy: false, message: null };

export function storePageReducer(state: StorePageState, action: StorePageAction): StorePageState {
  switch (action.type) {
    case "name": return { ...state, name: action.value, message: null };
    case "pick": return { ...state, picked: action.store_id, message: null };
    case "sent": return { ...state, busy: true, message: null };
    case "done": return { ...initialStorePage };
    case "refused": return { ...state, busy: false, message: action.message };
  }
}

/** Why the linked store cannot be unlinked, or null when it can. */
export function unlinkBlocked(inventory: FormInventory): string | null {
  return inventory.fields.length > 0 ? "Fields of this form track inventory in this store, so it stays linked." : null;
}

/** Stores of the project other than the linked one, to pick from. */
export const otherStores = (inventory: FormInventory) => inventory.stores.filter((s) => s.id !== inventory.store?.id);
