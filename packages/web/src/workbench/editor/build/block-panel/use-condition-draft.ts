/**
 * The condition builder of one block, for a side panel: its state, its problem against the
 * form's current fields, and the set-block-hidden command Save should send (none when the
 * block's `v_hidden` would not change).
 */
import { useMemo, useReducer } from "react";
import type { FormBlock } from "@fieldwork/core";
import { command } from "../build-reducer";
import { useBuild } from "../build-store";
import { conditionFields, conditionProblem, conditionReducer, hiddenValue, initCondition } from "./condition-state";

/** `self`: the name of the field whose block this is (field panel), which its condition cannot name. */
export function useConditionDraft(block: Pick<FormBlock, "id" | "v_hidden"> | undefined, self?: string) {
  const all = useBuild((s) => s.working.fields);
  const fields = useMemo(() => conditionFields(all, self), [all, self]);
  const [state, dispatch] = useReducer(conditionReducer, block?.v_hidden ?? null, (v) => initCondition(v, fields[0]?.name ?? ""));
  const names = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const problem = block ? conditionProblem(state, names) : undefined;
  const next = hiddenValue(state);
  const stored = block && (block.v_hidden === true || typeof block.v_hidden === "string") ? block.v_hidden : null;
  const action = block && !problem && next !== stored ? command("set-block-hidden", { block_id: block.id, v_hidden: next }) : undefined;
  return { problem, action, editor: { state, dispatch, fields, problem } };
}
