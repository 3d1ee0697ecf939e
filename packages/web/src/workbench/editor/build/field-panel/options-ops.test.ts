import { describe, expect, it } from "vitest";
import { applyOptionsOp, countNewOptions, definitionOptions, moveItem, optionPriceProblem, optionRows, priceTextOf, withStorePrices, type OptionList, type OptionsOp } from "./options-ops";

const list = (): OptionList => optionRows({
  options: [{ value: "red", label: "Red", src: null, disabled: false, group: null }, { value: "blue", label: "Blue", src: null, disabled: false, group: null }],
  optgroups: [],
});
const run = (start: OptionList, ...ops: OptionsOp[]) => ops.reduce(applyOptionsOp, start);

describe("options editor operations", () => {
  it("adds option_N / Option N with the first number not taken", () => {
    const next = run(list(), { op: "add-option" }, { op: "add-option" });
    expect(next.options.map((o) => [o.value, o.label])).toEqual([["red", "Red"], ["blue", "Blue"], ["option_3", "Option 3"], ["option_4", "Option 4"]]);
    expect(new Set(next.options.map((o) => o.key)).size).toBe(4);
  });

  it("in simple mode the value follows the label, made unique", () => {
    const start = list();
    const next = run(start, { op: "set-label", key: start.options[1]!.key, label: "Red", simple: true });
    expect(next.options[1]).toMatchObject({ label: "Red", value: "Red" });
    const again = run(next, { op: "set-label", key: start.options[0]!.key, label: "Red", simple: true });
    expect(again.options[0]).toMatchObject({ value: "Red_2" });
  });

  it("in advanced mode values change alone and are made unique on leaving the input", () => {
    const start = list();
    const key = start.options[1]!.key;
    const typed = run(start, { op: "set-value", key, value: "red" });
    expect(typed.options[1]).toMatchObject({ value: "red", label: "Blue" });
    expect(run(typed, { op: "unique-value", key }).options[1]!.value).toBe("red_2");
  });

  it("in advanced mode a new option's value follows its label until the value is typed by hand", () => {
    const added = run(list(), { op: "add-option" });
    const key = added.options[2]!.key;
    const labelled = run(added, { op: "set-label", key, label: "Green", simple: false });
    expect(labelled.options[2]).toMatchObject({ label: "Green", value: "Green" });
    expect(run(labelled, { op: "set-label", key, label: "Red", simple: false }).options[2]).toMatchObject({ value: "Red" });
    const typed = run(labelled, { op: "set-value", key, value: "grn" }, { op: "set-label", key, label: "Lime", simple: false });
    expect(typed.options[2]).toMatchObject({ label: "Lime", value: "grn" });
    // A saved option whose value differs from its label keeps its value; one whose value is its label follows.
    expect(run(added, { op: "set-label", key: added.options[0]!.key, label: "Crimson", simple: false }).options[0]).toMatchObject({ value: "red" });
    const same = optionRows({ options: [{ value: "Yes", label: "Yes", src: null, disabled: false, group: null }], optgroups: [] });
    expect(run(same, { op: "set-label", key: same.options[0]!.key, label: "Yes please", simple: false }).options[0]).toMatchObject({ value: "Yes please" });
  });

  it("Add Multiple takes one value per line, ignoring blanks and duplicates (of existing options too)", () => {
    expect(countNewOptions(list(), "a\n\nb\na\nred\n")).toBe(2);
    const next = run(list(), { op: "add-multiple", text: "a\r\nb\na\nred" });
    expect(next.options.map((o) => o.value)).toEqual(["red", "blue", "a", "b"]);
  });

  it("groups: added as Group N, new options go in the last group, removing a group frees its options", () => {
    const grouped = run(list(), { op: "add-group" }, { op: "add-option" });
    const group = grouped.optgroups[0]!;
    expect(group.label).toBe("Group 1");
    expect(grouped.options.at(-1)!.group).toBe(group.key);
    const renamed = run(grouped, { op: "set-group", key: group.key, patch: { label: "Warm" } });
    expect(definitionOptions(renamed).options.at(-1)!.group).toBe("Warm");
    const freed = run(renamed, { op: "remove-group", key: group.key });
    expect(freed.optgroups).toEqual([]);
    expect(freed.options.every((o) => o.group === null)).toBe(true);
  });

  it("moves an option to an index (drag and Alt+arrows) and removes one", () => {
    const start = list();
    expect(run(start, { op: "move-option", key: start.options[1]!.key, to: 0 }).options.map((o) => o.value)).toEqual(["blue", "red"]);
    expect(run(start, { op: "remove-option", key: start.options[0]!.key }).options.map((o) => o.value)).toEqual(["blue"]);
    expect(moveItem([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
  });

  it("round-trips a definition's options and groups", () => {
    const def = {
      options: [{ value: "a", label: "A", src: null, disabled: true, group: "G" }, { value: "b", label: null, src: null, disabled: false, group: null }],
      optgroups: [{ label: "G", disabled: false }],
    };
    expect(definitionOptions(optionRows(def))).toEqual({ ...def, options: [def.options[0], { ...def.options[1], label: "b" }] });
  });
});

describe("an option's price", () => {
  const list = optionRows({
    options: [{ value: "early", label: "Early", src: null, disabled: false, group: null, price: 1000 }, { value: "late", label: "Late", src: null, disabled: false, group: null }],
    optgroups: [],
  });

  it("shows a stored price in major units and sends back only what the definition had", () => {
    expect(priceTextOf(list.options[0]!, "usd")).toBe("10.00");
    expect(priceTextOf(list.options[1]!, "usd")).toBe("");
    expect(definitionOptions(list).options.map((o) => ("price" in o ? o.price : "absent"))).toEqual([1000, "absent"]);
  });

  it("turns a typed price into minor units, an emptied one into null (cleared), and refuses a bad one", () => {
    const typed = applyOptionsOp(list, { op: "set-price", key: list.options[1]!.key, text: "25.5", currency: "usd" });
    expect(definitionOptions(typed).options[1]).toMatchObject({ price: 2550 });
    const cleared = applyOptionsOp(typed, { op: "set-price", key: list.options[0]!.key, text: "", currency: "usd" });
    expect(definitionOptions(cleared).options[0]).toMatchObject({ price: null });
    const bad = applyOptionsOp(cleared, { op: "set-price", key: list.options[1]!.key, text: "2.555", currency: "usd" });
    expect(optionPriceProblem(bad)).toMatch(/2 decimals/);
    expect(definitionOptions(bad).options[1]).toMatchObject({ price: 2550 });
    expect(priceTextOf(bad.options[1]!, "usd")).toBe("2.555");
    expect(definitionOptions(applyOptionsOp(list, { op: "set-price", key: list.options[1]!.key, text: "5000", currency: "krw" })).options[1]).toMatchObject({ price: 5000 });
  });

  it("shows the store's price of an option selling a product, and sends its null own price back as it came", () => {
    const sold = withStorePrices(optionRows({ options: [{ value: "tee", label: "Tee", src: null, disabled: false, group: null, price: null }], optgroups: [] }),
      [{ value: "tee", store_price: 2600, store_currency: "USD" }]);
    expect(sold.options[0]!.store_price).toEqual({ amount: 2600, currency: "USD" });
    expect(definitionOptions(sold).options[0]).toEqual({ value: "tee", label: "Tee", src: null, disabled: false, group: null, price: null });
  });
});
