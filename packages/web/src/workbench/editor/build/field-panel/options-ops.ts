/**
 * The options editor's operations on a field's options and groups, pure (spec 2 §3
 * "Options editor", §5): Add Option (`option_N` / `Option N`), Add Group, Add Multiple
 * (one value per line, duplicates ignored), sorting, and values made unique. Rows carry a
 * `key` that stays while values and labels change (drag sorting and React need one);
 * options name their group by its key, so renaming a group keeps its options in it.
 */
import { majorToMinor, minorToMajor, newOption, optionsFromLines, uniqueValue } from "@fieldwork/core";

export interface OptionRow {
  key: string; value: string; label: string; disabled: boolean; group: string | null; src: string | null;
  /**
   * The value follows the label as it is typed, in advanced mode too: a new option, or one
   * whose value is its label. Typing a value by hand ends it for that option.
   */
  follows?: boolean;
  /**
   * The option's own price in minor units (issue 23): null for none, undefined when the
   * definition named none (a save then keeps the stored one). An option selling a store
   * product comes with null: the store's price is shown instead and stays the store's.
   */
  price?: number | null;
  /** The price as typed, in major units of the payment's currency, and why it is refused. */
  price_text?: string;
  price_problem?: string;
  /** An option selling a store product: the store's price (minor units) and currency, shown read-only. */
  store_price?: { amount: number; currency: string };
}
export interface GroupRow { key: string; label: string; disabled: boolean }
export interface OptionList { options: OptionRow[]; optgroups: GroupRow[]; seq: number }

export type OptionsOp =
  | { op: "add-option" }
  | { op: "add-group" }
  | { op: "add-multiple"; text: string }
  | { op: "remove-option"; key: string }
  | { op: "remove-group"; key: string }
  | { op: "move-option"; key: string; to: number }
  | { op: "set-label"; key: string; label: string; simple: boolean }
  | { op: "set-value"; key: string; value: string }
  | { op: "unique-value"; key: string }
  | { op: "set-option"; key: string; patch: Partial<Pick<OptionRow, "disabled" | "group">> }
  | { op: "set-group"; key: string; patch: Partial<Pick<GroupRow, "label" | "disabled">> }
  /** A price typed in major units of `currency`; empty clears it. */
  | { op: "set-price"; key: string; text: string; currency: string };

const others = (list: OptionList, key: string) => list.options.filter((o) => o.key !== key).map((o) => o.value);
const mapOption = (list: OptionList, key: string, f: (o: OptionRow) => OptionRow): OptionList => ({
  ...list, options: list.options.map((o) => (o.key === key ? f(o) : o)),
});

/** Moves the item at `from` to `to` (both clamped). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item!);
  return next;
}

/** How many options Add Multiple would add from `text` (its button says so). */
export const countNewOptions = (list: OptionList, text: string) => optionsFromLines(text, list.options).length;

