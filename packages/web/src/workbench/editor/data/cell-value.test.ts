import { describe, expect, it } from "vitest";
import { formTableColumns, metaTableColumns, type DataColumn, type FormField } from "@fieldwork/core";
import { field, options } from "./record/record-fixture";
import { displayValue, editorKindOf, editText, parseEdit, parseJsonText, sameValue, type DisplayOptions } from "./cell-value";

const plain: DisplayOptions = { masked: false, date_format: "datetime", time_zone: "UTC" };
const masked: DisplayOptions = { ...plain, masked: true };
/** The grid's column for one field. */
const columnOf = (f: FormField): DataColumn => formTableColumns([f]).find((c) => c.name === f.name)!;
const system = (name: string): DataColumn => formTableColumns([]).find((c) => c.name === name)!;

const age = columnOf(field({ name: "age", label: "Age", type: "number", min: 0, max: 130 }));
const name = columnOf(field({ name: "name", label: "Name", type: "text", required: true }));
const plan = columnOf(field({ name: "plan", label: "Plan", type: "radio", options: options("free", "team") }));
const tags = columnOf(field({ name: "tags", label: "Tags", type: "checkboxes", options: options("red", "blue", "green") }));
const sizes = columnOf(field({ name: "sizes", label: "Sizes", type: "select", multiple: true, options: options("s", "m", "l") }));
const agree = columnOf(field({ name: "agree", label: "Agree", type: "checkbox" }));
const extra = columnOf(field({ name: "extra", label: "Extra", type: "json" }));
const when = columnOf(field({ name: "when", label: "When", type: "datetime-local" }));
const day = columnOf(field({ name: "day", label: "Day", type: "date" }));
const photo = columnOf(field({ name: "photo", label: "Photo", type: "image", multiple: true }));

describe("displayValue", () => {
  it("shows nothing for null, masked or not", () => {
    expect(displayValue(name, null, plain)).toBe("");
    expect(displayValue(name, undefined, masked)).toBe("");
  });

  it("writes timestamps in the chosen format and zone, for fields and system columns", () => {
    const at = "2026-11-23T05:06:09.123+00:00";
    expect(displayValue(when, at, plain)).toBe("2026-11-23 05:06:09");
    expect(displayValue(when, at, { ...plain, time_zone: "Asia/Seoul" })).toBe("2026-11-23 14:06:09");
    expect(displayValue(system("created_at"), at, { ...plain, date_format: "date", time_zone: "Asia/Seoul" })).toBe("2026-11-23");
    expect(displayValue(system("created_at"), at, { ...plain, date_format: "time" })).toBe("05:06:09");
  });

  it("leaves plain dates as they are: no zone moves a birthday", () => {
    expect(displayValue(day, "2026-11-23", { ...plain, time_zone: "Pacific/Honolulu" })).toBe("2026-11-23");
  });

  it("joins lists with commas", () => {
    expect(displayValue(tags, ["red", "green"], plain)).toBe("red, green");
    expect(displayValue({ format: "numeric[]" }, [1, 2.5], plain)).toBe("1, 2.5");
    expect(displayValue(tags, [], plain)).toBe("");
  });

  it("shows objects as JSON text", () => {
    expect(displayValue(extra, { a: 1, b: [true, null] }, plain)).toBe('{"a":1,"b":[true,null]}');
    expect(displayValue(extra, ["x", 1], plain)).toBe('["x",1]');
    expect(displayValue(system("meta"), { ua: "x" }, plain)).toBe('{"ua":"x"}');
  });

  it("shows scalars as text", () => {
    expect(displayValue(age, 42, plain)).toBe("42");
    expect(displayValue(age, 0, plain)).toBe("0");
    expect(displayValue(agree, false, plain)).toBe("false");
    expect(displayValue(name, "", plain)).toBe("");
  });

  it("shows files by name with their size", () => {
    expect(displayValue(photo, [{ name: "cat.png", size: 2048, path: "a/cat.png" }, { name: "dog.jpg", size: 3 * 1024 ** 2 }], plain))
      .toBe("cat.png (2.00 KB), dog.jpg (3.00 MB)");
    expect(displayValue(photo, { name: "one.pdf", size: 100 }, plain)).toBe("one.pdf (100 B)");
    expect(displayValue(photo, [{ name: "no-size.txt" }], plain)).toBe("no-size.txt");
    expect(displayValue(photo, [{ path: "a/b" }], plain)).toBe('[{"path":"a/b"}]');
  });

  it("hides values in masked mode, keeping each word's first character", () => {
    expect(displayValue(name, "Ada Lovelace", masked)).toBe("A** L*******");
    expect(displayValue(system("id"), "3f2a1b4c-0000-4abc-8def-1234567890ab", masked)).toBe("3*******-****-****-****-************");
    expect(displayValue(name, "ada@example.com", masked)).toBe("a**@*******.***");
    expect(displayValue(age, 12345, masked)).toBe("1****");
    expect(displayValue(tags, ["red", "green"], masked)).toBe("r*** g****");
    expect(displayValue(photo, [{ name: "cat.png", size: 10 }], masked)).not.toContain("cat");
  });
});

