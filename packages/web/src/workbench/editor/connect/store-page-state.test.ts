import { describe, expect, it } from "vitest";
import type { FormInventory } from "@fieldwork/core";
import { initialStorePage, otherStores, storePageReducer, unlinkBlocked } from "./store-page-state";

const inventory = (tracked: boolean): FormInventory => ({
  store: { id: "a", name: "A", currency: "USD" }, stores: [{ id: "a", name: "A", currency: "USD" }, { id: "b", name: "B", currency: "USD" }],
  fields: tracked ? [{ field_id: "f", name: "size", label: null, options: [] }] : [],
});

describe("the store page's state", () => {
  it("clears the form after a link and keeps it after a refusal", () => {
    let state = storePageReducer(initialStorePage, { type: "name", value: "Merch" });
    state = storePageReducer(state, { type: "sent" });
    expect(state.busy).toBe(true);
    expect(storePageReducer(state, { type: "refused", message: "no" })).toMatchObject({ name: "Merch", busy: false, message: "no" });
    expect(storePageReducer(state, { type: "done" })).toEqual(initialStorePage);
  });

  it("keeps the store linked while fields track inventory, and offers the other stores", () => {
    expect(unlinkBlocked(inventory(true))).toMatch(/stays linked/);
    expect(unlinkBlocked(inventory(false))).toBeNull();
    expect(otherStores(inventory(false)).map((s) => s.id)).toEqual(["b"]);
  });
});
