import { describe, expect, it } from "vitest";
import { FIELD_TYPE_CAPABILITIES } from "@fieldwork/core";
import { fixtureDocument } from "./build-fixture";
import { insertItems } from "./insert-items";

describe("the insert menu's items", () => {
  it("offers only field types that render, checkboxes among them", () => {
    const fields = insertItems(fixtureDocument(), "").filter((item) => item.kind === "field");
    expect(fields.every((item) => FIELD_TYPE_CAPABILITIES[item.type].renderable)).toBe(true);
    expect(insertItems(fixtureDocument(), "checkboxes").map((item) => item.label)).toEqual(["Checkboxes"]);
  });
});
