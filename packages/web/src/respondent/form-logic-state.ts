/**
 * The public form's logic (core logic/form-logic.ts) as the page sees it: which blocks logic
 * hides and every computed field's value, from the prefilled values for the first render
 * (the same on the server and in the hydrating browser) and from the inputs' current values
 * after that. A new evaluation that changes nothing keeps the old object, so typing in a
 * field no expression reads re-renders nothing.
 */
import {
  answersScope, evaluateFormLogic, isBlockHidden, logicRawValues, toLogicValue, type FormBlock, type FormField, type LogicValue,
} from "@fieldwork/core";
import type { Prefill } from "./prefill";

export interface PageLogic {
  /** Blocks hidden by their `v_hidden` for the current answers (literal `true` included). */
  hidden_block_ids: ReadonlySet<string>;
  /** Field id → computed value, for fields with a `v_value`. */
  computed: ReadonlyMap<string, LogicValue>;
}

export const NO_LOGIC: PageLogic = { hidden_block_ids: new Set(), computed: new Map() };

/** Whether any block or field of the form has an expression (otherwise nothing is evaluated). */
export const formHasLogic = (fields: readonly Pick<FormField, "v_value">[], blocks: readonly Pick<FormBlock, "v_hidden">[]): boolean =>
  fields.some((f) => typeof f.v_value === "string") || blocks.some((b) => typeof b.v_hidden === "string");

export function evaluatePageLogic(fields: readonly FormField[], blocks: readonly FormBlock[], rawOf: (field: FormField) => readonly string[]): PageLogic {
  const logic = evaluateFormLogic(fields, blocks, answersScope(fields, (f) => rawOf(f as FormField)));
  return { hidden_block_ids: logic.hidden_block_ids, computed: logic.computed };
}

/** The first render's logic: the values the inputs start with (defaults and URL parameters). */
export function prefilledLogic(fields: readonly FormField[], blocks: readonly FormBlock[], prefill: Prefill): PageLogic {
  // Not core's toRawValues: field-value.ts would bring the RE2 matcher into the public form's bundle.
  return evaluatePageLogic(fields, blocks, (field) => logicRawValues(toLogicValue(prefill(field))));
}

/**
 * The top-level sections navigation skips: hidden by a literal `true` (which the live logic
 * does not evaluate when the form has no expression) or by their expression for the answers.
 */
export function hiddenSectionIds(section_ids: readonly string[], blocks: ReadonlyMap<string, FormBlock>, logic: PageLogic): string[] {
  return section_ids.filter((id) => logic.hidden_block_ids.has(id) || isBlockHidden(blocks.get(id)));
}

/** The strings each field's inputs would post now (`FormData.getAll`), files left out. */
export function formRaw(form: HTMLFormElement): (field: FormField) => string[] {
  const data = new FormData(form);
  return (field) => data.getAll(field.name).filter((v): v is string => typeof v === "string");
}

const sameValue = (a: LogicValue | undefined, b: LogicValue | undefined) =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]));

export function samePageLogic(a: PageLogic, b: PageLogic): boolean {
  return a.hidden_block_ids.size === b.hidden_block_ids.size && [...a.hidden_block_ids].every((id) => b.hidden_block_ids.has(id))
    && a.computed.size === b.computed.size && [...a.computed].every(([id, v]) => sameValue(v, b.computed.get(id)));
}
