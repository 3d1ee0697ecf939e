import { describe, expect, it } from "vitest";
import { visualOrder } from "@fieldwork/core";
import { buildReducer, command, type BuildAction } from "./build-reducer";
import { initBuild, nextWrite, onlyRevisionMoved, type BuildState } from "./build-state";
import { commandForKey, type KeyInput } from "./build-commands";
import { fixtureDocument } from "./build-fixture";
import { applyRequest } from "./editor-request";

const start = (readonly = false) => initBuild({ document: fixtureDocument(), readonly });
const run = (state: BuildState, ...actions: BuildAction[]) => actions.reduce(buildReducer, state);
const order = (state: BuildState, doc = state.working) => visualOrder(doc.blocks).map((b) => b.id);
const key = (key: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key, altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });

/** Answers the head of the queue as the server would (ids of creates from `created`). */
function confirm(state: BuildState, created: Record<string, string> = {}): BuildState {
  const write = nextWrite(state)!;
  const r = write.request;
  const result = {
    revision: state.server.revision + 1,
    ...("field_id" in r && r.kind === "create-field" ? { field_id: created[r.field_id] ?? r.field_id } : {}),
    ...("block_id" in r && r.kind.startsWith("create") ? { block_id: created[r.block_id] ?? r.block_id } : {}),
  };
  return run(state, { type: "write-sent", seq: write.seq }, { type: "write-succeeded", seq: write.seq, result });
}
const confirmAll = (state: BuildState, created: Record<string, string> = {}) => {
  while (state.queue.length) state = confirm(state, created);
  return state;
};

describe("adding", () => {
  it("adds a field after the focused block with a unique suggested name, a default label and its block", () => {
    let state = run(start(), command("focus-block", { block_id: "b-name" }));
    state = run(state, command("add-field", { type: "text", field_id: "tf", block_id: "tb", label: "Name" }));
    expect(order(state)).toEqual(["s1", "b-name", "tb", "h1", "s2", "g1", "b-color"]);
    expect(state.working.fields.at(-1)).toMatchObject({ id: "tf", name: "name_2", label: "Name", type: "text" });
    expect(state.focus_block_id).toBe("tb");
    expect(state.status).toBe("saving");
    expect(state.queue.map((w) => w.request.kind)).toEqual(["create-field"]);
    expect(state.queue[0]!.request).toMatchObject({ focus_block_id: "b-name", field: { name: "name_2" } });
    // The confirmed document is untouched until the server answers.
    expect(order(state, state.server)).toEqual(["s1", "b-name", "h1", "s2", "g1", "b-color"]);
  });

  it("a choice field starts with Option 1 and Option 2; the type's label is the default label", () => {
    const state = run(start(), command("add-field", { type: "select", field_id: "tf", block_id: "tb" }));
    const field = state.working.fields.at(-1)!;
    expect(field).toMatchObject({ label: "Select", name: "select" });
    expect(field.options.map((o) => [o.value, o.label])).toEqual([["option_1", "Option 1"], ["option_2", "Option 2"]]);
  });

  it("without focus a block goes last into the last section; a section goes after the focused one's section", () => {
    let state = run(start(), command("add-block", { type: "divider", block_id: "d" }));
    expect(order(state)).toEqual(["s1", "b-name", "h1", "s2", "g1", "b-color", "d"]);
    state = run(state, command("focus-block", { block_id: "h1" }), command("add-block", { type: "section", block_id: "s3" }));
    expect(order(state)).toEqual(["s1", "b-name", "h1", "s3", "s2", "g1", "b-color", "d"]);
    expect(state.working.blocks.find((b) => b.id === "s3")).toMatchObject({ parent_id: null, local_index: 1 });
  });

  it("adds a search (reference) field now that it renders", () => {
    const state = start();
    expect(run(state, command("add-field", { type: "search", field_id: "x", block_id: "y" }))).not.toBe(state);
  });
});

