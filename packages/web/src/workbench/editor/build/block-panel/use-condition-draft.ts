/**
 * The condition builder of one block, for a side panel: its state, its problem against the
 * form's current fields, and the set-block-hidden command Save should send (none when the
 * block's `v_hidden` would not change).
 */
import { useMemo, useReducer } from "react";
import type { FormBlock } from "@fieldwork/core";
import { command } from "../build-reducer";
import { useBuild } from "../build-store";
import { conditionProblem, conditionReducer, hiddenValue, initCondition } from "./condition-state";

export function useConditionDraft(block: Pick<FormBlock, "id" | "v_hidden"> | undefined, extraName?: string) {
  const fields = useBuild((s) => s.working.fields);
  const [state, dispatch] = useReducer(conditionReducer, block?.v_hidden ?? null, (v) => initCondition(v, fields[0]?.name ?? ""));
  const names = useMemo(() => new Set([...fields.map((f) => f.name), ...(extraName ? [extraName] : [])]), [fields, extraName]);
  const problem = block ? conditionProblem(state, names) : undefined;
  const next = hiddenValue(state);
  const stored = block && (block.v_hidden === true || typeof block.v_hidden === "string") ? block.v_hidden : null;
  const action = block && !problem && next !== stored ? command("set-block-hidden", { block_id: block.id, v_hidden: next }) : undefined;
  return { problem, action, editor: { state, dispatch, fields, problem } };
}
