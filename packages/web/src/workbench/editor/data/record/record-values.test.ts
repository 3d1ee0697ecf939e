import { describe, expect, it } from "vitest";
import { parseFieldValue } from "@fieldwork/core";
import { field, options } from "./record-fixture";
import {
  changedKeys, draftOf, draftsOf, htmlTypeOf, inputKindOf, insertValues, instantToLocalInput, parseDraft, patchValues,
  problemsOf, refusalField, sentence, type ValueContext,
} from "./record-values";

/** A browser two hours east of UTC, all year. */
const plusTwo: ValueContext = { offsetAt: () => 120 };

const age = field({ name: "age", type: "number", min: 0, max: 130 });
const name = field({ name: "name", type: "text", required: true });
const tags = field({ name: "tags", type: "checkboxes", options: options("red", "blue", "green") });
const plan = field({ name: "plan", type: "radio", options: options("free", "team") });
const agree = field({ name: "agree", type: "checkbox" });
const extra = field({ name: "extra", type: "json" });
const when = field({ name: "when", type: "datetime-local" });

describe("record inputs by field type", () => {
  it("picks the input from core's capability table", () => {
    expect([age, name, tags, plan, agree, extra, when, field({ type: "textarea" }), field({ type: "select", multiple: true, options: options("a") }), field({ type: "file" })].map(inputKindOf))
      .toEqual(["number", "text", "choices", "choice", "boolean", "json", "text", "textarea", "choices", "json"]);
    expect([field({ type: "email" }), field({ type: "hidden" }), field({ type: "password" }), when].map(htmlTypeOf)).toEqual(["email", "text", "text", "datetime-local"]);
  });

  it("turns stored values into what the inputs hold: numbers as text, lists, flags, JSON laid out, instants in the browser's zone", () => {
    const row = { age: 42, name: "Ada", tags: ["red", "green"], plan: null, agree: true, extra: { a: [1] }, when: "2026-11-23T10:00:00+00:00" };
    expect(draftsOf([age, name, tags, plan, agree, extra, when], row, plusTwo)).toEqual({
      age: "42", name: "Ada", tags: ["red", "green"], plan: "", agree: true, extra: '{\n  "a": [\n    1\n  ]\n}', when: "2026-11-23T12:00",
    });
    expect(draftsOf([age, tags, agree, extra], null, plusTwo)).toEqual({ age: "", tags: [], agree: false, extra: "" });
    expect(instantToLocalInput("2026-11-23T10:00:05Z", plusTwo)).toBe("2026-11-23T12:00:05");
    expect(draftOf(extra, "x")).toBe('"x"');
  });
});

describe("parseDraft", () => {
  it("refuses a number field given text with parseFieldValue's own reason", () => {
    const result = parseDraft(age, "abc");
    expect(result).toEqual({ ok: false, reason: "is not a valid number" });
    const core = parseFieldValue(age, ["abc"]);
    expect(core.ok ? null : core.reason).toBe("is not a valid number");
    expect(parseDraft(age, "200")).toEqual({ ok: false, reason: "above the maximum 130" });
  });

  it("types values as their columns: numbers, booleans, lists, JSON, instants", () => {
    expect(parseDraft(age, "42")).toEqual({ ok: true, value: 42 });
    expect(parseDraft(agree, true)).toEqual({ ok: true, value: true });
    expect(parseDraft(agree, false)).toEqual({ ok: true, value: false });
    expect(parseDraft(tags, ["red", "blue"])).toEqual({ ok: true, value: ["red", "blue"] });
    expect(parseDraft(extra, '{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseDraft(when, "2026-11-23T12:00", plusTwo)).toEqual({ ok: true, value: "2026-11-23T10:00:00.000Z" });
  });

  it("an empty optional input is null (an empty list for many values); an empty required one is refused", () => {
    expect(parseDraft(age, "")).toEqual({ ok: true, value: null });
    expect(parseDraft(extra, "  ")).toEqual({ ok: true, value: null });
    expect(parseDraft(tags, [])).toEqual({ ok: true, value: [] });
    expect(parseDraft(name, "")).toEqual({ ok: false, reason: "is required" });
    expect(parseDraft(field({ type: "checkbox", required: true }), false)).toEqual({ ok: false, reason: "must be checked" });
  });

  it("refuses JSON that does not parse, and choices that are not options", () => {
    expect(parseDraft(extra, "{a:")).toEqual({ ok: false, reason: "is not valid JSON" });
    expect(parseDraft(plan, "enterprise")).toEqual({ ok: false, reason: 'has no option "enterprise"' });
  });
});

describe("saving", () => {
  const fields = [age, name, tags, agree];
  const base = draftsOf(fields, { age: 42, name: "Ada", tags: ["red"], agree: false });

  it("PATCHes only the changed keys, typed", () => {
    const drafts = { ...base, age: "43", tags: ["red", "blue"] };
    expect(changedKeys(fields, base, drafts)).toEqual(["age", "tags"]);
    expect(patchValues(fields, base, drafts)).toEqual({ ok: true, values: { age: 43, tags: ["red", "blue"] } });
  });

  it("nothing changed is an empty PATCH: reordered choices and re-laid JSON are the same value", () => {
    expect(patchValues(fields, base, { ...base })).toEqual({ ok: true, values: {} });
    expect(changedKeys([tags], { tags: ["red", "blue"] }, { tags: ["blue", "red"] })).toEqual([]);
    expect(changedKeys([extra], { extra: '{\n  "a": 1\n}' }, { extra: '{"a":1}' })).toEqual([]);
  });

  it("an update checks only what changed; a create checks every field", () => {
    const stale = { ...base, name: "" }; // stored before name became required
    expect(problemsOf(fields, stale, { ...stale, age: "abc" })).toEqual({ age: "is not a valid number" });
    expect(patchValues(fields, stale, { ...stale, age: "7" })).toEqual({ ok: true, values: { age: 7 } });
    expect(problemsOf(fields, null, draftsOf(fields, null))).toEqual({ name: "is required" });
  });

  it("a create posts every field, an empty optional number as null", () => {
    const drafts = { ...draftsOf(fields, null), name: "Grace" };
    expect(insertValues(fields, drafts)).toEqual({ ok: true, values: { age: null, name: "Grace", tags: [], agree: false } });
    expect(insertValues(fields, { ...drafts, age: "abc", name: "" })).toEqual({ ok: false, problems: { age: "is not a valid number", name: "is required" } });
  });

  it("ties a server refusal to the field its message names", () => {
    const group = field({ name: "age_group" });
    expect(refusalField([age, group], "age_group has no option \"x\".")).toBe("age_group");
    expect(refusalField([age, group], "age is not a valid number.")).toBe("age");
    expect(refusalField([age], "This row no longer exists.")).toBeNull();
    expect(sentence("is required")).toBe("Is required.");
  });
});
