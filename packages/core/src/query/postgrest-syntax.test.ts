import { describe, expect, it } from "vitest";
import { FieldworkError } from "../error-catalogue";
import { LIMITS } from "../limits";
import type { Condition, Filter, FilterGroup, ReadQuery } from "./ast";
import { parseConditions, parseReadQuery, serializeCondition, serializeReadQuery } from "./postgrest-syntax";

const read = (query: string, range?: string) => parseReadQuery(new URLSearchParams(query), range === undefined ? {} : { range });
const where = (query: string) => read(query).where;
const filter = (column: string, op: string, value: unknown, extra: Partial<Filter> = {}) =>
  ({ kind: "filter", column, negate: false, op, value, ...extra }) as Filter;
const group = (op: "and" | "or", children: Condition[], negate = false): FilterGroup => ({ kind: "group", op, negate, children });

/** The FieldworkError `run` throws; any other outcome fails the test. */
function errorOf(run: () => unknown): FieldworkError {
  try {
    run();
  } catch (error) {
    if (error instanceof FieldworkError) return error;
    throw error;
  }
  throw new Error("expected a FieldworkError, nothing was thrown");
}

describe("parseReadQuery: column filters", () => {
  it("reads every operator, keeping values as typed", () => {
    expect(where("a=eq.1&b=neq.x&c=gt.1.5&d=gte.2000-01-01&e=lt.-3&f=lte.0")).toEqual([
      filter("a", "eq", "1"), filter("b", "neq", "x"), filter("c", "gt", "1.5"),
      filter("d", "gte", "2000-01-01"), filter("e", "lt", "-3"), filter("f", "lte", "0"),
    ]);
    expect(where("name=like.*ada*&name=ilike.A%25_")).toEqual([filter("name", "like", "*ada*"), filter("name", "ilike", "A%_")]);
    expect(where("tags=cs.{a,b}&doc=cd.%7B%22k%22%3A1%7D&period=ov.[1,5)")).toEqual([
      filter("tags", "cs", "{a,b}"), filter("doc", "cd", '{"k":1}'), filter("period", "ov", "[1,5)"),
    ]);
  });

  it("keeps a top-level value exactly, quotes, commas and parentheses included", () => {
    expect(where('name=eq."x,y"')).toEqual([filter("name", "eq", '"x,y"')]);
    expect(where("name=eq.f(a,b)")).toEqual([filter("name", "eq", "f(a,b)")]);
    expect(where("name=eq.")).toEqual([filter("name", "eq", "")]);
    expect(where("name=eq.a.b.c")).toEqual([filter("name", "eq", "a.b.c")]);
  });

  it("reads not. as negation and a column given several times as several filters", () => {
    expect(where("age=gt.1&age=lt.5&age=not.eq.3")).toEqual([
      filter("age", "gt", "1"), filter("age", "lt", "5"), filter("age", "eq", "3", { negate: true }),
    ]);
    expect(where("deleted_at=not.is.null")).toEqual([filter("deleted_at", "is", "null", { negate: true })]);
  });

  it("reads is in any case and stores it lower case; other is values are refused", () => {
    expect(where("a=is.NULL&b=is.True&c=is.false&d=is.unKnown")).toEqual([
      filter("a", "is", "null"), filter("b", "is", "true"), filter("c", "is", "false"), filter("d", "is", "unknown"),
    ]);
    const error = errorOf(() => where("a=is.maybe"));
    expect(error.code).toBe("QUERY_INVALID");
    expect(error.message).toBe('Query parameter "a": is takes null, true, false or unknown.');
  });

  it("reads in.(…) lists: quoted items with escapes, unquoted items as written, the empty list", () => {
    expect(where('id=in.(1,2,"a,b","x\\"y","p\\\\q")')).toEqual([filter("id", "in", ["1", "2", "a,b", 'x"y', "p\\q"])]);
    expect(where("id=in.( 1 , 2)")).toEqual([filter("id", "in", [" 1 ", " 2"])]);
    expect(where("id=in.()")).toEqual([filter("id", "in", [])]);
    expect(where('id=in.("")')).toEqual([filter("id", "in", [""])]);
    expect(where("id=in.(a,,b,)")).toEqual([filter("id", "in", ["a", "", "b", ""])]);
    expect(where("id=not.in.(1)")).toEqual([filter("id", "in", ["1"], { negate: true })]);
  });

  it("refuses malformed in lists", () => {
    for (const [query, message] of [
      ["id=in.1,2", 'Query parameter "id": expected "(" to open the list (at character 4 of the value).'],
      ["id=in.(1,2", 'Query parameter "id": the list is not closed (at the end of the value).'],
      ['id=in.("a', 'Query parameter "id": a quoted text is not closed (at the end of the value).'],
      ['id=in.("a"b)', 'Query parameter "id": expected "," or ")" after a list value (at character 9 of the value).'],
      ["id=in.(1)x", 'Query parameter "id": unexpected text after the list (at character 7 of the value).'],
    ]) {
      const error = errorOf(() => where(query!));
      expect([error.code, error.message], query).toEqual(["QUERY_INVALID", message]);
    }
  });

  it("turns the list form of cs, cd and ov into an array literal", () => {
    expect(where('tags=ov.(1,"a b",null,"null",x\\y)&t=cs.()&t=cd.("")')).toEqual([
      filter("tags", "ov", '{1,"a b",null,"null","x\\\\y"}'), filter("t", "cs", "{}"), filter("t", "cd", '{""}'),
    ]);
  });

  it("reads full-text search with and without a configuration", () => {
    expect(where("doc=fts(english).cat %26 dog&doc=plfts.cat dog&doc=phfts(simple).the cat&doc=not.wfts.\"cat\" -dog")).toEqual([
      filter("doc", "fts", "cat & dog", { config: "english" }), filter("doc", "plfts", "cat dog"),
      filter("doc", "phfts", "the cat", { config: "simple" }), filter("doc", "wfts", '"cat" -dog', { negate: true }),
    ]);
    expect(read("doc=fts.cat").where[0]).not.toHaveProperty("config");
    expect(errorOf(() => where("doc=eq(english).cat")).message)
      .toBe('Query parameter "doc": only fts, plfts, phfts and wfts take a (configuration).');
    expect(errorOf(() => where("doc=fts().cat")).message).toBe('Query parameter "doc": the text search configuration is empty.');
  });

  it("takes any column name, quotes, semicolons and unicode included; a quoted key is unquoted", () => {
    expect(where("a'b;--=eq.1&ünï cødé 💥=eq.2&a.b(c)=eq.3")).toEqual([
      filter("a'b;--", "eq", "1"), filter("ünï cødé 💥", "eq", "2"), filter("a.b(c)", "eq", "3"),
    ]);
    expect(where('"order"=eq.1&"a\\"b"=eq.2')).toEqual([filter("order", "eq", "1"), filter('a"b', "eq", "2")]);
    expect(errorOf(() => where('"abc=eq.1')).message).toBe('Query parameter "\\"abc": a quoted text is not closed (at the end of the name).');
    expect(errorOf(() => where('"a"b=eq.1')).message).toBe('Query parameter "\\"a\\"b": unexpected text after the quoted column name (at character 4 of the name).');
  });

  it("refuses filters it cannot read, naming the parameter", () => {
    for (const [query, message] of [
      ["age=30", 'Query parameter "age": a filter is op.value (for example eq.1), not "30".'],
      ["age=eqq.30", 'Query parameter "age": unknown operator "eqq" (use eq, neq, gt, gte, lt, lte, like, ilike, is, in, cs, cd, ov, fts, plfts, phfts, wfts).'],
      ["age=EQ.30", 'Query parameter "age": unknown operator "EQ" (use eq, neq, gt, gte, lt, lte, like, ilike, is, in, cs, cd, ov, fts, plfts, phfts, wfts).'],
      ["age=not.not.eq.1", 'Query parameter "age": unknown operator "not" (use eq, neq, gt, gte, lt, lte, like, ilike, is, in, cs, cd, ov, fts, plfts, phfts, wfts).'],
      ["age=.30", 'Query parameter "age": the filter on "age" has no operator.'],
      ["=eq.1", 'Query parameter "": the column name is empty.'],
      ['""=eq.1', 'Query parameter "\\"\\"": the column name is empty.'],
    ]) {
      const error = errorOf(() => where(query!));
      expect([error.code, error.message], query).toEqual(["QUERY_INVALID", message]);
    }
  });
});

