import { describe, expect, it } from "vitest";
import { definitionProblems, FormDefinition, parseFormDefinition } from "./form-definition";
import { FieldworkError } from "./error-catalogue";
import { assertFieldName } from "./field-name";
import { columnTypeOf } from "./field-columns";
import { FIELD_TYPES, FIELD_TYPE_CAPABILITIES } from "./field-types";
import { errorPagePath } from "./errors";

describe("form definition", () => {
  it("fills defaults so a minimal file is a whole form", () => {
    const def = FormDefinition.parse({ title: "T", fields: [{ name: "a", type: "text" }], blocks: [{ type: "field", field: "a" }] });
    expect(def.settings.unknown_field_handling_strategy).toBe("ignore");
    expect(def.theme.font_family).toBe("inter");
    expect(def.fields[0]!.required).toBe(false);
    expect(definitionProblems(def)).toEqual([]);
  });

  it("reports references that do not resolve", () => {
    const def = FormDefinition.parse({
      title: "T",
      fields: [{ name: "a", type: "radio", options: [{ value: "x", group: "nope" }] }],
      blocks: [{ type: "section", children: [{ type: "field", field: "b" }] }],
    });
    expect(definitionProblems(def)).toEqual([
      'fields.a: option "x" names unknown group "nope"',
      'blocks[0].children[0]: unknown field "b"',
    ]);
  });

  it("reads a file made when forms could use GET as a form that posts (forms always post)", () => {
    const def = FormDefinition.parse({ title: "T", settings: { method: "get" } });
    expect(def.settings.method).toBe("post");
    expect(FormDefinition.safeParse({ title: "T", settings: { method: "put" } }).success).toBe(false);
  });

  it("refuses unknown keys and field types", () => {
    expect(FormDefinition.safeParse({ title: "T", colour: "red" }).success).toBe(false);
    expect(FormDefinition.safeParse({ title: "T", fields: [{ name: "a", type: "rating" }] }).success).toBe(false);
  });
});

describe("field names", () => {
  it("must be lowercase identifiers and not system columns", () => {
    expect(() => assertFieldName("first_name")).not.toThrow();
    expect(() => assertFieldName("First")).toThrow(/Invalid field name/);
    expect(() => assertFieldName("created_at")).toThrow(/reserved/);
  });
});

describe("capability table", () => {
  it("has a row for each of the 34 field types", () => {
    expect(FIELD_TYPES).toHaveLength(34);
    expect(Object.keys(FIELD_TYPE_CAPABILITIES)).toHaveLength(34);
  });

  it("maps fields to typed columns", () => {
    expect(columnTypeOf({ type: "number" })).toBe("numeric");
    expect(columnTypeOf({ type: "checkboxes" })).toBe("text[]");
    expect(columnTypeOf({ type: "select", multiple: true })).toBe("text[]");
    expect(columnTypeOf({ type: "datetime-local" })).toBe("timestamptz");
    expect(columnTypeOf({ type: "file", multiple: true })).toBe("jsonb");
  });
});

describe("load error redirects", () => {
  it("follow spec 1 §8", () => {
    expect(errorPagePath("f1", "FORM_FORCE_CLOSED")).toBe("/d/e/f1/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING");
    expect(errorPagePath("f1", "FORM_SCHEDULE_NOT_IN_RANGE")).toBe("/d/e/f1/formclosed?oops=FORM_SCHEDULE_NOT_IN_RANGE");
    expect(errorPagePath("f1", "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED")).toBe("/d/e/f1/alreadyresponded");
    expect(errorPagePath("f1", "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", { fingerprint: "v 1", customer_id: "c", session_id: "s" }))
      .toBe("/d/e/f1/alreadyresponded?fingerprint=v+1&customer_id=c&session_id=s");
    // A page query from JSON keeps short strings only, and never overrides the catalogue's own.
    expect(errorPagePath("f1", "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", { a: 1, b: "", c: "x".repeat(201), d: ["x"], e: "ok" })).toBe("/d/e/f1/alreadyresponded?e=ok");
    expect(errorPagePath("f1", "FORM_FORCE_CLOSED", { oops: "mine" })).toBe("/d/e/f1/formclosed?oops=FORM_CLOSED_WHILE_RESPONDING");
    expect(errorPagePath("f1", "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED", "garbage")).toBe("/d/e/f1/alreadyresponded");
    expect(errorPagePath("f1", "MISSING_REQUIRED_HIDDEN_FIELDS")).toBe("/d/e/f1/badrequest?error=MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(errorPagePath("f1", "INTERNAL_SERVER_ERROR")).toBe("/d/e/f1/developererror");
    expect(errorPagePath("f1", "FORM_NOT_FOUND")).toBeUndefined();
  });
});

describe("parseFormDefinition", () => {
  const codeOf = (input: unknown) => {
    try {
      parseFormDefinition(input);
      return "ok";
    } catch (error) {
      return error instanceof FieldworkError ? error.code : String(error);
    }
  };
  const withField = (field: Record<string, unknown>) => ({ title: "T", fields: [{ name: "a", type: "text", ...field }] });

  it("refuses unsafe redirect and media URLs with URL_NOT_ALLOWED", () => {
    expect(codeOf({ title: "T", ending: { redirect_uri: "javascript:alert(document.cookie)" } })).toBe("URL_NOT_ALLOWED");
    expect(codeOf({ title: "T", blocks: [{ type: "pdf", src: "javascript:alert(1)" }] })).toBe("URL_NOT_ALLOWED");
    expect(codeOf(withField({ type: "radio", options: [{ value: "x", src: "data:image/svg+xml,<svg onload=alert(1)>" }] }))).toBe("URL_NOT_ALLOWED");
    expect(codeOf({ title: "T", ending: { redirect_uri: "https://example.com/thanks" } })).toBe("ok");
  });

  it("refuses patterns RE2 cannot check with PATTERN_NOT_SUPPORTED, keeps (a+)+$", () => {
    expect(codeOf(withField({ pattern: "(a)\\1" }))).toBe("PATTERN_NOT_SUPPORTED");
    expect(codeOf(withField({ pattern: "(a+)+$" }))).toBe("ok");
  });

  it("sets limits on fields, nesting, titles and text", () => {
    const fields = Array.from({ length: 301 }, (_, i) => ({ name: `f${i}`, type: "text" }));
    expect(codeOf({ title: "T", fields })).toBe("TOO_MANY_FIELDS");
    expect(codeOf({ title: "T", fields: fields.slice(0, 300) })).toBe("ok");
    let blocks: unknown[] = [{ type: "divider" }];
    for (let i = 0; i < 10_000; i++) blocks = [{ type: "group", children: blocks }];
    expect(codeOf({ title: "T", blocks })).toBe("NESTED_TOO_DEEP");
    let nine: unknown[] = [{ type: "divider" }];
    for (let i = 0; i < 8; i++) nine = [{ type: "group", children: nine }];
    expect(codeOf({ title: "T", blocks: nine })).toBe("INVALID_FORM_DEFINITION");
    let start: unknown = {};
    for (let i = 0; i < 100_000; i++) start = { c: start };
    expect(codeOf({ title: "T", start_page: start })).toBe("NESTED_TOO_DEEP");
    expect(codeOf({ title: "x".repeat(257) })).toBe("INVALID_FORM_DEFINITION");
    expect(codeOf({ title: "a\u0000b" })).toBe("INVALID_TEXT");
    expect(codeOf({ title: "T", start_page: { text: "\uD800" } })).toBe("INVALID_TEXT");
  });
});
