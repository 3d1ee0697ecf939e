import { describe, expect, it } from "vitest";
import type { Attribute } from "@fieldwork/core";
import { attributeOfDraft, changedAttribute, draftOfAttribute, emptyColumn } from "./column-draft";

const attr: Attribute = {
  id: "a0000001", name: "status", type: "enum", is_array: false, enum_values: ["new", "done"], not_null: true, unique: false,
  primary_key: false, default: { kind: "value", value: "new" }, references: null,
};

describe("column drafts", () => {
  it("sends defaults as literals or the allow-listed functions, never as SQL", () => {
    expect(attributeOfDraft({ ...emptyColumn(), name: " at ", type: "timestamptz", default: "now()" })).toMatchObject({ name: "at", default: { kind: "now" } });
    expect(attributeOfDraft({ ...emptyColumn(), name: "id2", type: "uuid", default: "gen_random_uuid()" }).default).toEqual({ kind: "gen_random_uuid" });
    expect(attributeOfDraft({ ...emptyColumn(), name: "b", type: "boolean", default: "false" }).default).toEqual({ kind: "value", value: false });
    expect(attributeOfDraft({ ...emptyColumn(), name: "t", default: "now(); drop table x" }).default).toEqual({ kind: "value", value: "now(); drop table x" });
    expect(attributeOfDraft({ ...emptyColumn(), name: "t" }).default).toBeNull();
  });

  it("reads enum values and references from their text", () => {
    expect(attributeOfDraft({ ...emptyColumn(), name: "e", type: "enum", enum_values: "a, b\nc,," }).enum_values).toEqual(["a", "b", "c"]);
    expect(attributeOfDraft({ ...emptyColumn(), name: "p", type: "uuid", references: "products.id" }).references).toEqual({ table: "products", column: "id" });
    expect(attributeOfDraft({ ...emptyColumn(), name: "t", enum_values: "a" }).enum_values).toEqual([]);
  });

  it("round-trips an attribute through the Change column form", () => {
    expect(changedAttribute(attr, draftOfAttribute(attr))).toEqual({
      name: "status", type: "enum", is_array: false, not_null: true, unique: false, enum_values: ["new", "done"],
      default: { kind: "value", value: "new" }, references: null, primary_key: false,
    });
  });
});