describe("parseReadQuery: logic trees", () => {
  it("reads or, and, not.or and not.and, and-ing several top-level parameters in order", () => {
    expect(where("or=(a.eq.1,b.gt.2)&c=eq.3&and=(d.is.null)&not.or=(e.lt.0)&not.and=(f.eq.x,g.eq.y)")).toEqual([
      group("or", [filter("a", "eq", "1"), filter("b", "gt", "2")]),
      filter("c", "eq", "3"),
      group("and", [filter("d", "is", "null")]),
      group("or", [filter("e", "lt", "0")], true),
      group("and", [filter("f", "eq", "x"), filter("g", "eq", "y")], true),
    ]);
  });

  it("reads nested groups, negated filters and every kind of value", () => {
    expect(where('or=(age.not.gt.30,and(name.eq."a,b",x.in.(1,"2,3")),not.or(doc.fts(english).cat,tags.cs.{a,b}),n.eq.)')).toEqual([
      group("or", [
        filter("age", "gt", "30", { negate: true }),
        group("and", [filter("name", "eq", "a,b"), filter("x", "in", ["1", "2,3"])]),
        group("or", [filter("doc", "fts", "cat", { config: "english" }), filter("tags", "cs", "{a,b}")], true),
        filter("n", "eq", ""),
      ]),
    ]);
  });

  it("reads quoted values with escapes and balanced {…} literals holding commas and parentheses", () => {
    expect(where('or=(a.eq."x\\"y(z),",j.cs.{"k":[1,{"a":"}"}]},t.ov.("a,b",c),r.ov."(1,5)")')).toEqual([
      group("or", [
        filter("a", "eq", 'x"y(z),'), filter("j", "cs", '{"k":[1,{"a":"}"}]}'),
        filter("t", "ov", '{"a,b",c}'), filter("r", "ov", "(1,5)"),
      ]),
    ]);
  });

  it("reads quoted column names, skips spaces before conditions, and knows columns named not, and, or", () => {
    expect(where('or=( "a.b,c".eq.1,  "x\\"y".is.true,not.eq.1,and.eq.2,or.in.())')).toEqual([
      group("or", [
        filter("a.b,c", "eq", "1"), filter('x"y', "is", "true"), filter("not", "eq", "1"),
        filter("and", "eq", "2"), filter("or", "in", []),
      ]),
    ]);
  });

  it("refuses malformed trees with the position", () => {
    for (const [query, message] of [
      ["or=()", 'Query parameter "or": a condition is empty (at character 2 of the value).'],
      ["or=a.eq.1", 'Query parameter "or": expected "(" to open the or group (at character 1 of the value).'],
      ["or=(a.eq.1", 'Query parameter "or": the or group is not closed (at the end of the value).'],
      ["or=(a.eq.1))", 'Query parameter "or": unexpected text after the group (at character 9 of the value).'],
      ["or=(a.eq.1,)", 'Query parameter "or": a condition is empty (at character 9 of the value).'],
      ["or=(a.eq.f(x))", 'Query parameter "or": unexpected text after the group (at character 11 of the value).'],
      ['or=(a.eq."x"y)', 'Query parameter "or": expected "," or ")" after a quoted value (at character 10 of the value).'],
      ["or=(a.eq.{x)", 'Query parameter "or": a { is not closed (at the end of the value).'],
      ["or=(a)", 'Query parameter "or": expected "." after the column "a" (at character 3 of the value).'],
      ['or=("".eq.1)', 'Query parameter "or": a column name is empty (at character 4 of the value).'],
      ["not.and=(a.in.(1,2)", 'Query parameter "not.and": the and group is not closed (at the end of the value).'],
    ]) {
      const error = errorOf(() => where(query!));
      expect([error.code, error.message], query).toEqual(["QUERY_INVALID", message]);
    }
  });
});