describe("the save queue", () => {
  it("sends one write at a time, in order, each after the previous answered, with the server's ids", () => {
    let state = run(start(),
      command("add-field", { type: "email", field_id: "tf", block_id: "tb" }),
      command("toggle-hidden", {}),
    );
    expect(state.queue).toHaveLength(2);
    const first = nextWrite(state)!;
    state = run(state, { type: "write-sent", seq: first.seq });
    expect(nextWrite(state)).toBeNull();
    state = run(state, { type: "write-succeeded", seq: first.seq, result: { revision: 2, field_id: "F", block_id: "B" } });
    expect(state.server.revision).toBe(2);
    expect(state.working.revision).toBe(2);
    expect(state.server.blocks.some((b) => b.id === "B" && b.form_field_id === "F")).toBe(true);
    expect(state.status).toBe("saving");
    // The hide was made against the local id; it goes out with the server's.
    expect(nextWrite(state)!.request).toEqual({ kind: "update-block", block_id: "B", patch: { v_hidden: true } });
    state = confirm(state);
    expect(state.status).toBe("saved");
    expect(state.server.revision).toBe(3);
    expect(state.server.blocks.find((b) => b.id === "B")!.v_hidden).toBe(true);
  });

  it("a refused write rolls the working document back to the confirmed one, drops the queue and asks for a reload", () => {
    let state = run(start(), command("add-block", { type: "divider", block_id: "d" }), command("delete-block", { block_id: "h1" }));
    const write = nextWrite(state)!;
    state = run(state, { type: "write-sent", seq: write.seq }, { type: "write-failed", seq: write.seq, message: "The form changed." });
    expect(state).toMatchObject({ status: "failed", error: "The form changed.", queue: [], sending: null, reload: 1, undo: [], redo: [] });
    expect(state.working).toBe(state.server);
    expect(order(state)).toEqual(["s1", "b-name", "h1", "s2", "g1", "b-color"]);
    const fresh = { ...fixtureDocument(), revision: 7, title: "Changed elsewhere" };
    state = run(state, { type: "reloaded", document: fresh });
    expect(state.working).toBe(fresh);
    expect(state.server.revision).toBe(7);
  });

  it("ignores answers that are not for the write on its way", () => {
    const state = run(start(), command("add-block", { type: "divider", block_id: "d" }));
    expect(run(state, { type: "write-succeeded", seq: 99, result: { revision: 5 } })).toBe(state);
  });
});

describe("moving", () => {
  it("Alt+Up and Alt+Down move the focused block; the first block cannot go up", () => {
    let state = run(start(), command("focus-block", { block_id: "h1" }));
    expect(commandForKey(state, key("ArrowUp", { altKey: true }))).toBe("move-block-up");
    state = run(state, command("move-block-up", {}));
    expect(order(state)).toEqual(["s1", "h1", "b-name", "s2", "g1", "b-color"]);
    expect(state.queue[0]!.request).toEqual({ kind: "sort-block", block_id: "h1", to_index: 1 });
    state = run(state, command("move-block-down", {}), command("move-block-down", {}));
    // Down past the next section's heading: into that section.
    expect(order(state)).toEqual(["s1", "b-name", "s2", "h1", "g1", "b-color"]);
    expect(state.working.blocks.find((b) => b.id === "h1")!.parent_id).toBe("s2");
    const top = run(start(), command("focus-block", { block_id: "s1" }));
    expect(commandForKey(top, key("ArrowUp", { altKey: true }))).toBeNull();
  });

  it("Move up and Move down take a section with its contents past the section above or below", () => {
    let state = run(start(), command("focus-block", { block_id: "s2" }));
    expect(commandForKey(state, key("ArrowDown", { altKey: true }))).toBeNull();
    expect(commandForKey(state, key("ArrowUp", { altKey: true }))).toBe("move-block-up");
    state = run(state, command("move-block-up", {}));
    expect(order(state)).toEqual(["s2", "g1", "b-color", "s1", "b-name", "h1"]);
    expect(state.working.blocks.find((b) => b.id === "s2")).toMatchObject({ parent_id: null, local_index: 0 });
    expect(commandForKey(state, key("ArrowUp", { altKey: true }))).toBeNull();
    state = run(state, command("move-block-down", {}));
    expect(order(state)).toEqual(order(start()));
    state = run(state, command("move-block-up", {}), command("undo", {}));
    expect(order(state)).toEqual(order(start()));
    const first = run(start(), command("focus-block", { block_id: "s1" }), command("move-block-down", {}));
    expect(order(first)).toEqual(["s2", "g1", "b-color", "s1", "b-name", "h1"]);
  });

  it("undo of a move puts the block back", () => {
    let state = run(start(), command("move-block", { block_id: "b-color", to_index: 1 }));
    expect(order(state)).toEqual(["s1", "b-color", "b-name", "h1", "s2", "g1"]);
    state = run(state, command("undo", {}));
    expect(order(state)).toEqual(order(start()));
    expect(state.working.blocks.find((b) => b.id === "b-color")!.parent_id).toBe("g1");
  });
});

