import { describe, expect, it } from "vitest";
import { localDateTimeToIso, parseFieldValue, partialValueProblem, toRawValues, zonedToUtcWallTime } from "./field-value";
import type { FormField } from "./form-model";

const field = (over: Partial<FormField>): FormField => ({
  id: "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

const option = (value: string, disabled = false) => ({
  id: value, value, label: value, src: null, disabled, index: 0, optgroup_id: null,
});

describe("parseFieldValue", () => {
  it("keeps text and turns an empty answer into null", () => {
    expect(parseFieldValue(field({}), ["Ada"])).toEqual({ ok: true, value: "Ada" });
    expect(parseFieldValue(field({}), [])).toEqual({ ok: true, value: null });
    expect(parseFieldValue(field({}), [""])).toEqual({ ok: true, value: null });
  });

  it("refuses an empty required field with REQUIRED_FIELD_MISSING naming the field", () => {
    expect(parseFieldValue(field({ required: true }), [""])).toMatchObject({ ok: false, code: "REQUIRED_FIELD_MISSING", field: "answer" });
  });

  it("applies the pattern as a whole-value match, only for text-like types", () => {
    const tel = field({ type: "tel", pattern: "[0-9]{3}-[0-9]{4}" });
    expect(parseFieldValue(tel, ["555-1234"]).ok).toBe(true);
    expect(parseFieldValue(tel, ["x555-1234"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    expect(parseFieldValue(field({ type: "number", pattern: "1" }), ["2"]).ok).toBe(true);
  });

  it("checks email and url formats", () => {
    expect(parseFieldValue(field({ type: "email" }), ["ada@example.com"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "email" }), ["ada@"]).ok).toBe(false);
    expect(parseFieldValue(field({ type: "url" }), ["https://example.com/x"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "url" }), ["example"]).ok).toBe(false);
  });

  it("reads numbers with min, max and step", () => {
    const n = field({ type: "number", min: 1, max: 10, step: 0.5 });
    expect(parseFieldValue(n, ["2.5"])).toEqual({ ok: true, value: 2.5 });
    expect(parseFieldValue(n, ["0"]).ok).toBe(false);
    expect(parseFieldValue(n, ["11"]).ok).toBe(false);
    expect(parseFieldValue(n, ["2.25"]).ok).toBe(false);
    expect(parseFieldValue(n, ["abc"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
  });

  it("reads switches and checkboxes as booleans where 'on' means true", () => {
    expect(parseFieldValue(field({ type: "switch" }), ["on"])).toEqual({ ok: true, value: true });
    expect(parseFieldValue(field({ type: "checkbox" }), [])).toEqual({ ok: true, value: false });
    expect(parseFieldValue(field({ type: "checkbox", required: true }), [])).toMatchObject({ ok: false, code: "REQUIRED_FIELD_MISSING" });
    expect(parseFieldValue(field({ type: "checkbox" }), ["maybe"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
  });

  it("accepts only existing, enabled options", () => {
    const radio = field({ type: "radio", options: [option("a"), option("b", true)] });
    expect(parseFieldValue(radio, ["a"])).toEqual({ ok: true, value: "a" });
    expect(parseFieldValue(radio, ["z"])).toMatchObject({ ok: false, code: "INVALID_OPTION" });
    // Disabled by the owner is not "sold out": a 400 naming the field, not the formoptionsoldout page.
    expect(parseFieldValue(radio, ["b"])).toMatchObject({ ok: false, code: "INVALID_OPTION", reason: 'option "b" is not offered' });
    expect(parseFieldValue(radio, ["a", "a"])).toEqual({ ok: true, value: "a" });
    expect(parseFieldValue(radio, ["a", "z"])).toMatchObject({ ok: false, code: "INVALID_OPTION" });
    expect(parseFieldValue(field({ type: "radio", options: [option("a"), option("c")] }), ["a", "c"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE", reason: "takes one value" });
  });

  it("names an option by its value or by its uuid v4 id, and stores the value", () => {
    const id = "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d";
    const other = "0b6d1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4";
    const ticket = { ...option("vip"), id };
    const radio = field({ type: "radio", options: [ticket, { ...option("floor"), id: other }] });
    expect(parseFieldValue(radio, [id])).toEqual({ ok: true, value: "vip" });
    expect(parseFieldValue(radio, [id.toUpperCase()])).toMatchObject({ ok: false, code: "INVALID_OPTION" });
    expect(parseFieldValue(radio, ["vip", id])).toEqual({ ok: true, value: "vip" }); // one option, named twice
    const boxes = field({ type: "checkboxes", options: [ticket, { ...option("floor"), id: other }] });
    expect(parseFieldValue(boxes, [other, "vip"])).toEqual({ ok: true, value: ["floor", "vip"] });
    // Not a v4 uuid, or no such option: refused with the field named.
    const v1 = "3f0c6a52-8d1e-1b7a-9c2d-5e6f7a8b9c0d";
    expect(parseFieldValue(field({ type: "radio", options: [{ ...option("x"), id: v1 }] }), [v1])).toMatchObject({ ok: false, code: "INVALID_OPTION", field: "answer" });
    expect(parseFieldValue(radio, ["7d3e1f20-1111-4222-8333-444455556666"])).toMatchObject({ ok: false, code: "INVALID_OPTION" });
  });

  it("collects checkboxes into a list", () => {
    const boxes = field({ type: "checkboxes", options: [option("a"), option("b")] });
    expect(parseFieldValue(boxes, ["a", "b"])).toEqual({ ok: true, value: ["a", "b"] });
    expect(parseFieldValue(boxes, [])).toEqual({ ok: true, value: [] });
  });

  it("keeps one of each option, however often it is posted", () => {
    const boxes = field({ type: "checkboxes", options: [option("a"), option("b")] });
    expect(parseFieldValue(boxes, Array<string>(10_000).fill("a"))).toEqual({ ok: true, value: ["a"] });
    expect(parseFieldValue(boxes, ["b", "a", "b", "a"])).toEqual({ ok: true, value: ["b", "a"] });
  });

  it("reads numbers only in the decimal notation a number input sends", () => {
    const n = field({ type: "number" });
    for (const ok of ["16", "-3", "0.5", ".5", "007", "1e3", "-2.5E-2"]) expect(parseFieldValue(n, [ok]).ok, ok).toBe(true);
    for (const bad of ["0x10", "0b10", "0o10", " 16", "16 ", "+16", "1.", "Infinity", "1_000", "1,5", "\u0661\u0662"]) {
      expect(parseFieldValue(n, [bad]), bad).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    }
    expect(parseFieldValue(n, ["1e999"]).ok).toBe(false);
  });

  it("accepts only http: and https: addresses in url fields", () => {
    const url = field({ type: "url" });
    expect(parseFieldValue(url, ["http://a.example/"]).ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "mailto:a@b.c", "https://", "https://a b.example/", "file:///etc/passwd"]) {
      expect(parseFieldValue(url, [bad]), bad).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    }
  });

  it("refuses NUL bytes, unpaired surrogates and text longer than the type takes", () => {
    expect(parseFieldValue(field({}), ["a\u0000b"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE", reason: expect.stringMatching(/NUL/) });
    expect(parseFieldValue(field({}), ["\uD800"])).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    expect(parseFieldValue(field({}), ["x".repeat(4_000)]).ok).toBe(true);
    expect(parseFieldValue(field({}), ["x".repeat(4_001)])).toMatchObject({ ok: false, reason: "is longer than 4000 characters" });
    expect(parseFieldValue(field({ type: "textarea" }), ["x".repeat(100_000)]).ok).toBe(true);
  });

  it("matches owner patterns in linear time: (a+)+$ against 40 a's and a ! is refused at once", () => {
    expect(parseFieldValue(field({ pattern: "(a+)+$" }), [`${"a".repeat(40)}!`])).toMatchObject({ ok: false, reason: "does not match the pattern" });
  });

  it("validates calendar values", () => {
    expect(parseFieldValue(field({ type: "date" }), ["2026-02-28"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "date" }), ["2026-02-30"]).ok).toBe(false);
    expect(parseFieldValue(field({ type: "date", min: "2026-01-01" }), ["2025-12-31"]).ok).toBe(false);
    expect(parseFieldValue(field({ type: "time" }), ["23:59"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "time" }), ["24:00"]).ok).toBe(false);
    expect(parseFieldValue(field({ type: "month" }), ["2026-11"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "week" }), ["2026-W47"]).ok).toBe(true);
    expect(parseFieldValue(field({ type: "week" }), ["2026-W60"]).ok).toBe(false);
    expect(parseFieldValue(field({ type: "color" }), ["#FFAA00"])).toEqual({ ok: true, value: "#ffaa00" });
  });

  it("reads datetime-local in the visitor's fixed utc offset", () => {
    expect(parseFieldValue(field({ type: "datetime-local" }), ["2026-11-22T09:30"], { utc_offset: 540 }))
      .toEqual({ ok: true, value: "2026-11-22T00:30:00.000Z" });
    expect(localDateTimeToIso("2026-11-22T09:30", null)).toBe("2026-11-22T09:30:00.000Z");
    expect(localDateTimeToIso("2026-13-22T09:30", 0)).toBeUndefined();
    // A zoned instant reads as UTC wall time; local text is not zoned; a day or hour that does not exist is null.
    expect(zonedToUtcWallTime("2026-11-23T10:00:00+09:00")).toBe("2026-11-23T01:00:00.000");
    expect(zonedToUtcWallTime("2026-11-23T10:00Z")).toBe("2026-11-23T10:00:00.000");
    expect(zonedToUtcWallTime("2026-11-23T10:00:00.123456-0130")).toBe("2026-11-23T11:30:00.123");
    expect(zonedToUtcWallTime("2026-11-23T10:00")).toBeUndefined();
    expect(zonedToUtcWallTime(" 2026-11-23T10:00Z")).toBeUndefined();
    expect(zonedToUtcWallTime("2026-02-30T10:00Z")).toBeNull();
    expect(zonedToUtcWallTime("2026-11-23T24:00Z")).toBeNull();
  });
});

describe("toRawValues", () => {
  it("turns session values into raw strings and refuses other shapes", () => {
    expect(toRawValues("a")).toEqual(["a"]);
    expect(toRawValues(["a", "b"])).toEqual(["a", "b"]);
    expect(toRawValues(true)).toEqual(["on"]);
    expect(toRawValues(null)).toEqual([]);
    expect(toRawValues({ a: 1 })).toBeUndefined();
  });
});

describe("partialValueProblem", () => {
  it("keeps half-typed answers but nothing larger than the field takes", () => {
    expect(partialValueProblem(field({ type: "email" }), "ada@")).toBeUndefined();
    expect(partialValueProblem(field({ type: "email" }), "a".repeat(255))).toMatch(/longer than 254/);
    expect(partialValueProblem(field({}), "x".repeat(5 * 1024 * 1024))).toMatch(/longer than 4000/);
    expect(partialValueProblem(field({}), ["a", "b"])).toMatch(/one value/);
    expect(partialValueProblem(field({}), "a\u0000")).toMatch(/NUL/);
    expect(partialValueProblem(field({}), { a: 1 })).toMatch(/string, a number/);
  });

  it("holds only the field's own options, each once", () => {
    const boxes = field({ type: "checkboxes", options: [option("a"), option("b")] });
    expect(partialValueProblem(boxes, ["a", "b"])).toBeUndefined();
    expect(partialValueProblem(boxes, ["a", "a"])).toMatch(/twice/);
    expect(partialValueProblem(boxes, ["a", "b", "c"])).toMatch(/at most 2/);
    expect(partialValueProblem(boxes, ["z"])).toMatch(/no option "z"/);
    expect(partialValueProblem(field({ type: "checkbox" }), true)).toBeUndefined();
  });
});
