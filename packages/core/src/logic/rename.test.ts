import { describe, expect, it } from "vitest";
import { renameReferences } from "./rename";

describe("renameReferences", () => {
  it("renames every reference to the field and nothing else, keeping the owner's spacing", () => {
    expect(renameReferences('#/age>=18 &&  #/age_group == "#/age"', "age", "years")).toBe('#/years>=18 &&  #/age_group == "#/age"');
    expect(renameReferences("#/a", "b", "c")).toBe("#/a");
  });

  it("leaves an unreadable expression as it is", () => {
    expect(renameReferences('#/age == "open', "age", "years")).toBe('#/age == "open');
  });
});
