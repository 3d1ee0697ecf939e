import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSignatureImage, parseSketch } from "./answer-formats";
import { columnTypeOf } from "./field-columns";
import { isArrayField } from "./field-types";
import { parseFieldValue, partialValueProblem } from "./field-value";
import type { FormField } from "./form-model";
import { LIMITS } from "./limits";
import { problemMessage } from "./field-messages";
import { EN } from "./i18n/en";

const field = (over: Partial<FormField>): FormField => ({
  id: "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

/** A real 1×1 PNG, as a canvas's toDataURL() gives it. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("signature answers", () => {
  it("take a PNG data URL and refuse any other image, script or text", () => {
    expect(isSignatureImage(PNG)).toBe(true);
    expect(parseFieldValue(field({ type: "signature" }), [PNG])).toEqual({ ok: true, value: PNG });
    for (const bad of [
      "javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
      "data:image/png;base64,R0lGODlhAQABAAAAACw=", `${PNG}"><script>`, "data:image/png;base64,iVBORw0KGgo=x", "Ada Lovelace",
    ]) {
      expect(parseFieldValue(field({ type: "signature" }), [bad]), bad).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE" });
    }
    const refused = parseFieldValue(field({ type: "signature" }), ["x"]);
    expect(!refused.ok && problemMessage("signature", refused.problem, EN)).toBe("Sign in the box.");
  });

  it("are required like any answer and refused past the type's length", () => {
    expect(parseFieldValue(field({ type: "signature", required: true }), [""])).toMatchObject({ code: "REQUIRED_FIELD_MISSING" });
    const huge = `data:image/png;base64,iVBORw0KGgo${"A".repeat(400_000)}`;
    expect(parseFieldValue(field({ type: "signature" }), [huge])).toMatchObject({ ok: false, problem: { kind: "too_long" } });
  });
});

describe("canvas answers", () => {
  it("take a sketch document and keep its JSON text for the jsonb column", () => {
    const sketch = JSON.stringify({ width: 800, layers: [{ type: "rect", x: 1 }, { type: "path", points: [[0, 0], [3, 4]] }] });
    expect(parseFieldValue(field({ type: "canvas" }), [sketch])).toEqual({ ok: true, value: sketch });
    expect(columnTypeOf({ type: "canvas" })).toBe("jsonb");
  });

  it("refuse what is not a sketch: bad JSON, arrays, layers that are not objects, too many layers, too deep", () => {
    const deep = `{"layers":[${"[".repeat(100)}${"]".repeat(100)}]}`;
    const many = JSON.stringify({ layers: Array.from({ length: LIMITS.sketch_layers + 1 }, () => ({})) });
    for (const bad of ["{", "[]", "null", '"x"', '{"layers":{}}', '{"layers":[1]}', '{"layers":[[]]}', deep, many]) {
      expect(parseSketch(bad), bad.slice(0, 40)).toBeUndefined();
      expect(parseFieldValue(field({ type: "canvas" }), [bad]).ok, bad.slice(0, 40)).toBe(false);
    }
  });

  it("refuse an oversized sketch by length before reading it", () => {
    const big = JSON.stringify({ layers: [{ type: "text", text: "x".repeat(250_000) }] });
    expect(parseFieldValue(field({ type: "canvas" }), [big])).toMatchObject({ ok: false, problem: { kind: "too_long", max: 200_000 } });
  });

  it("never throw on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => {
      const result = parseFieldValue(field({ type: "canvas" }), [text]);
      expect(typeof result.ok).toBe("boolean");
    }));
  });
});

describe("array fields (is_array)", () => {
  const emails = field({ type: "email", is_array: true });

  it("store each instance in order in a list column, repeats kept, empty instances left out", () => {
    expect(isArrayField(emails)).toBe(true);
    expect(columnTypeOf(emails)).toBe("text[]");
    expect(columnTypeOf(field({ type: "number", is_array: true }))).toBe("numeric[]");
    expect(parseFieldValue(emails, ["b@x.org", "", "a@x.org", "b@x.org"])).toEqual({ ok: true, value: ["b@x.org", "a@x.org", "b@x.org"] });
    expect(parseFieldValue(emails, [""])).toEqual({ ok: true, value: [] });
  });

  it("check every instance by the field's own rules", () => {
    expect(parseFieldValue(emails, ["a@x.org", "nope"])).toMatchObject({ ok: false, problem: { kind: "email" } });
    const ages = field({ type: "number", is_array: true, max: 120 });
    expect(parseFieldValue(ages, ["3", "40"])).toEqual({ ok: true, value: [3, 40] });
    expect(parseFieldValue(ages, ["3", "400"])).toMatchObject({ ok: false, problem: { kind: "above" } });
    expect(parseFieldValue(field({ type: "email", is_array: true, required: true }), ["", ""])).toMatchObject({ code: "REQUIRED_FIELD_MISSING" });
  });

  it("take at most LIMITS.array_items instances, in the answer and in a saved partial answer", () => {
    const most = Array.from({ length: LIMITS.array_items }, (_, i) => `${i}@x.org`);
    expect(parseFieldValue(emails, most).ok).toBe(true);
    const refused = parseFieldValue(emails, [...most, "z@x.org"]);
    expect(refused).toMatchObject({ ok: false, code: "INVALID_FIELD_VALUE", problem: { kind: "too_many_items", max: LIMITS.array_items } });
    expect(!refused.ok && problemMessage("email", refused.problem, EN)).toBe(`Add at most ${LIMITS.array_items} items.`);
    expect(partialValueProblem(emails, ["a", "a"])).toBeUndefined();
    expect(partialValueProblem(emails, [...most, "z"])).toMatch(/at most 20/);
  });

  it("is ignored on types that cannot repeat (the import refuses those)", () => {
    const date = field({ type: "date", is_array: true });
    expect(isArrayField(date)).toBe(false);
    expect(columnTypeOf(date)).toBe("date");
    expect(parseFieldValue(date, ["2026-01-01", "2026-01-02"])).toMatchObject({ ok: false, problem: { kind: "one_value" } });
  });
});

describe("rich text answers", () => {
  it("are long text in a text column (the server cleans the HTML: answer-html.test.ts)", () => {
    const html = "<p>Hello <strong>world</strong></p>";
    expect(parseFieldValue(field({ type: "richtext" }), [html])).toEqual({ ok: true, value: html });
    expect(columnTypeOf({ type: "richtext" })).toBe("text");
  });
});
