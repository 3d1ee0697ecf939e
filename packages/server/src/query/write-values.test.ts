import type { FormField } from "@fieldwork/core";
import { describe, expect, it } from "vitest";
import { fieldValue } from "./write-values";

const field = (over: Partial<FormField>): FormField => ({
  id: "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

describe("a Data API write of the answer types of issue 22 (part B)", () => {
  it("cleans rich text HTML as a submit does", () => {
    expect(fieldValue(field({ type: "richtext" }), '<p onmouseover="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(fieldValue(field({ type: "richtext" }), "<script>alert(1)</script>")).toBeNull();
  });

  it("takes a sketch document and refuses other JSON with INVALID_FIELD_VALUE", () => {
    expect(fieldValue(field({ type: "canvas" }), { layers: [{ type: "rect" }] })).toBe('{"layers":[{"type":"rect"}]}');
    expect(() => fieldValue(field({ name: "sketch", type: "canvas" }), { layers: "no" })).toThrow(expect.objectContaining({ code: "INVALID_FIELD_VALUE" }));
    expect(() => fieldValue(field({ type: "canvas" }), [1, 2])).toThrow(expect.objectContaining({ code: "INVALID_FIELD_VALUE" }));
  });

  it("takes a list for an array field, each item checked, at most 20", () => {
    const emails = field({ type: "email", is_array: true });
    expect(fieldValue(emails, ["a@x.org", "a@x.org"])).toEqual(["a@x.org", "a@x.org"]);
    expect(() => fieldValue(emails, ["a@x.org", "nope"])).toThrow(expect.objectContaining({ code: "INVALID_FIELD_VALUE" }));
    expect(() => fieldValue(emails, Array.from({ length: 21 }, (_, i) => `${i}@x.org`))).toThrow(/at most 20 items/);
  });

  it("refuses a signature that is not a PNG data URL", () => {
    expect(() => fieldValue(field({ type: "signature" }), "data:image/svg+xml;base64,PHN2Zz4=")).toThrow(expect.objectContaining({ code: "INVALID_FIELD_VALUE" }));
  });
});