describe("editText", () => {
  it("starts an editor from lists comma-separated, objects as JSON, null as empty", () => {
    expect([editText(["red", "blue"]), editText([1, 2]), editText({ a: 1 }), editText([{ a: 1 }]), editText(null), editText(42), editText("x")])
      .toEqual(["red, blue", "1, 2", '{"a":1}', '[{"a":1}]', "", "42", "x"]);
  });
});

describe("editorKindOf", () => {
  it("edits nothing written by Fieldwork, nor files", () => {
    expect(formTableColumns([]).map(editorKindOf).every((kind) => kind === "none")).toBe(true);
    expect(metaTableColumns("sessions").map(editorKindOf).every((kind) => kind === "none")).toBe(true);
    expect(editorKindOf(photo)).toBe("none");
  });

  it("picks a yes/no for flags, a choice for one option, JSON for structured values, the sketch preview for a canvas and text for the rest (rich text is its HTML)", () => {
    expect([agree, plan, extra, columnOf(field({ name: "c", type: "canvas" })), columnOf(field({ name: "r", type: "richtext" })), name, age, when, day].map(editorKindOf))
      .toEqual(["boolean", "choice", "json", "sketch", "text", "text", "text", "text", "text"]);
  });

  it("opens the Search Reference sheet for a reference to a schema table, text for other references", () => {
    const ref = { table_id: "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b", column: "id", shown: [], searched: ["name"] };
    expect(editorKindOf(columnOf(field({ name: "p", type: "search", reference: { kind: "schema_table", ...ref } })))).toBe("reference");
    expect(editorKindOf(columnOf(field({ name: "p", type: "search", reference: { kind: "form", ...ref } })))).toBe("text");
    expect(editorKindOf(columnOf(field({ name: "p", type: "search" })))).toBe("text");
  });

  it("types many answers as comma-separated text", () => {
    expect([tags, sizes].map(editorKindOf)).toEqual(["text", "text"]);
    expect(editorKindOf(columnOf(field({ name: "s", type: "select", options: options("a") })))).toBe("choice");
  });
});