describe("parseReadQuery: select, order, limit, offset, Range", () => {
  it("reads select: * by default, columns, aliases, quoted names, spaces around items", () => {
    expect(read("").select).toBe("*");
    expect(read("select=*").select).toBe("*");
    expect(read("select= a , label : b,\"c,d\",\"x:y\":\"*\"").select).toEqual([
      { column: "a" }, { column: "b", alias: "label" }, { column: "c,d" }, { column: "*", alias: "x:y" },
    ]);
  });

  it("refuses what select does not support, saying what", () => {
    for (const [value, message] of [
      ["items(*)", 'embedded resources and aggregates ("items(*)") are not supported in select; name columns of this table.'],
      ["id,count()", 'embedded resources and aggregates ("count()") are not supported in select; name columns of this table.'],
      ["amount.sum()", 'embedded resources and aggregates ("amount.sum()") are not supported in select; name columns of this table.'],
      ["a::text", "casts are not supported in select."],
      ["x:a::text", "casts are not supported in select."],
      ["data->name", 'JSON paths ("data->name") are not supported in select.'],
      ["data->>name", 'JSON paths ("data->>name") are not supported in select.'],
      ["*,a", "select=* cannot be combined with other columns."],
      ["a,*", "select=* cannot be combined with other columns."],
      ["x:*", "an alias names one column, not *."],
      ["a:b:c", 'an item of select has one alias: alias:column (at character 4 of the value).'],
      [":a", "an alias is empty."],
      ["a,,b", "an item of select is empty."],
      ["a,", "an item of select is empty."],
      ["", "select names no column; leave it out to select every column."],
      ['"a"b', 'expected "," between the items of select (at character 4 of the value).'],
    ]) {
      const error = errorOf(() => read(`select=${encodeURIComponent(value!)}`));
      expect([error.code, error.message], value).toEqual(["QUERY_INVALID", `Query parameter "select": ${message}`]);
    }
  });

  it("reads order terms with directions and nulls, quoted names included", () => {
    expect(read('order=a.desc.nullslast, b ,c.asc.nullsfirst,d.nullsfirst,"e.f".desc').order).toEqual([
      { column: "a", direction: "desc", nulls: "last" }, { column: "b", direction: "asc" },
      { column: "c", direction: "asc", nulls: "first" }, { column: "d", direction: "asc", nulls: "first" },
      { column: "e.f", direction: "desc" },
    ]);
  });

  it("refuses a column ordered twice and unknown or misplaced modifiers", () => {
    for (const [value, message] of [
      ["a,b.desc,a.asc", 'the column "a" is ordered twice.'],
      ["a.up", '"up" is not an order modifier here (write column.asc|desc.nullsfirst|nullslast).'],
      ["a.asc.desc", '"desc" is not an order modifier here (write column.asc|desc.nullsfirst|nullslast).'],
      ["a.nullslast.desc", '"desc" is not an order modifier here (write column.asc|desc.nullsfirst|nullslast).'],
      ["a.b.desc", '"b" is not an order modifier here (write column.asc|desc.nullsfirst|nullslast).'],
      ["a,,b", "an item of order is empty (at character 3 of the value)."],
      ["items(name).desc", 'embedded resources and aggregates ("items(name)") are not supported in order; name columns of this table.'],
      ["data->x.desc", 'JSON paths ("data->x") are not supported in order.'],
      ["", "order names no column."],
    ]) {
      const error = errorOf(() => read(`order=${encodeURIComponent(value!)}`));
      expect([error.code, error.message], value).toEqual(["QUERY_INVALID", `Query parameter "order": ${message}`]);
    }
  });

  it("reads limit and offset as non-negative integers", () => {
    expect(read("limit=10&offset=0")).toEqual({ select: "*", where: [], order: [], limit: 10, offset: 0 });
    expect(read("limit=0")).toEqual({ select: "*", where: [], order: [], limit: 0 });
    for (const value of ["-1", "1.5", "1e3", "", " 1", "x", "9007199254740993"]) {
      expect(errorOf(() => read(`limit=${encodeURIComponent(value)}`)).message, value)
        .toBe(`Query parameter "limit": limit must be a non-negative integer, not ${JSON.stringify(value)}.`);
      expect(errorOf(() => read(`offset=${encodeURIComponent(value)}`)).code).toBe("QUERY_INVALID");
    }
  });

  it("refuses select, order, limit or offset given twice", () => {
    for (const key of ["select", "order", "limit", "offset"]) {
      expect(errorOf(() => read(`${key}=1&${key}=1`)).message).toBe(`Query parameter "${key}": ${key} is given more than once.`);
    }
  });

  it("reads the Range header, the parameters winning for what they set", () => {
    expect(read("", "0-9")).toEqual({ select: "*", where: [], order: [], offset: 0, limit: 10 });
    expect(read("", "10-")).toEqual({ select: "*", where: [], order: [], offset: 10 });
    expect(read("", " 5-5 ")).toEqual({ select: "*", where: [], order: [], offset: 5, limit: 1 });
    expect(read("limit=3", "10-19")).toEqual({ select: "*", where: [], order: [], offset: 10, limit: 3 });
    expect(read("offset=2", "10-19")).toEqual({ select: "*", where: [], order: [], offset: 2, limit: 10 });
    expect(read("limit=3&offset=2", "10-")).toEqual({ select: "*", where: [], order: [], offset: 2, limit: 3 });
    expect(errorOf(() => read("", "9-0")).message).toBe('The Range header\'s last row comes before its first, not "9-0".');
    for (const range of ["", "-9", "a-b", "0-9,20-29", "items=0-9", "0 - 9", "99999999999999999-"]) {
      expect(errorOf(() => read("", range)).message, range)
        .toBe(`The Range header is first-last or first- (for example 0-9), not ${JSON.stringify(range)}.`);
    }
  });

  it("leaves on_conflict and columns to the server", () => {
    expect(read("on_conflict=id&columns=a,b&x=eq.1")).toEqual({ select: "*", where: [filter("x", "eq", "1")], order: [] });
  });
});

