import { describe, expect, it } from "vitest";
import { missingRequiredHiddenFields } from "./hidden-fields";

const fields = [
  { name: "ref", type: "hidden" as const, required: true },
  { name: "campaign", type: "hidden" as const, required: false },
  { name: "email", type: "email" as const, required: true },
];

describe("missingRequiredHiddenFields", () => {
  it("names the required hidden fields without a value, and no other field", () => {
    expect(missingRequiredHiddenFields(fields, () => undefined)).toEqual(["ref"]);
    expect(missingRequiredHiddenFields(fields, (name) => (name === "ref" ? "newsletter" : undefined))).toEqual([]);
  });

  it("counts blank text and lists of blanks as missing", () => {
    for (const value of ["", "   ", [], [""], null]) expect(missingRequiredHiddenFields(fields, () => value)).toEqual(["ref"]);
    expect(missingRequiredHiddenFields(fields, () => ["x"])).toEqual([]);
  });
});