export function applyOptionsOp(list: OptionList, action: OptionsOp): OptionList {
  switch (action.op) {
    case "add-option": {
      const option = newOption(list.options);
      const group = list.optgroups.at(-1)?.key ?? null;
      return { ...list, seq: list.seq + 1, options: [...list.options, { key: `o${list.seq}`, ...option, disabled: false, group, src: null, follows: true }] };
    }
    case "add-group": {
      const labels = new Set(list.optgroups.map((g) => g.label));
      let n = list.optgroups.length + 1;
      while (labels.has(`Group ${n}`)) n++;
      return { ...list, seq: list.seq + 1, optgroups: [...list.optgroups, { key: `g${list.seq}`, label: `Group ${n}`, disabled: false }] };
    }
    case "add-multiple": {
      const added = optionsFromLines(action.text, list.options);
      const group = list.optgroups.at(-1)?.key ?? null;
      return {
        ...list, seq: list.seq + added.length,
        options: [...list.options, ...added.map((o, i) => ({ key: `o${list.seq + i}`, ...o, disabled: false, group, src: null, follows: true }))],
      };
    }
    case "remove-option":
      return { ...list, options: list.options.filter((o) => o.key !== action.key) };
    case "remove-group":
      return {
        ...list,
        optgroups: list.optgroups.filter((g) => g.key !== action.key),
        options: list.options.map((o) => (o.group === action.key ? { ...o, group: null } : o)),
      };
    case "move-option": {
      const from = list.options.findIndex((o) => o.key === action.key);
      return { ...list, options: moveItem(list.options, from, action.to) };
    }
    case "set-label":
      // The value is the label, made unique among the others: always in simple mode, and in
      // advanced mode while the option's value has not been typed by hand.
      return mapOption(list, action.key, (o) => ({
        ...o, label: action.label,
        value: (action.simple || o.follows) && action.label.trim() ? uniqueValue(action.label.trim(), others(list, action.key)) : o.value,
      }));
    case "set-value":
      return mapOption(list, action.key, (o) => ({ ...o, value: action.value, follows: false }));
    case "unique-value":
      return mapOption(list, action.key, (o) => (o.value ? { ...o, value: uniqueValue(o.value, others(list, action.key)) } : o));
    case "set-option":
      return mapOption(list, action.key, (o) => ({ ...o, ...action.patch }));
    case "set-price": {
      const typed = majorToMinor(action.text, action.currency);
      return mapOption(list, action.key, (o) => (typed.ok
        ? { ...o, price: typed.minor, price_text: action.text, price_problem: undefined }
        : { ...o, price_text: action.text, price_problem: typed.reason }));
    }
    case "set-group":
      return { ...list, optgroups: list.optgroups.map((g) => (g.key === action.key ? { ...g, ...action.patch } : g)) };
  }
}

/** Options as the definition holds them (groups by label), in their order. */
export function definitionOptions(list: OptionList) {
  const labels = new Map(list.optgroups.map((g) => [g.key, g.label]));
  return {
    options: list.options.map((o) => ({
      value: o.value, label: o.label || null, src: o.src, disabled: o.disabled, group: o.group ? labels.get(o.group) ?? null : null,
      ...(o.price !== undefined ? { price: o.price } : {}),
    })),
    optgroups: list.optgroups.map((g) => ({ label: g.label, disabled: g.disabled })),
  };
}

/** Rows of a definition's options and groups. */
export function optionRows(def: {
  options: { value: string; label: string | null; src: string | null; disabled: boolean; group: string | null; price?: number | null | undefined }[];
  optgroups: { label: string; disabled: boolean }[];
}): OptionList {
  const optgroups = def.optgroups.map((g, i) => ({ key: `g${i}`, label: g.label, disabled: g.disabled }));
  const byLabel = new Map(optgroups.map((g) => [g.label, g.key]));
  const options = def.options.map((o, i) => ({
    key: `o${i}`, value: o.value, label: o.label ?? o.value, src: o.src, disabled: o.disabled, group: o.group ? byLabel.get(o.group) ?? null : null,
    follows: o.label === null || o.label === o.value, ...(o.price !== undefined ? { price: o.price } : {}),
  }));
  return { options, optgroups, seq: Math.max(options.length, optgroups.length) };
}

/** The text a price input shows: what was typed, else the stored price in major units. */
export const priceTextOf = (option: OptionRow, currency: string) => option.price_text ?? minorToMajor(option.price ?? null, currency);

/** The first refused price, for the panel's problems. */
export const optionPriceProblem = (list: OptionList) => list.options.find((o) => o.price_problem)?.price_problem;

/** Rows with the store's price of each option that sells a store product (the editor document's `store_price`). */
export function withStorePrices(list: OptionList, options: readonly { value: string; store_price?: number | null; store_currency?: string }[]): OptionList {
  const sold = new Map(options.flatMap((o) => (typeof o.store_price === "number" && o.store_currency ? [[o.value, { amount: o.store_price, currency: o.store_currency }] as const] : [])));
  if (sold.size === 0) return list;
  return { ...list, options: list.options.map((o) => (sold.has(o.value) ? { ...o, store_price: sold.get(o.value)! } : o)) };
}
