import { describe, expect, it } from "vitest";
import { columnTypeOf, referenceKeyFits } from "../field-columns";
import { containsPattern, exposedColumns, referenceColumnType, ReferenceLookupQuery, referenceOf, referenceProblem } from "./reference-config";

const ok = { kind: "schema_table", table_id: "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b", column: "id", shown: ["name", "price"], searched: ["name"] };

describe("reference config", () => {
  it("reads a valid reference and lists the exposed columns, key first", () => {
    const config = referenceOf(ok)!;
    expect(exposedColumns(config)).toEqual(["id", "name", "price"]);
    expect(exposedColumns({ ...config, shown: ["id", "name"] })).toEqual(["id", "name"]);
  });
  it("refuses unknown kinds, extra keys, no searched column and duplicates", () => {
    expect(referenceProblem({ ...ok, kind: "x-supabase" })).toMatch(/kind/);
    expect(referenceProblem({ ...ok, secret: 1 })).toMatch(/secret|Unrecognized/);
    expect(referenceProblem({ ...ok, searched: [] })).toMatch(/searched/);
    expect(referenceProblem({ ...ok, shown: ["a", "a"] })).toMatch(/once/);
    expect(referenceProblem(null)).toBeNull();
    expect(referenceOf({ ...ok, table_id: "nope" })).toBeNull();
  });
  it("names a connected table by connection, schema and table, and only a connected one", () => {
    const x = { ...ok, kind: "x_table", schema: "public", table: "books" };
    expect(referenceOf(x)).toMatchObject({ kind: "x_table", schema: "public", table: "books" });
    expect(referenceProblem({ ...ok, kind: "x_table" })).toMatch(/schema and table/);
    expect(referenceProblem({ ...ok, kind: "x_table", table: "books" })).toMatch(/schema and table/);
    expect(referenceProblem({ ...ok, table: "books", schema: "public" })).toMatch(/Only a connected table/);
    expect(referenceProblem({ ...x, table: "" })).toMatch(/table/);
  });
  it("types the answer column after the referenced column, text when unknown", () => {
    expect(referenceColumnType("integer")).toBe("bigint");
    expect(referenceColumnType("smallint")).toBe("bigint");
    expect(referenceColumnType("uuid")).toBe("uuid");
    expect(referenceColumnType("numeric")).toBe("numeric");
    expect(referenceColumnType("character varying")).toBe("text");
    expect(referenceColumnType(undefined)).toBe("text");
    expect(columnTypeOf({ type: "search", reference: { ...ok, key_type: "uuid" } })).toBe("uuid");
    expect(columnTypeOf({ type: "search", reference: { ...ok, key_type: "bigint" } })).toBe("bigint");
    expect(columnTypeOf({ type: "search", reference: ok })).toBe("text");
    expect(columnTypeOf({ type: "text", reference: { ...ok, key_type: "uuid" } })).toBe("text");
    expect(referenceProblem({ ...ok, key_type: "json" })).toMatch(/key_type/);
  });
  it("refuses a key that does not fit its column before it is cast", () => {
    for (const bad of ["abc", "1.5", "99999999999999999999", "1; drop table x", " 1", ""]) expect(referenceKeyFits("bigint", bad), bad).toBe(false);
    expect(referenceKeyFits("bigint", "-42")).toBe(true);
    expect(referenceKeyFits("uuid", "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b")).toBe(true);
    expect(referenceKeyFits("uuid", "not-a-uuid")).toBe(false);
    expect(referenceKeyFits("numeric", "1.5")).toBe(true);
    expect(referenceKeyFits("text", "anything ' at all")).toBe(true);
  });
  it("caps the lookup page and text", () => {
    expect(ReferenceLookupQuery.parse({})).toEqual({ q: "", limit: 20, page: 0 });
    expect(ReferenceLookupQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(ReferenceLookupQuery.safeParse({ q: "x".repeat(201) }).success).toBe(false);
  });
  it("takes wildcards in typed text literally out", () => {
    expect(containsPattern("  a%b_c*  ")).toBe("*a b c*");
    expect(containsPattern("%%")).toBeNull();
  });
});
