import { describe, expect, it } from "vitest";
import { parseFieldValue } from "./field-value";
import type { FormField } from "./form-model";

const field = (over: Partial<FormField>): FormField => ({
  id: "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

const option = (value: string, disabled = false) => ({ id: value, value, label: value, src: null, disabled, index: 0, optgroup_id: null });

/** The visitor's sentence and the code of one refused answer. */
const refusal = (over: Partial<FormField>, raw: string[]) => {
  const result = parseFieldValue(field(over), raw);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return { code: result.code, message: result.message, field: result.field };
};

describe("the sentence a visitor reads under a refused field", () => {
  const choices = { options: [option("a"), option("b"), option("c", true)] };
  const cases: [string, Partial<FormField>, string[], string, string][] = [
    ["an empty required text", { required: true }, [""], "REQUIRED_FIELD_MISSING", "This field is required."],
    ["an unchecked required box", { type: "checkbox", required: true }, [], "REQUIRED_FIELD_MISSING", "Check this box to continue."],
    ["no choice in a required select", { type: "select", required: true, ...choices }, [], "REQUIRED_FIELD_MISSING", "Choose an option."],
    ["a box posted as 'maybe'", { type: "switch" }, ["maybe"], "INVALID_FIELD_VALUE", "Check or uncheck this box."],
    ["two choices in a radio", { type: "radio", ...choices }, ["a", "b"], "INVALID_FIELD_VALUE", "Choose at most one option."],
    ["two values in a text field", {}, ["x", "y"], "INVALID_FIELD_VALUE", "Enter one value."],
    ["an option the field lacks", { type: "radio", ...choices }, ["z"], "INVALID_OPTION", "Choose one of the options shown."],
    ["an option the owner disabled", { type: "radio", ...choices }, ["c"], "INVALID_OPTION", "This option is not available. Choose another one."],
    ["an email past 254 characters", { type: "email" }, [`${"a".repeat(250)}@b.co`], "INVALID_FIELD_VALUE", "Use at most 254 characters."],
    ["a NUL byte", {}, ["a\u0000"], "INVALID_FIELD_VALUE", "This text contains characters that cannot be saved. Retype it."],
    ["a word in a number field", { type: "number" }, ["ten"], "INVALID_FIELD_VALUE", "Enter a number."],
    ["a 30 February", { type: "date" }, ["2026-02-30"], "INVALID_FIELD_VALUE", "Enter a date."],
    ["an address without a domain", { type: "email" }, ["ada@"], "INVALID_FIELD_VALUE", "Enter an email address."],
    ["a javascript: url", { type: "url" }, ["javascript:alert(1)"], "INVALID_FIELD_VALUE", "Enter a web address starting with http:// or https://."],
    ["text off the pattern", { type: "tel", pattern: "[0-9]{3}" }, ["12a"], "INVALID_FIELD_VALUE", "Match the requested format."],
    ["a number under min", { type: "number", min: 1 }, ["0"], "INVALID_FIELD_VALUE", "Must be 1 or more."],
    ["a number over max", { type: "number", max: 10 }, ["11"], "INVALID_FIELD_VALUE", "Must be 10 or less."],
    ["a date before min", { type: "date", min: "2026-01-01" }, ["2025-12-31"], "INVALID_FIELD_VALUE", "Must be 2026-01-01 or later."],
    ["a time after max", { type: "time", max: "17:00" }, ["18:00"], "INVALID_FIELD_VALUE", "Must be 17:00 or earlier."],
    ["a number off the step", { type: "number", step: 0.5 }, ["1.25"], "INVALID_FIELD_VALUE", "Must be a multiple of 0.5."],
  ];
  it.each(cases)("%s", (_name, over, raw, code, message) => {
    expect(refusal(over, raw)).toEqual({ code, message, field: "answer" });
  });

  it("keeps the developer's reason beside the sentence", () => {
    expect(parseFieldValue(field({ type: "number", max: 10 }), ["11"])).toMatchObject({ reason: "above the maximum 10", message: "Must be 10 or less." });
  });
});
