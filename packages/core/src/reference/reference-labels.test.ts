import { describe, expect, it } from "vitest";
import { parseReadQuery } from "../query/postgrest-syntax";
import { referenceOf } from "./reference-config";
import { keysToResolve, labelQuery, labelsOf, referenceKeyText, referenceLabel } from "./reference-labels";

const products = referenceOf({ kind: "schema_table", table_id: "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b", column: "id", shown: ["name"], searched: ["name"] })!;
const muffin = "0b5c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";
const bread = "1c6d2e3f-4051-4b6c-9d7e-8f9a0b1c2d3e";

describe("reference labels", () => {
  it("labels a row by its shown columns, the empty ones left out, else by its key", () => {
    expect(referenceLabel(products, { id: muffin, name: "Blueberry muffin" })).toBe("Blueberry muffin");
    const two = { ...products, shown: ["name", "price"] };
    expect(referenceLabel(two, { id: muffin, name: "Blueberry muffin", price: 3.5 })).toBe("Blueberry muffin · 3.5");
    expect(referenceLabel(two, { id: muffin, name: null, price: "" })).toBe(muffin);
    expect(referenceLabel({ ...products, shown: [] }, { id: 42 })).toBe("42");
    expect(referenceLabel({ ...products, shown: ["tags"] }, { id: 1, tags: ["a", "b"] })).toBe('["a","b"]');
  });

  it("asks only for keys not known yet, each once, in batches of at most 100", () => {
    const known = new Map([[muffin, "Blueberry muffin"], ["gone", null]]);
    expect(keysToResolve([muffin, bread, bread, null, "", undefined, "gone", 7], known)).toEqual([[bread, "7"]]);
    expect(keysToResolve([muffin, "gone"], known)).toEqual([]);
    const many = Array.from({ length: 250 }, (_, i) => `k${i}`);
    expect(keysToResolve(many, new Map()).map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it("reads the keys' rows with only the exposed columns, and parses back to the same query", () => {
    const weird = "a,b\"c)";
    const pairs = labelQuery({ ...products, shown: ["name", "order"] }, [muffin, weird]);
    const query = parseReadQuery(new URLSearchParams(pairs));
    expect(query.select).toEqual([{ column: "id" }, { column: "name" }, { column: "order" }]);
    expect(query.where).toEqual([{ kind: "filter", column: "id", op: "in", value: [muffin, weird], negate: false }]);
    expect(query.limit).toBe(2);
  });

  it("answers every asked key: its label, or null when no row has it (a uuid matched whatever its case)", () => {
    const labels = labelsOf(products, [muffin.toUpperCase(), bread, "missing"], [{ id: muffin, name: "Blueberry muffin" }, { id: bread, name: "Banana bread" }]);
    expect([...labels]).toEqual([[muffin.toUpperCase(), "Blueberry muffin"], [bread, "Banana bread"], ["missing", null]]);
    expect(referenceKeyText(12)).toBe("12");
    expect(referenceKeyText({})).toBeNull();
  });
});
