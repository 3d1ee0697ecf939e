import { describe, expect, it } from "vitest";
import { field, options } from "./record-fixture";
import { initRecord, recordReducer, visibleErrors, type RecordAction, type RecordState } from "./record-state";
import { draftsOf, patchValues } from "./record-values";

const run = (state: RecordState, ...actions: RecordAction[]) => actions.reduce(recordReducer, state);

const age = field({ name: "age", type: "number" });
const name = field({ name: "name", required: true });
const tags = field({ name: "tags", type: "checkboxes", options: options("red", "blue") });
const fields = [age, name, tags];
const row = { id: "r1", local_index: 3, age: 42, name: "Ada", tags: ["red"] };

describe("record editor state", () => {
  it("opens by mode: a create edits blank inputs, an update shows the row until Edit, a read never edits", () => {
    const create = initRecord({ mode: "create", fields, row: null });
    expect(create).toMatchObject({ editing: true, drafts: { age: "", name: "", tags: [] } });
    const update = initRecord({ mode: "update", fields, row });
    expect(update).toMatchObject({ editing: false, drafts: { age: "42", name: "Ada", tags: ["red"] } });
    expect(run(update, { type: "input", name: "age", value: "1" }).drafts.age).toBe("42");
    expect(run(update, { type: "edit" }).editing).toBe(true);
    const read = initRecord({ mode: "read", fields: [], row: { id: "s1" } });
    expect(run(read, { type: "edit" }).editing).toBe(false);
  });

  it("Cancel puts the stored values back and closes the inputs", () => {
    const edited = run(initRecord({ mode: "update", fields, row }), { type: "edit" }, { type: "input", name: "age", value: "abc" }, { type: "leave", name: "age" });
    expect(visibleErrors(edited, fields)).toEqual({ age: "Is not a valid number." });
    const cancelled = run(edited, { type: "cancel-edit" });
    expect(cancelled).toMatchObject({ editing: false, drafts: { age: "42" }, touched: {} });
    expect(visibleErrors(cancelled, fields)).toEqual({});
  });

  it("shows a problem once its input was left, and every problem after a save was tried", () => {
    const create = initRecord({ mode: "create", fields, row: null });
    const typed = run(create, { type: "input", name: "age", value: "abc" });
    expect(visibleErrors(typed, fields)).toEqual({});
    const left = run(typed, { type: "leave", name: "age" });
    expect(visibleErrors(left, fields)).toEqual({ age: "Is not a valid number." });
    expect(visibleErrors(run(left, { type: "save-blocked" }), fields)).toEqual({ age: "Is not a valid number.", name: "Is required." });
  });

  it("a server refusal shows under the field it names, and goes with the next keystroke", () => {
    const saving = run(initRecord({ mode: "update", fields, row }), { type: "edit" }, { type: "input", name: "name", value: "Grace" }, { type: "save-started" });
    expect(saving.saving).toBe(true);
    expect(run(saving, { type: "input", name: "name", value: "x" }).drafts.name).toBe("Grace");
    const refused = run(saving, { type: "save-refused", refusal: { message: "name is longer than 4000 characters.", field: "name" } });
    expect(refused).toMatchObject({ saving: false, editing: true });
    expect(visibleErrors(refused, fields)).toEqual({ name: "name is longer than 4000 characters." });
    expect(run(refused, { type: "input", name: "name", value: "Gr" }).refusal).toBeNull();
  });

  it("after a save the stored row is the new base, so the next PATCH holds only the next change", () => {
    const edited = run(initRecord({ mode: "update", fields, row }), { type: "edit" }, { type: "input", name: "age", value: "43" }, { type: "save-started" });
    const stored = { ...row, age: 43 };
    const saved = run(edited, { type: "saved", row: stored, drafts: draftsOf(fields, stored) });
    expect(saved).toMatchObject({ editing: false, saving: false, base: { age: "43" }, row: stored });
    const next = run(saved, { type: "edit" }, { type: "input", name: "name", value: "Grace" });
    expect(patchValues(fields, next.base, next.drafts)).toEqual({ ok: true, values: { name: "Grace" } });
  });

  it("a create starts blank again after its save", () => {
    const filled = run(initRecord({ mode: "create", fields, row: null }), { type: "input", name: "name", value: "Ada" }, { type: "save-started" });
    const saved = run(filled, { type: "saved", row: { id: "new", name: "Ada" }, drafts: draftsOf(fields, null) });
    expect(saved).toMatchObject({ editing: true, attempted: false, drafts: { name: "" }, row: null });
  });

  it("a refreshed row replaces what is shown, but not what the owner is typing", () => {
    const update = initRecord({ mode: "update", fields, row });
    const newer = { ...row, age: 50 };
    const fresh = { type: "row-changed", row: newer, drafts: draftsOf(fields, newer) } as const;
    expect(run(update, fresh)).toMatchObject({ row: newer, drafts: { age: "50" } });
    const editing = run(update, { type: "edit" }, { type: "input", name: "age", value: "44" });
    expect(run(editing, fresh)).toMatchObject({ row, drafts: { age: "44" } });
    // The row feed may answer our own PATCH before the PATCH does: the save in flight keeps the inputs.
    expect(run(editing, { type: "save-started" }, fresh).drafts.age).toBe("44");
  });

  it("toggles the info", () => {
    const state = initRecord({ mode: "read", fields: [], row: null });
    expect(run(state, { type: "toggle-info" }).info_open).toBe(true);
    expect(run(state, { type: "toggle-info" }, { type: "toggle-info" }).info_open).toBe(false);
  });
});
