import { describe, expect, it } from "vitest";
import type { FormInventory, InventoryOptionLevel } from "@fieldwork/core";
import { initialInventoryPanel, inventoryPanelReducer, leaveLevel, levelText, storePagePath, trackedFieldOf } from "./inventory-state";

const level = (option_id: string, available: number): InventoryOptionLevel => ({
  option_id, value: option_id, label: null, sku: option_id.slice(0, 8), item_id: `i-${option_id}`,
  available, on_hand: available, committed: 0, unavailable: 0, incoming: 0, product: null,
});
const inventory: FormInventory = {
  store: { id: "s", name: "Shop", currency: "USD" }, stores: [{ id: "s", name: "Shop", currency: "USD" }],
  fields: [{ field_id: "f", name: "size", label: null, options: [level("aaaaaaaa-1", 10), level("bbbbbbbb-2", 10)] }],
};

describe("the inventory section's state", () => {
  it("keeps what the owner types until the saved level comes back", () => {
    let state = inventoryPanelReducer(initialInventoryPanel, { type: "loaded", inventory });
    const a = trackedFieldOf(state.inventory, "f")!.options[0]!;
    state = inventoryPanelReducer(state, { type: "draft", option_id: a.option_id, key: "available", text: "-3" });
    expect(levelText(state, a, "available")).toBe("-3");
    state = inventoryPanelReducer(state, { type: "level-saved", level: { ...a, available: 0, on_hand: 0 } });
    const saved = trackedFieldOf(state.inventory, "f")!.options[0]!;
    expect(levelText(state, saved, "available")).toBe("0");
    expect(levelText(state, saved, "on_hand")).toBe("0");
    expect(trackedFieldOf(state.inventory, "other")).toBeNull();
  });

  it("sends a change only when the settled value differs (a non-number or negative is 0)", () => {
    const a = level("a", 10);
    expect(leaveLevel(a, "available", "abc")).toEqual({ value: 0, change: { available: 0 } });
    expect(leaveLevel(a, "on_hand", "-5")).toEqual({ value: 0, change: { on_hand: 0 } });
    expect(leaveLevel(a, "available", "10")).toEqual({ value: 10, change: null });
    expect(leaveLevel(a, "available", "2.7")).toEqual({ value: 2, change: { available: 2 } });
  });

  it("opens one option's history at a time, and forgets it when the level moves", () => {
    let state = inventoryPanelReducer(initialInventoryPanel, { type: "loaded", inventory });
    state = inventoryPanelReducer(state, { type: "history", option_id: "aaaaaaaa-1" });
    state = inventoryPanelReducer(state, { type: "history-loaded", option_id: "aaaaaaaa-1", commits: [{ id: 1, diff: 10, reason: "initialize", form_id: null, response_id: null, created_at: "2026-01-01T00:00:00.000Z" }] });
    expect(state.history?.commits).toHaveLength(1);
    state = inventoryPanelReducer(state, { type: "level-saved", level: level("aaaaaaaa-1", 4) });
    expect(state.history).toEqual({ option_id: "aaaaaaaa-1", commits: null });
    state = inventoryPanelReducer(state, { type: "history", option_id: "aaaaaaaa-1" });
    expect(state.history).toBeNull();
  });

  it("finds the store page beside the current editor page", () => {
    expect(storePagePath("/acme/shop/doc-1/form/edit", "doc-1")).toBe("/acme/shop/doc-1/connect/store");
    expect(storePagePath("/acme/shop/doc-1", "doc-1")).toBe("/acme/shop/doc-1/connect/store");
  });
});
