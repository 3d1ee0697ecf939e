import { describe, expect, it } from "vitest";
import type { FormField } from "@fieldwork/core";
import { customerIdProblem, hiddenFields, linkParams, missingRequired } from "./share-state";

const field = (name: string, type: string, required = false) => ({ id: name, name, type, required }) as unknown as FormField;

describe("the Connect pages' rules", () => {
  const fields = [field("email", "email"), field("utm", "hidden"), field("ref", "hidden", true), field("a", "hidden")];

  it("lists the hidden fields, required first", () => {
    expect(hiddenFields(fields).map((f) => f.name)).toEqual(["ref", "a", "utm"]);
  });

  it("puts in the link only typed values of fields on the form, and names required ones left empty", () => {
    const hidden = hiddenFields(fields);
    expect(linkParams(hidden, { utm: "mail", a: "", gone: "x" })).toEqual({ utm: "mail" });
    expect(missingRequired(hidden, { utm: "mail", ref: "  " })).toEqual(["ref"]);
    expect(missingRequired(hidden, { ref: "r1" })).toEqual([]);
  });

  it("takes a uuid v4 as a customer id and explains anything else", () => {
    expect(customerIdProblem("")).toBeNull();
    expect(customerIdProblem("3F0C8A2E-5B7D-4C1A-9E6F-2D8B7A1C0E94")).toBeNull();
    expect(customerIdProblem("customer-42")).toMatch(/UUID v4/);
    expect(customerIdProblem("3f0c8a2e-5b7d-1c1a-9e6f-2d8b7a1c0e94")).toMatch(/UUID v4/);
  });
});
