import { describe, expect, it } from "vitest";
import type { FormField } from "@fieldwork/core";
import { sellableOptions } from "./product-values";
import { storePath } from "./store-paths";

describe("store pages", () => {
  it("puts the store pages beside the document, whatever page the editor is on", () => {
    expect(storePath("/acme/shop/doc-1/connect/store", "doc-1", "connect/store/products")).toBe("/acme/shop/doc-1/connect/store/products");
    expect(storePath("/acme/shop/doc-1/form/edit", "doc-1", "connect/store/get-started")).toBe("/acme/shop/doc-1/connect/store/get-started");
    expect(storePath("/acme/shop/doc-1/", "doc-9", "connect/store")).toBe("/acme/shop/doc-1/connect/store");
  });

  it("offers every option of the form's choice fields by field and option label", () => {
    const field = (name: string, label: string | null, options: { id: string; value: string; label: string | null }[]) =>
      ({ name, label, options }) as unknown as FormField;
    expect(sellableOptions([
      field("ticket", "Ticket", [{ id: "a", value: "early", label: "Early bird" }, { id: "b", value: "late", label: null }]),
      field("note", null, []),
    ])).toEqual([{ id: "a", label: "Ticket: Early bird" }, { id: "b", label: "Ticket: late" }]);
  });
});
