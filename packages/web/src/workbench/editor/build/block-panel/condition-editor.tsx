/** @jsxRuntime automatic */
/**
 * The condition builder: when visitors see a block. "Only when" writes the `v_hidden`
 * expression for one field and one comparison; "With an expression" takes any expression
 * (docs/form-format.md "Logic"), its problem shown inline with the position.
 */
import type { Dispatch } from "react";
import { CONDITION_LABELS, CONDITION_OPERATORS, takesValue, type ConditionOperator, type FormField } from "@fieldwork/core";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { ConditionAction, ConditionMode, ConditionState } from "./condition-state";

const MODES: [ConditionMode, string][] = [["always", "Always"], ["when", "Only when…"], ["advanced", "With an expression"], ["never", "Never (hidden)"]];

export function ConditionEditor(props: {
  /** "Show this block", "Show this field". */
  label: string;
  state: ConditionState;
  dispatch: Dispatch<ConditionAction>;
  /** Fields the condition may read. */
  fields: readonly Pick<FormField, "name" | "label" | "options">[];
  problem: string | undefined;
}) {
  const { state, dispatch, fields, problem } = props;
  const { condition } = state;
  // A choice field compares with one of its options, picked by label.
  const options = fields.find((f) => f.name === condition.field)?.options ?? [];
  return (
    <section className="grid gap-3" data-condition-editor="">
      <Field label={props.label} error={state.mode === "advanced" ? undefined : state.mode === "when" ? problem : undefined}>
        {(p) => (
          <Select {...p} value={state.mode} onChange={(e) => dispatch({ type: "mode", mode: e.target.value as ConditionMode })}>
            {MODES.map(([mode, text]) => <option key={mode} value={mode}>{text}</option>)}
          </Select>
        )}
      </Field>
      {state.mode === "when" ? (
        <div className="grid grid-cols-2 gap-2">
          <Select aria-label="Field" value={condition.field} onChange={(e) => dispatch({ type: "field", field: e.target.value })}>
            {condition.field && !fields.some((f) => f.name === condition.field) ? <option value={condition.field}>{condition.field} (missing)</option> : null}
            {fields.map((f) => <option key={f.name} value={f.name}>{f.label || f.name}</option>)}
          </Select>
          <Select aria-label="Comparison" value={condition.op} onChange={(e) => dispatch({ type: "op", op: e.target.value as ConditionOperator })}>
            {CONDITION_OPERATORS.map((op) => <option key={op} value={op}>{CONDITION_LABELS[op]}</option>)}
          </Select>
          {takesValue(condition.op) && options.length && (condition.op === "is" || condition.op === "is_not") ? (
            <Select aria-label="Value" className="col-span-2" value={condition.value} onChange={(e) => dispatch({ type: "value", value: e.target.value })}>
              <option value="">Choose an option</option>
              {condition.value && !options.some((o) => o.value === condition.value) ? <option value={condition.value}>{condition.value}</option> : null}
              {options.map((o) => <option key={o.id} value={o.value}>{o.label || o.value}</option>)}
            </Select>
          ) : takesValue(condition.op) ? (
            <Input aria-label="Value" className="col-span-2" value={condition.value} placeholder="Value" onChange={(e) => dispatch({ type: "value", value: e.target.value })} />
          ) : null}
        </div>
      ) : null}
      {state.mode === "advanced" ? (
        <Field label="Hide while" error={problem} hint={'Hidden while this is true, e.g. #/age < 18 || #/plan != "pro".'}>
          {(p) => <Input {...p} value={state.advanced} spellCheck={false} autoComplete="off" className="font-mono" onChange={(e) => dispatch({ type: "advanced", text: e.target.value })} />}
        </Field>
      ) : null}
    </section>
  );
}