describe("parseConditions", () => {
  it("reads only the filters, for PATCH and DELETE", () => {
    expect(parseConditions(new URLSearchParams("select=a&order=b&limit=x&offset=y&on_conflict=id&columns=a&id=eq.1&or=(a.is.null)")))
      .toEqual([filter("id", "eq", "1"), group("or", [filter("a", "is", "null")])]);
    expect(parseConditions(new URLSearchParams(""))).toEqual([]);
    expect(errorOf(() => parseConditions(new URLSearchParams("id=1"))).code).toBe("QUERY_INVALID");
  });
});

describe("limits", () => {
  const filters = (count: number) => Array.from({ length: count }, (_, i) => `c${i}=eq.${i}`).join("&");
  const nested = (depth: number) => `or=${"(a.eq.1,and".repeat(depth - 1)}(a.eq.1${")".repeat(depth)}`;

  it(`accepts ${LIMITS.query_conditions} filters and groups, refuses one more`, () => {
    expect(where(filters(LIMITS.query_conditions))).toHaveLength(LIMITS.query_conditions);
    expect(errorOf(() => where(filters(LIMITS.query_conditions + 1))).code).toBe("QUERY_TOO_LARGE");
    // A group counts too: 99 filters inside one or=(…) make 100.
    const inner = Array.from({ length: LIMITS.query_conditions - 1 }, (_, i) => `c${i}.eq.1`).join(",");
    expect(where(`or=(${inner})`)).toHaveLength(1);
    expect(errorOf(() => where(`or=(${inner},x.eq.1)`)).code).toBe("QUERY_TOO_LARGE");
    expect(errorOf(() => parseConditions(new URLSearchParams(filters(LIMITS.query_conditions + 1)))).code).toBe("QUERY_TOO_LARGE");
  });

  it(`accepts ${LIMITS.query_in_values} values in one in.(…), refuses one more`, () => {
    const list = (count: number) => `x=in.(${Array.from({ length: count }, (_, i) => i).join(",")})`;
    expect((where(list(LIMITS.query_in_values))[0] as { value: string[] }).value).toHaveLength(LIMITS.query_in_values);
    const error = errorOf(() => where(list(LIMITS.query_in_values + 1)));
    expect([error.code, error.message]).toEqual(["QUERY_TOO_LARGE", "An in.(…) list holds at most 1000 values."]);
    expect(errorOf(() => where(`or=(${list(LIMITS.query_in_values + 1).replace("=", ".")})`)).code).toBe("QUERY_TOO_LARGE");
  });

  it(`accepts groups ${LIMITS.query_group_depth} deep, refuses one deeper, and never overflows the stack`, () => {
    let depth = 0;
    for (let condition: Condition | undefined = where(nested(LIMITS.query_group_depth))[0]; condition?.kind === "group"; condition = condition.children[1]) {
      depth += 1;
    }
    expect(depth).toBe(LIMITS.query_group_depth);
    const error = errorOf(() => where(nested(LIMITS.query_group_depth + 1)));
    expect([error.code, error.message]).toEqual(["QUERY_TOO_LARGE", "Groups of conditions nest at most 8 deep."]);
    expect(errorOf(() => where(`or=(${"or(".repeat(200_000)}`)).code).toBe("QUERY_TOO_LARGE");
  });
});

