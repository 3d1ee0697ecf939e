import { describe, expect, it } from "vitest";
import { FieldDefinition } from "@fieldwork/core";
import { fieldFrom } from "../editor-request";
import { draftProblems, initPanel, isDirty, panelReducer, toDefinition, type PanelAction, type PanelState } from "./panel-state";

const field = (def: Record<string, unknown>) => fieldFrom("f1", FieldDefinition.parse(def));
const run = (state: PanelState, ...actions: PanelAction[]) => actions.reduce(panelReducer, state);

describe("field panel state", () => {
  it("a new field's name follows its label until a name is typed", () => {
    const start = initPanel({ field: field({ name: "text", type: "text", label: "Text" }), fresh: true });
    const named = run(start, { type: "text", key: "label", value: "Full name" });
    expect(named.draft.name).toBe("full_name");
    const typed = run(named, { type: "text", key: "name", value: "who" }, { type: "text", key: "label", value: "Your name" });
    expect(typed.draft.name).toBe("who");
    expect(initPanel({ field: field({ name: "a", type: "text" }), fresh: false }).name_follows_label).toBe(false);
  });

  it("shows core's problems while typing: name, pattern, range and step", () => {
    const start = initPanel({ field: field({ name: "age", type: "number" }), fresh: false });
    const bad = run(start, { type: "text", key: "name", value: "Age" }, { type: "text", key: "min", value: "10" }, { type: "text", key: "max", value: "2" }, { type: "text", key: "step", value: "-1" });
    expect(draftProblems(bad.draft, [])).toEqual({
      name: "Field name should be lowercase with underscores, starting with a letter.",
      range: "Min must not be above Max.",
      step: "Step must be a positive number.",
    });
    expect(draftProblems(start.draft, ["age"]).name).toBe("Another field of this form has this name.");
  });

  it("changing the type drops what the new type does not take and fills its defaults", () => {
    const start = initPanel({ field: field({ name: "n", type: "number", required: true, min: 1, max: 5 }), fresh: false });
    const tel = run(start, { type: "type", value: "tel" });
    expect(toDefinition(tel.draft, tel.base)).toMatchObject({ type: "tel", min: null, max: null, pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", placeholder: "000-000-0000", required: true });
    const boxes = run(start, { type: "type", value: "checkboxes" });
    expect(toDefinition(boxes.draft, boxes.base)).toMatchObject({ required: false, multiple: true, options: [{ value: "option_1" }, { value: "option_2" }] });
  });

  it("an array field (is_array) is kept on types that repeat and dropped on a type change to one that cannot", () => {
    const start = initPanel({ field: field({ name: "emails", type: "email" }), fresh: false });
    const array = run(start, { type: "flag", key: "is_array", value: true });
    expect(isDirty(array)).toBe(true);
    expect(toDefinition(array.draft, array.base)).toMatchObject({ type: "email", is_array: true });
    const date = run(array, { type: "type", value: "date" });
    expect(toDefinition(date.draft, date.base).is_array).toBe(false);
  });

  it("turns the draft into the definition update-field sends: numbers for numeric bounds, text for dates, nulls for blanks", () => {
    const start = initPanel({ field: field({ name: "d", type: "date", placeholder: "x" }), fresh: false });
    const next = run(start, { type: "text", key: "min", value: "2024-01-01" }, { type: "text", key: "placeholder", value: "" });
    expect(toDefinition(next.draft, next.base)).toMatchObject({ min: "2024-01-01", max: null, placeholder: null });
    expect(isDirty(start)).toBe(false);
    expect(isDirty(next)).toBe(true);
    const num = run(initPanel({ field: field({ name: "n", type: "number" }), fresh: false }), { type: "text", key: "max", value: "7" }, { type: "text", key: "step", value: "0.5" });
    expect(toDefinition(num.draft, num.base)).toMatchObject({ max: 7, step: 0.5 });
  });

  it("opens choices with values other than their labels in advanced mode", () => {
    expect(initPanel({ field: field({ name: "c", type: "radio", options: [{ value: "a", label: "A" }] }), fresh: false }).options_mode).toBe("advanced");
    expect(initPanel({ field: field({ name: "c", type: "radio", options: [{ value: "A", label: "A" }] }), fresh: false }).options_mode).toBe("simple");
  });

  it("a refusal shows until the next edit", () => {
    const start = initPanel({ field: field({ name: "a", type: "text" }), fresh: false });
    const refused = run(start, { type: "save-started" }, { type: "save-refused", message: "Another field of this form has this name." });
    expect(refused).toMatchObject({ saving: false, refusal: "Another field of this form has this name." });
    expect(run(refused, { type: "text", key: "name", value: "b" }).refusal).toBeNull();
  });
});

describe("the computed value", () => {
  it("reads and saves v_value, and shows its problem with the position while typing", () => {
    const start = initPanel({ field: field({ name: "total", type: "number", v_value: "#/price * 2" }), fresh: false });
    expect(start.draft.v_value).toBe("#/price * 2");
    const typed = run(start, { type: "text", key: "v_value", value: "#/price * #/qty" });
    expect(draftProblems(typed.draft, ["price"])).toEqual({ v_value: "Unknown field #/qty at position 10" });
    expect(draftProblems(run(typed, { type: "text", key: "v_value", value: "#/price *" }).draft, ["price", "qty"])).toEqual({ v_value: "Expected a value but found the end at position 9" });
    expect(toDefinition(typed.draft, typed.base).v_value).toBe("#/price * #/qty");
    expect(toDefinition(run(typed, { type: "text", key: "v_value", value: "  " }).draft, typed.base).v_value).toBeNull();
  });

  it("file fields: upload type and storage path (core's rule shown while typing; a placeholder makes the mode staged)", () => {
    const start = initPanel({ field: field({ name: "cv", type: "file" }), fresh: false });
    expect(start.draft).toMatchObject({ upload_type: "multipart", storage_enabled: false, storage_path: "{{row_id}}/{{field_id}}" });
    expect(isDirty(start)).toBe(false);
    const signed = run(start, { type: "upload-type", value: "requesturl" }, { type: "flag", key: "storage_enabled", value: true },
      { type: "text", key: "storage_path", value: "/receipts" });
    expect(draftProblems(signed.draft, []).storage).toBe("Storage upload path is required and must not start with a slash");
    const fixed = run(signed, { type: "text", key: "storage_path", value: "receipts/{{row_id}}" });
    expect(draftProblems(fixed.draft, []).storage).toBeUndefined();
    expect(toDefinition(fixed.draft, fixed.base)).toMatchObject({ upload: { type: "requesturl" }, storage: { enabled: true, path: "receipts/{{row_id}}" } });
    expect(FieldDefinition.safeParse(toDefinition(signed.draft, signed.base)).success).toBe(false);
    const text = run(fixed, { type: "type", value: "text" });
    expect(toDefinition(text.draft, text.base)).toMatchObject({ upload: null, storage: null });
  });

  it("file fields: the bucket is saved with the storage, checked against the project's buckets, and leaves an untouched field clean", () => {
    const buckets = [{ id: "b1", name: "Receipts", public: false }, { id: "b2", name: "Site", public: true }];
    const start = initPanel({ field: field({ name: "cv", type: "file" }), fresh: false });
    expect(start.draft.storage_bucket).toBe("");
    expect(draftProblems(start.draft, [], buckets).bucket).toBeUndefined();
    const picked = run(start, { type: "text", key: "storage_bucket", value: "b1" });
    expect(toDefinition(picked.draft, picked.base).storage).toEqual({ enabled: false, bucket: "b1" });
    const stored = initPanel({ field: field({ name: "cv", type: "file", storage: { bucket: "b1", enabled: true, path: "cvs" } }), fresh: false });
    expect(stored.draft).toMatchObject({ storage_bucket: "b1", storage_enabled: true, storage_path: "cvs" });
    expect(isDirty(stored)).toBe(false);
    expect(toDefinition(run(stored, { type: "text", key: "storage_bucket", value: "" }).draft, stored.base).storage).toEqual({ enabled: true, path: "cvs" });
    // A bucket that is not one of the project's (removed since, or typed in an import) is shown before save.
    const gone = run(start, { type: "text", key: "storage_bucket", value: "b9" });
    expect(draftProblems(gone.draft, [], buckets).bucket).toBe("This field's bucket is not one of the project's buckets");
    expect(draftProblems(gone.draft, [], null).bucket).toBeUndefined();
  });

  it("applies an AI suggestion: its type with the type's defaults, texts, options and a name that no longer follows the label", () => {
    const start = initPanel({ field: field({ name: "text", type: "text", label: "Text" }), fresh: true });
    const applied = run(start, { type: "suggestion", suggestion: {
      name: "size", label: "T-shirt size", placeholder: null, help_text: "For the pack", type: "select", required: true, pattern: null,
      options: [{ value: "s", label: "Small", group: null }, { value: "m", label: "Medium", group: null }], optgroups: [],
    } });
    const def = toDefinition(applied.draft, applied.base);
    expect(def).toMatchObject({ name: "size", label: "T-shirt size", type: "select", required: true, help_text: "For the pack" });
    expect(def.options.map((o) => [o.value, o.label])).toEqual([["s", "Small"], ["m", "Medium"]]);
    expect(applied.options_mode).toBe("advanced");
    expect(run(applied, { type: "text", key: "label", value: "Size" }).draft.name).toBe("size");
    const tel = run(start, { type: "suggestion", suggestion: {
      name: "phone", label: "Phone", placeholder: null, help_text: null, type: "tel", required: false, pattern: null, options: [], optgroups: [],
    } });
    // The type's pre-filled pattern and placeholder (spec 2 §5) come with it.
    expect(toDefinition(tel.draft, tel.base)).toMatchObject({ type: "tel", pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", placeholder: "000-000-0000" });
  });

  it("a payment field's section edits provider, currency and a fixed amount into its data, in minor units", () => {
    const start = initPanel({ field: field({ name: "pay", type: "payment", data: { service_provider: "stripe", currency: "usd", amount: 1000 } }), fresh: false });
    expect(start.draft.payment).toEqual({ provider: "stripe", currency: "usd", amount: "10.00" });
    expect(isDirty(start)).toBe(false);
    const priced = run(start, { type: "payment", patch: { amount: "25.5", currency: "eur" } });
    expect(toDefinition(priced.draft, priced.base).data).toEqual({ service_provider: "stripe", currency: "eur", amount: 2550 });
    const cleared = run(priced, { type: "payment", patch: { amount: "" } });
    expect(toDefinition(cleared.draft, cleared.base).data).toEqual({ service_provider: "stripe", currency: "eur" });
    const toss = run(cleared, { type: "payment", patch: { provider: "tosspayments" } });
    expect(toDefinition(toss.draft, toss.base).data).toEqual({ service_provider: "tosspayments", currency: "krw" });
    expect(draftProblems(run(start, { type: "payment", patch: { amount: "1.999" } }).draft, []).payment_amount).toMatch(/decimals/);
  });

  it("a priced option opens unchanged, and an emptied price saves as null (cleared)", () => {
    const start = initPanel({ field: field({ name: "ticket", type: "radio", options: [{ value: "early", label: "Early", price: 1000 }, { value: "late", label: "Late" }] }), fresh: false });
    expect(isDirty(start)).toBe(false);
    expect(start.draft.list.options[0]!.price).toBe(1000);
    const cleared = run(start, { type: "options", op: { op: "set-price", key: start.draft.list.options[0]!.key, text: "", currency: "usd" } });
    expect(isDirty(cleared)).toBe(true);
    expect(toDefinition(cleared.draft, cleared.base).options.map((o) => o.price)).toEqual([null, undefined]);
    const bad = run(start, { type: "options", op: { op: "set-price", key: start.draft.list.options[1]!.key, text: "abc", currency: "usd" } });
    expect(draftProblems(bad.draft, []).option_price).toMatch(/decimals/);
  });
});

describe("the foreign-key section's draft", () => {
  const table_id = "7f8e2c1a-5b9d-4e3f-8a2b-1c0d9e8f7a6b";
  it("keeps a search field's reference, and drops it when the type changes or no table is chosen", () => {
    const state = initPanel({ field: field({ name: "product", type: "search" }), fresh: false });
    const referenced = panelReducer(state, { type: "reference", value: { table_id, column: "id", shown: ["name"], searched: ["name"] } });
    expect(toDefinition(referenced.draft, referenced.base).reference).toEqual({ kind: "schema_table", table_id, column: "id", shown: ["name"], searched: ["name"] });
    expect(isDirty(referenced)).toBe(true);
    const reopened = initPanel({ field: field({ name: "product", type: "search", reference: toDefinition(referenced.draft, referenced.base).reference }), fresh: false });
    expect(reopened.draft.reference).toEqual({ table_id, column: "id", shown: ["name"], searched: ["name"] });
    // A connected table keeps its kind, schema and table through a save and a reopen; a form's table its kind.
    const books = { kind: "x_table" as const, table_id, schema: "public", table: "books", column: "id", shown: ["title"], searched: ["title"] };
    const connected = panelReducer(state, { type: "reference", value: books });
    expect(toDefinition(connected.draft, connected.base).reference).toEqual(books);
    expect(initPanel({ field: field({ name: "book", type: "search", reference: books }), fresh: false }).draft.reference).toEqual(books);
    const formRef = { kind: "form" as const, table_id, column: "id", shown: [], searched: ["title"] };
    expect(toDefinition(panelReducer(state, { type: "reference", value: formRef }).draft, state.base).reference).toEqual(formRef);
    const retyped = panelReducer(referenced, { type: "type", value: "text" });
    expect(toDefinition(retyped.draft, retyped.base).reference).toBeNull();
    const none = panelReducer(referenced, { type: "reference", value: { table_id: "", column: "id", shown: [], searched: [] } });
    expect(toDefinition(none.draft, none.base).reference).toBeNull();
  });
});