describe("deleting and undo", () => {
  it("Delete removes the focused block, focus goes to the block above, undo puts it back where it was", () => {
    let state = run(start(), command("focus-block", { block_id: "b-name" }));
    expect(commandForKey(state, key("Delete"))).toBe("delete-block");
    expect(commandForKey(state, key("Backspace"))).toBe("delete-block");
    state = run(state, command("delete-block", {}));
    expect(order(state)).toEqual(["s1", "h1", "s2", "g1", "b-color"]);
    expect(state.focus_block_id).toBe("s1");
    // The field is freed, not deleted.
    expect(state.working.fields.map((f) => f.id)).toEqual(["f-name", "f-color"]);
    state = confirmAll(state);
    state = run(state, command("undo", {}));
    expect(order(state)).toEqual(order(start()));
    // First in its section: created last in it, then sorted back to the top.
    expect(state.queue.map((w) => w.request)).toEqual([
      { kind: "create-field-block", block_id: "b-name", field_id: "f-name", focus_block_id: "s1" },
      { kind: "sort-block", block_id: "b-name", to_index: 1 },
    ]);
    // The server gives the recreated block a new id; later writes use it.
    state = confirmAll(state, { "b-name": "b-new" });
    expect(state.server.blocks.find((b) => b.form_field_id === "f-name")!.id).toBe("b-new");
    state = run(state, command("redo", {}));
    expect(nextWrite(state)!.request).toEqual({ kind: "delete-block", block_id: "b-new" });
    expect(order(state)).toEqual(["s1", "h1", "s2", "g1", "b-color"]);
  });

  it("deleting a group deletes what it holds; undo recreates both in place, hidden stays hidden", () => {
    let state = run(start(), command("toggle-hidden", { block_id: "b-color" }), command("delete-block", { block_id: "g1" }));
    expect(order(state)).toEqual(["s1", "b-name", "h1", "s2"]);
    state = run(state, command("undo", {}));
    expect(order(state)).toEqual(order(start()));
    expect(state.working.blocks.find((b) => b.id === "b-color")).toMatchObject({ parent_id: "g1", v_hidden: true });
    expect(state.working.blocks.find((b) => b.id === "g1")).toMatchObject({ title_html: "Taste", parent_id: "s2" });
  });

  it("delete field removes its block and the field; undo recreates the field with its options in place", () => {
    let state = run(start(), command("delete-field", { field_id: "f-color" }));
    expect(state.working.fields.map((f) => f.id)).toEqual(["f-name"]);
    expect(state.queue.map((w) => w.request.kind)).toEqual(["delete-block", "delete-field"]);
    state = confirmAll(state);
    state = run(state, command("undo", {}));
    expect(state.queue[0]!.request).toMatchObject({ kind: "create-field", field_id: "f-color", block_id: "b-color", focus_block_id: "g1", field: { name: "color", type: "radio" } });
    expect(order(state)).toEqual(order(start()));
    state = confirmAll(state, { "f-color": "F2", "b-color": "B2" });
    expect(state.server.fields.find((f) => f.id === "F2")!.options.map((o) => o.value)).toEqual(["red", "blue"]);
    // A later edit of the old field goes to the recreated one.
    state = run(state, command("toggle-hidden", { block_id: "b-color" }));
    expect(nextWrite(state)!.request).toMatchObject({ block_id: "B2" });
  });

  it("undo of adding a field deletes its block and the field; redo adds it again", () => {
    let state = run(start(), command("add-field", { type: "text", field_id: "tf", block_id: "tb" }));
    state = confirmAll(state, { tf: "F", tb: "B" });
    state = run(state, command("undo", {}));
    expect(state.working.fields.some((f) => f.id === "tf")).toBe(false);
    expect(state.queue.map((w) => nextWrite({ ...state, queue: [w] })!.request)).toEqual([
      { kind: "delete-block", block_id: "B" }, { kind: "delete-field", field_id: "F" },
    ]);
    state = confirmAll(state);
    state = run(state, command("redo", {}));
    expect(state.working.fields.at(-1)).toMatchObject({ name: "text" });
    expect(state.redo).toHaveLength(0);
    expect(state.undo).toHaveLength(1);
  });
});