describe("serializeCondition and serializeReadQuery", () => {
  it("writes filters as PostgREST does, values raw at the top level", () => {
    expect(serializeCondition(filter("age", "gt", "30", { negate: true }))).toEqual(["age", "not.gt.30"]);
    expect(serializeCondition(filter("name", "eq", '"a,b"'))).toEqual(["name", 'eq."a,b"']);
    expect(serializeCondition(filter("id", "in", ["1", "a,b", 'x"y', ""]))).toEqual(["id", 'in.(1,"a,b","x\\"y","")']);
    expect(serializeCondition(filter("doc", "fts", "cat & dog", { config: "english" }))).toEqual(["doc", "fts(english).cat & dog"]);
    expect(serializeCondition(filter("flag", "is", "true"))).toEqual(["flag", "is.true"]);
  });

  it("quotes a column named like a reserved parameter or starting with a quote", () => {
    expect(serializeCondition(filter("order", "eq", "1"))).toEqual(['"order"', "eq.1"]);
    expect(serializeCondition(filter("not.or", "eq", "1"))).toEqual(['"not.or"', "eq.1"]);
    expect(serializeCondition(filter('"x', "eq", "1"))).toEqual(['"\\"x"', "eq.1"]);
    expect(serializeCondition(filter("a.b", "eq", "1"))).toEqual(["a.b", "eq.1"]);
  });

  it("writes groups, quoting what a tree would misread", () => {
    expect(serializeCondition(group("or", [
      filter("a", "eq", "1"), filter("b c", "eq", "x,y"), filter("t", "ov", "(1,5)"),
      group("and", [filter("d", "is", "null", { negate: true }), filter("e", "in", ["1", "(2)"])], true),
    ]))).toEqual(["or", '(a.eq.1,"b c".eq."x,y",t.ov."(1,5)",not.and(d.not.is.null,e.in.(1,"(2)")))']);
  });

  it("writes a typical read in a stable order", () => {
    const query: ReadQuery = {
      select: [{ column: "id" }, { column: "name", alias: "label" }],
      where: [filter("age", "gte", "18"), group("or", [filter("city", "eq", "Paris"), filter("city", "eq", "Saint-Denis, FR")])],
      order: [{ column: "name", direction: "asc" }, { column: "created_at", direction: "desc", nulls: "last" }],
      limit: 10,
      offset: 20,
    };
    const params = serializeReadQuery(query);
    expect([...params]).toEqual([
      ["age", "gte.18"], ["or", '(city.eq.Paris,city.eq."Saint-Denis, FR")'], ["select", "id,label:name"],
      ["order", "name.asc,created_at.desc.nullslast"], ["limit", "10"], ["offset", "20"],
    ]);
    expect(parseReadQuery(new URLSearchParams(params.toString()))).toEqual(query);
    expect(serializeReadQuery({ select: "*", where: [], order: [] }).toString()).toBe("");
  });
});
