import { describe, expect, it } from "vitest";
import { buildReducer, command } from "../build-reducer";
import { initBuild } from "../build-state";
import { fixtureDocument } from "../build-fixture";
import { conditionFields, conditionProblem, conditionReducer, hiddenValue, initCondition, type ConditionAction, type ConditionState } from "./condition-state";

const names = new Set(["plan", "age"]);
const run = (state: ConditionState, ...actions: ConditionAction[]) => actions.reduce(conditionReducer, state);

describe("the condition builder", () => {
  it("does not offer the field being edited, and refuses a condition that names it", () => {
    const fields = [{ name: "plan" }, { name: "age" }, { name: "email" }];
    expect(conditionFields(fields, "age").map((f) => f.name)).toEqual(["plan", "email"]);
    expect(conditionFields(fields).map((f) => f.name)).toEqual(["plan", "age", "email"]);
    const offered = new Set(conditionFields(fields, "age").map((f) => f.name));
    const onItself = run(initCondition(null, "plan"), { type: "mode", mode: "when" }, { type: "field", field: "age" }, { type: "value", value: "3" });
    expect(conditionProblem(onItself, offered)).toBe("Choose a field.");
  });

  it("opens on what the block stores: shown, never, a condition it wrote, or an expression", () => {
    expect(initCondition(null, "plan").mode).toBe("always");
    expect(initCondition(true, "plan").mode).toBe("never");
    expect(initCondition('#/plan != "pro"', "age")).toMatchObject({ mode: "when", condition: { field: "plan", op: "is", value: "pro" } });
    expect(initCondition("#/age >= 18 && #/plan == 'x'", "plan")).toMatchObject({ mode: "advanced", advanced: "#/age >= 18 && #/plan == 'x'" });
  });

  it("writes 'show only when age is greater than 17' as the hiding expression", () => {
    const state = run(initCondition(null, "plan"), { type: "mode", mode: "when" }, { type: "field", field: "age" }, { type: "op", op: "gt" }, { type: "value", value: "17" });
    expect(conditionProblem(state, names)).toBeUndefined();
    expect(hiddenValue(state)).toBe("!(#/age > 17)");
    expect(initCondition(hiddenValue(state), "plan")).toEqual({ ...state, advanced: "!(#/age > 17)" });
  });

  it("asks for a value, and a field the form has", () => {
    const state = run(initCondition(null, "plan"), { type: "mode", mode: "when" });
    expect(conditionProblem(state, names)).toBe("Type the value to compare with.");
    expect(conditionProblem(run(state, { type: "field", field: "gone" }, { type: "value", value: "x" }), names)).toBe("Choose a field.");
    expect(conditionProblem(run(state, { type: "op", op: "empty" }), names)).toBeUndefined();
  });

  it("shows an advanced expression's problem with its position, and starts it from the builder's condition", () => {
    let state = run(initCondition('#/plan != "pro"', "plan"), { type: "mode", mode: "advanced" });
    expect(state.advanced).toBe('#/plan != "pro"');
    state = run(state, { type: "advanced", text: "#/plan != " });
    expect(conditionProblem(state, names)).toBe("Expected a value but found the end at position 10");
    state = run(state, { type: "advanced", text: "#/nope == 1" });
    expect(conditionProblem(state, names)).toBe("Unknown field #/nope at position 0");
  });
});

describe("set-block-hidden", () => {
  it("sends the expression as an update-block and undoes to what was stored", () => {
    let state = initBuild({ document: fixtureDocument(), readonly: false });
    state = buildReducer(state, command("set-block-hidden", { block_id: "b-name", v_hidden: '#/color == "red"' }));
    expect(state.working.blocks.find((b) => b.id === "b-name")!.v_hidden).toBe('#/color == "red"');
    expect(state.queue.map((w) => w.request)).toEqual([{ kind: "update-block", block_id: "b-name", patch: { v_hidden: '#/color == "red"' } }]);
    state = buildReducer(state, command("toggle-hidden", { block_id: "b-name" }));
    state = buildReducer(state, command("undo", {}));
    expect(state.working.blocks.find((b) => b.id === "b-name")!.v_hidden).toBe('#/color == "red"');
  });
});

describe("set-contains-payment", () => {
  it("marks a section as taking the payment, sends it as an update-block, and undoes it", () => {
    let state = initBuild({ document: fixtureDocument(), readonly: false });
    const section = state.working.blocks.find((b) => b.id === "s1")!;
    state = buildReducer(state, command("set-contains-payment", { block_id: section.id, contains_payment: true }));
    expect(state.working.blocks.find((b) => b.id === section.id)!.attributes?.contains_payment).toBe(true);
    expect(state.queue.map((w) => w.request)).toEqual([{ kind: "update-block", block_id: section.id, patch: { contains_payment: true } }]);
    state = buildReducer(state, command("undo", {}));
    expect(state.working.blocks.find((b) => b.id === section.id)!.attributes?.contains_payment).toBe(false);
  });

  it("is refused on a block that is not a section", () => {
    const state = initBuild({ document: fixtureDocument(), readonly: false });
    const next = buildReducer(state, command("set-contains-payment", { block_id: "b-name", contains_payment: true }));
    expect(next.queue).toEqual(state.queue);
  });
});