describe("keys, focus and roles", () => {
  it("arrows move the focus, Escape blurs, Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z redoes", () => {
    let state = start();
    expect(commandForKey(state, key("ArrowDown"))).toBe("focus-next");
    state = run(state, command("focus-next", {}), command("focus-next", {}));
    expect(state.focus_block_id).toBe("b-name");
    state = run(state, command("focus-previous", {}));
    expect(state.focus_block_id).toBe("s1");
    expect(commandForKey(state, key("Escape"))).toBe("blur");
    expect(run(state, command("blur", {})).focus_block_id).toBeNull();
    expect(commandForKey(state, key("z", { ctrlKey: true }))).toBeNull();
    state = run(state, command("toggle-hidden", {}));
    expect(commandForKey(state, key("z", { metaKey: true }))).toBe("undo");
    state = run(state, command("undo", {}));
    expect(commandForKey(state, key("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
  });

  it("viewers can select blocks but every write is refused", () => {
    let state = run(start(true), command("focus-block", { block_id: "h1" }));
    expect(state.focus_block_id).toBe("h1");
    const before = state;
    state = run(state, command("delete-block", {}), command("add-block", { type: "divider", block_id: "d" }), command("move-block-up", {}));
    expect(state).toBe(before);
    expect(commandForKey(state, key("Delete"))).toBeNull();
  });

  it("theme, ending and settings record the old values as their inverse", () => {
    let state = run(start(),
      command("theme", { theme: { palette: "rose" } }),
      command("ending", { ending: { enabled: true, title: "Thanks" } }),
      command("settings", { name: "force-close-form", values: { is_force_closed: true } }),
    );
    expect(state.working.theme.palette).toBe("rose");
    expect(state.working.settings.is_force_closed).toBe(true);
    state = run(state, command("undo", {}), command("undo", {}), command("undo", {}));
    expect(state.working.theme.palette).toBeNull();
    expect(state.working.ending).toMatchObject({ enabled: false, title: null });
    expect(state.working.settings.is_force_closed).toBe(false);
    expect(state.queue.map((w) => w.request).slice(3)).toEqual([
      { kind: "settings", name: "force-close-form", values: { is_force_closed: false } },
      { kind: "ending", ending: { enabled: false, title: null } },
      { kind: "theme", theme: { palette: null } },
    ]);
  });
});

describe("delete-field request (as the server does it)", () => {
  it("removes the field and the blocks that show it, renumbering their siblings", () => {
    const doc = applyRequest(fixtureDocument(), { kind: "delete-field", field_id: "f-name" });
    expect(doc.fields.map((f) => f.id)).toEqual(["f-color"]);
    expect(doc.blocks.find((b) => b.id === "b-name")).toBeUndefined();
    expect(doc.blocks.find((b) => b.id === "h1")).toMatchObject({ parent_id: "s1", local_index: 0 });
  });
});

describe("a write refused as stale after a publish", () => {
  it("is sent again against the new revision when nothing the editor holds changed", () => {
    let state = initBuild({ document: fixtureDocument(), readonly: false });
    state = buildReducer(state, command("toggle-hidden", { block_id: "h1" }));
    const write = nextWrite(state)!;
    state = buildReducer(state, { type: "write-sent", seq: write.seq });
    const published = { ...fixtureDocument(), revision: 2, published: true };
    expect(onlyRevisionMoved(state, published)).toBe(true);
    expect(onlyRevisionMoved(state, { ...published, fields: published.fields.slice(1) })).toBe(false);
    state = buildReducer(state, { type: "write-rebased", seq: write.seq, document: published });
    expect(state.server).toMatchObject({ revision: 2, published: true });
    expect(nextWrite(state)?.seq).toBe(write.seq);
  });
});
