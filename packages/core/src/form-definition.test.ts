import { describe, expect, it } from "vitest";
import { definitionProblems, FormDefinition } from "./form-definition";
import { assertFieldName } from "./field-name";
import { columnTypeOf, FIELD_TYPES, FIELD_TYPE_CAPABILITIES } from "./field-types";
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
    expect(errorPagePath("f1", "MISSING_REQUIRED_HIDDEN_FIELDS")).toBe("/d/e/f1/badrequest?error=MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(errorPagePath("f1", "INTERNAL_SERVER_ERROR")).toBe("/d/e/f1/developererror");
    expect(errorPagePath("f1", "FORM_NOT_FOUND")).toBeUndefined();
  });
});
