import { describe, expect, it } from "vitest";
import { fixtureDocument } from "./build-fixture";
import { insertItems } from "./insert-items";

describe("the insert menu's answer types of issue 22 (part A)", () => {
  it("offers Country, Toggle group, JSON and Location, found by label or type", () => {
    const labels = (q: string) => insertItems(fixtureDocument(), q).filter((i) => i.kind === "field").map((i) => i.label);
    expect(labels("country")).toEqual(["Country"]);
    expect(labels("toggle")).toContain("Toggle group");
    expect(labels("json")).toEqual(["JSON"]);
    expect(labels("latlng")).toEqual(["Location"]);
  });
});
