/**
 * Per-option inventory (spec 2 §3 "Inventory", §9; spec 3 §5 "Inventory adjust"): the
 * constants, the adjust rule the server applies and the workbench's inputs follow, and what
 * the public form learns about an option's stock.
 *
 * A level holds `available` (what visitors may still take), `on_hand` (what exists),
 * `committed` (taken by responses), `unavailable` and `incoming`. An owner's adjust moves
 * `available` and `on_hand` together, as a store does: setting available to 4 from 10 also
 * takes 6 off on hand; setting on hand moves available by the same amount; a diff moves
 * both. Every level stays a whole number from 0 to `INVENTORY_MAX`.
 */
import type { FormField, FormOption } from "./form-model";

/** What a newly tracked option starts with (spec 2 §9). */
export const INVENTORY_INITIAL = { available: 10, on_hand: 10 } as const;

/** The SKU shown for an option is the first 8 characters of its id (spec 2 §9). */
export const SKU_LENGTH = 8;
export const skuOf = (optionId: string): string => optionId.slice(0, SKU_LENGTH);

/**
 * The public form says "Only N left" at or below this many; above it, the count stays
 * private (the preload sends `available: null`).
 */
export const FEW_LEFT_THRESHOLD = 5;

/** The largest level Fieldwork stores (well inside PostgreSQL's `integer`). */
export const INVENTORY_MAX = 1_000_000_000;

export interface InventoryLevelValues {
  available: number;
  on_hand: number;
  committed: number;
  unavailable: number;
  incoming: number;
}

/** An owner's adjust: set available, set on hand, or move both by a diff. */
export type LevelChange = { available: number } | { on_hand: number } | { diff: number };

export type AdjustResult =
  | { ok: true; level: InventoryLevelValues; /** the change of `available` (the commit's diff) */ diff: number }
  | { ok: false; problem: string };

const isLevel = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= INVENTORY_MAX;

/** Applies an owner's adjust to a level, or says why it cannot be. */
export function adjustLevel(level: InventoryLevelValues, change: LevelChange): AdjustResult {
  let delta: number;
  if ("available" in change) {
    if (!isLevel(change.available)) return { ok: false, problem: `Available must be a whole number from 0 to ${INVENTORY_MAX}.` };
    delta = change.available - level.available;
  } else if ("on_hand" in change) {
    if (!isLevel(change.on_hand)) return { ok: false, problem: `On hand must be a whole number from 0 to ${INVENTORY_MAX}.` };
    delta = change.on_hand - level.on_hand;
  } else {
    if (!Number.isSafeInteger(change.diff)) return { ok: false, problem: "A diff is a whole number." };
    delta = change.diff;
  }
  const available = level.available + delta;
  const on_hand = level.on_hand + delta;
  if (available < 0) return { ok: false, problem: `Only ${level.available} available: the level cannot go below 0.` };
  if (on_hand < 0) return { ok: false, problem: `Only ${level.on_hand} on hand: the level cannot go below 0.` };
  if (available > INVENTORY_MAX || on_hand > INVENTORY_MAX) return { ok: false, problem: `A level is at most ${INVENTORY_MAX}.` };
  return { ok: true, level: { ...level, available, on_hand }, diff: delta };
}

/**
 * An option's stock as the preload tells the public form, on tracked options only:
 * `available` is exact at or below `FEW_LEFT_THRESHOLD` (0 is sold out) and `null` above it.
 */
export interface OptionStock {
  available: number | null;
}

export function optionStockOf(available: number): OptionStock {
  return { available: available <= FEW_LEFT_THRESHOLD ? Math.max(0, available) : null };
}

export const isSoldOut = (stock: OptionStock | undefined): boolean => stock?.available === 0;

/** The words shown beside an option: "Sold out", "Only N left" (`text` words them in the form's language), or nothing. */
export function stockLabel(
  stock: OptionStock | undefined, text: (key: "stock.sold_out" | "stock.few_left", vars: { n: number }) => string,
): string | null {
  if (!stock || stock.available === null) return null;
  return text(stock.available === 0 ? "stock.sold_out" : "stock.few_left", { n: stock.available });
}

/** Whether a visitor can still pick this option: not disabled by the owner, its group or a sold-out stock. */
export function isOptionChoosable(option: Pick<FormOption, "disabled" | "optgroup_id" | "stock">, disabledGroups: ReadonlySet<string>): boolean {
  return !option.disabled && !isSoldOut(option.stock) && !(option.optgroup_id !== null && disabledGroups.has(option.optgroup_id));
}

/**
 * FORM_SOLD_OUT at load: the names of the fields that make the form impossible to
 * complete because of stock. A field counts when it is required, shown (`shown` holds
 * the ids of shown fields), has at least one tracked option (one with `stock`), and has no
 * option left to pick: every option is sold out or disabled (by the owner or its group).
 */
export function soldOutFields(fields: readonly FormField[], shown: ReadonlySet<string>): string[] {
  return fields.filter((field) => {
    if (!field.required || !shown.has(field.id)) return false;
    if (!field.options.some((o) => o.stock !== undefined)) return false;
    const disabledGroups = new Set(field.optgroups.filter((g) => g.disabled).map((g) => g.id));
    return !field.options.some((o) => isOptionChoosable(o, disabledGroups));
  }).map((field) => field.name);
}