describe("parseEdit", () => {
  it("reads typed text with the field's own rules", () => {
    expect(parseEdit(age, "42")).toEqual({ ok: true, value: 42 });
    expect(parseEdit(name, "Ada")).toEqual({ ok: true, value: "Ada" });
    expect(parseEdit(plan, "team")).toEqual({ ok: true, value: "team" });
    expect(parseEdit(agree, "true")).toEqual({ ok: true, value: true });
    expect(parseEdit(agree, "false")).toEqual({ ok: true, value: false });
    expect(parseEdit(day, "2026-02-28")).toEqual({ ok: true, value: "2026-02-28" });
  });

  it("refuses what the form would refuse, saying why with the column's label", () => {
    expect(parseEdit(age, "abc")).toEqual({ ok: false, message: "Age: is not a valid number" });
    expect(parseEdit(age, "200")).toEqual({ ok: false, message: "Age: above the maximum 130" });
    expect(parseEdit(plan, "gold")).toEqual({ ok: false, message: 'Plan: has no option "gold"' });
    expect(parseEdit(name, "")).toEqual({ ok: false, message: "Name: is required" });
    expect(parseEdit(day, "2026-02-30")).toEqual({ ok: false, message: "Day: is not a valid date" });
    expect(parseEdit(agree, "maybe")).toEqual({ ok: false, message: "Agree: not a yes/no value" });
  });

  it("reads an emptied cell as no answer", () => {
    expect(parseEdit(age, "")).toEqual({ ok: true, value: null });
    expect(parseEdit(plan, "")).toEqual({ ok: true, value: null });
    expect(parseEdit(tags, "")).toEqual({ ok: true, value: [] });
  });

  it("splits many answers at commas, trimmed, blanks and repeats dropped", () => {
    expect(parseEdit(tags, "red, blue")).toEqual({ ok: true, value: ["red", "blue"] });
    expect(parseEdit(tags, " red ,, green ,red")).toEqual({ ok: true, value: ["red", "green"] });
    expect(parseEdit(sizes, "s,xl")).toEqual({ ok: false, message: 'Sizes: has no option "xl"' });
  });

  it("keeps commas in a one-answer text", () => {
    expect(parseEdit(name, "Lovelace, Ada")).toEqual({ ok: true, value: "Lovelace, Ada" });
  });

  it("reads JSON columns with the JSON editor's rule", () => {
    expect(parseEdit(extra, '{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseEdit(extra, "")).toEqual({ ok: true, value: null });
    expect(parseEdit(extra, "{a: 1}")).toEqual({ ok: false, message: "Invalid JSON" });
  });

  it("takes a date and time back as the instant the cell's editor starts from", () => {
    // The editor starts from the stored value: an instant with its zone.
    expect(parseEdit(when, editText("2026-11-23T10:00:00+00:00"))).toEqual({ ok: true, value: "2026-11-23T10:00:00.000Z" });
    expect(parseEdit(when, "2026-11-23T19:30:00.5+09:00")).toEqual({ ok: true, value: "2026-11-23T10:30:00.500Z" });
    expect(parseEdit(when, "2026-11-23T10:00:00.000Z")).toEqual({ ok: true, value: "2026-11-23T10:00:00.000Z" });
    expect(parseEdit(when, "2026-11-23T10:00")).toEqual({ ok: true, value: "2026-11-23T10:00:00.000Z" });
    expect(parseEdit(when, "2026-13-23T10:00:00Z")).toEqual({ ok: false, message: "When: is not a valid datetime-local" });
    expect(parseEdit(when, "tomorrow")).toEqual({ ok: false, message: "When: is not a valid datetime-local" });
    // Days and hours that do not exist are refused, not rolled over into the next month or day.
    for (const text of ["2026-02-30T10:00:00Z", "2026-02-29T10:00:00+00:00", "2026-04-31T00:00:00Z", "2026-11-23T24:00:00Z"]) {
      expect(parseEdit(when, text), text).toEqual({ ok: false, message: "When: is not a valid datetime-local" });
    }
    expect(parseEdit(when, "2028-02-29T10:00:00.123456+00:00")).toEqual({ ok: true, value: "2028-02-29T10:00:00.123Z" });
  });

  it("refuses columns without a field", () => {
    expect(parseEdit(system("ip"), "1.2.3.4")).toEqual({ ok: false, message: "ip cannot be edited." });
  });
});

describe("parseJsonText", () => {
  it("saves empty text as null", () => {
    expect(parseJsonText("")).toEqual({ ok: true, value: null });
    expect(parseJsonText(" \n\t")).toEqual({ ok: true, value: null });
  });

  it("blocks text that is not JSON with the message Invalid JSON", () => {
    for (const text of ["{", "{'a': 1}", "undefined", "NaN", "[1,]", "ada", '{"a":1} x']) {
      expect(parseJsonText(text), text).toEqual({ ok: false, message: "Invalid JSON" });
    }
  });

  it("reads any JSON value", () => {
    expect(parseJsonText('{"a":[1,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    expect([parseJsonText("null"), parseJsonText("1"), parseJsonText('"x"'), parseJsonText("[]"), parseJsonText("false")])
      .toEqual([{ ok: true, value: null }, { ok: true, value: 1 }, { ok: true, value: "x" }, { ok: true, value: [] }, { ok: true, value: false }]);
  });
});

describe("sameValue", () => {
  it("finds an edit that changes nothing", () => {
    expect(sameValue("a", "a")).toBe(true);
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue(["red", "blue"], ["red", "blue"])).toBe(true);
  });

  it("finds an edit that changes something", () => {
    expect(sameValue("a", "b")).toBe(false);
    expect(sameValue(1, "1")).toBe(false);
    expect(sameValue(null, "")).toBe(false);
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue(false, null)).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(["red", "blue"], ["blue", "red"])).toBe(false);
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe("displayValue of issue 22's answer types B", () => {
  const story = columnOf(field({ name: "story", label: "Story", type: "richtext" }));
  const sign = columnOf(field({ name: "sign", label: "Sign", type: "signature" }));
  const emails = columnOf(field({ name: "emails", label: "Emails", type: "email", is_array: true }));
  const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

  it("shows rich text as its words, tags gone and entities read", () => {
    expect(displayValue(story, "<p>Hello <strong>world</strong></p><ul><li><p>a &amp; b &lt;c&gt;</p></li></ul>", plain)).toBe("Hello world a & b <c>");
    expect(displayValue(story, "<p>Secret</p>", masked)).not.toContain("Secret");
  });

  it("names a signature's image and size (the grid draws the image), and an array field's items", () => {
    expect(displayValue(sign, png, plain)).toMatch(/^Signature \(PNG, \d+ B\)$/);
    expect(emails.format).toBe("text[]");
    expect(displayValue(emails, ["a@x.org", "b@x.org"], plain)).toBe("a@x.org, b@x.org");
  });
});
