/** @jsxRuntime automatic */
/**
 * The Filter popover (spec 3 §5 "Filter"): one row per predicate — column, an operator
 * chosen from those its format allows, and a value typed with a 500 ms debounce. A predicate
 * without a value shows as incomplete and does not filter yet.
 */
import { useEffect, useState } from "react";
import {
  formatClassOf, isArrayFormat, isPredicateFulfilled, uiOperatorNeedsValue, uiOperatorsFor, UI_OPERATOR_LABELS,
  type DataColumn, type Predicate, type QueryAction, type UiOperator,
} from "@fieldwork/core";
import { ListFilter, Plus, X } from "lucide-react";
import { Button, buttonClass } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { compactControlClass } from "../../../ui/input";
import { Popover } from "../../../ui/popover";
import { useDebouncedCommit } from "./use-debounced";

export const FILTER_DEBOUNCE_MS = 500;

const selectClass = cn(compactControlClass, "min-w-0");

function ValueInput({ predicate, column, onChange }: { predicate: Predicate; column: DataColumn | undefined; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(predicate.value === null || predicate.value === undefined ? "" : String(predicate.value));
  const committed = predicate.value === null || predicate.value === undefined ? "" : String(predicate.value);
  // The row may now show another predicate (one above it was removed): take its value, and
  // the pending commit of the old text is cancelled by the change.
  useEffect(() => setText(committed), [committed]);
  useDebouncedCommit(text, FILTER_DEBOUNCE_MS, (value) => onChange(value === "" ? null : value), text === committed);
  if (predicate.op === "is") {
    const boolean = column && !isArrayFormat(column.format) && formatClassOf(column.format) === "boolean";
    return (
      <select aria-label="Value" className={selectClass} value={committed} onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}>
        <option value="">Choose…</option>
        <option value="null">null</option>
        {boolean ? <><option value="true">true</option><option value="false">false</option></> : null}
      </select>
    );
  }
  const type = column && formatClassOf(column.format) === "numeric" && !isArrayFormat(column.format) && predicate.op !== "in" ? "number" : "text";
  return (
    <input
      aria-label="Value"
      type={type}
      value={text}
      placeholder={predicate.op === "in" ? "a, b, c" : "Value"}
      onChange={(e) => setText(e.target.value)}
      className={cn(selectClass, "w-full", predicate.value === null && "border-warning")}
    />
  );
}

export function FilterPopover({ columns, predicates, dispatch }: { columns: DataColumn[]; predicates: Predicate[]; dispatch: (action: QueryAction) => void }) {
  const filterable = columns.filter((c) => uiOperatorsFor(c.format).length > 0);
  const active = predicates.filter(isPredicateFulfilled).length;
  const add = () => {
    const column = filterable.find((c) => !c.system) ?? filterable[0];
    if (column) dispatch({ type: "predicate_add", predicate: { column: column.name, op: uiOperatorsFor(column.format)[0]!, value: null } });
  };
  return (
    <Popover
      title="Filters"
      buttonClassName={buttonClass({ variant: active ? "secondary" : "ghost", size: "sm" })}
      button={<><ListFilter aria-hidden="true" />{active ? `Filtered by ${active} rule${active > 1 ? "s" : ""}` : "Filter"}</>}
      panelClassName="w-[36rem]"
    >
      <div className="grid gap-2">
        {predicates.length === 0 ? <p className="text-sm text-muted">No filters on this view.</p> : null}
        {predicates.some((p) => !isPredicateFulfilled(p)) ? <p className="text-xs text-warning">Filters without a value are incomplete and do not apply yet.</p> : null}
        {predicates.map((predicate, index) => {
          const column = columns.find((c) => c.name === predicate.column);
          const operators = column ? uiOperatorsFor(column.format) : [];
          const incomplete = !isPredicateFulfilled(predicate);
          return (
            <div key={index} className={cn("grid grid-cols-[9rem_9rem_minmax(0,1fr)_auto] items-center gap-2", incomplete && "opacity-80")} data-incomplete={incomplete || undefined}>
              <select
                aria-label="Column"
                className={selectClass}
                value={predicate.column}
                onChange={(e) => {
                  const next = columns.find((c) => c.name === e.target.value);
                  const ops = next ? uiOperatorsFor(next.format) : [];
                  dispatch({ type: "predicate_update", index, predicate: { column: e.target.value, op: ops.includes(predicate.op) ? predicate.op : ops[0]!, value: null } });
                }}
              >
                {filterable.map((c) => <option key={c.name} value={c.name}>{c.label}</option>)}
              </select>
              <select
                aria-label="Operator"
                className={selectClass}
                value={predicate.op}
                onChange={(e) => dispatch({ type: "predicate_update", index, predicate: { op: e.target.value as UiOperator, ...(uiOperatorNeedsValue(e.target.value as UiOperator) ? {} : { value: null }) } })}
              >
                {operators.map((op) => <option key={op} value={op}>{UI_OPERATOR_LABELS[op]}</option>)}
              </select>
              {uiOperatorNeedsValue(predicate.op) ? (
                <ValueInput key={`${predicate.column}:${predicate.op}`} predicate={predicate} column={column} onChange={(value) => dispatch({ type: "predicate_update", index, predicate: { value } })} />
              ) : <span />}
              <Button variant="ghost" size="icon" aria-label={`Remove filter on ${column?.label ?? predicate.column}`} onClick={() => dispatch({ type: "predicate_remove", index })}>
                <X />
              </Button>
            </div>
          );
        })}
        <div className="flex items-center justify-between border-t border-line pt-2">
          <Button size="sm" variant="ghost" onClick={add} disabled={filterable.length === 0}><Plus aria-hidden="true" />Add filter</Button>
          {predicates.length > 0 ? <Button size="sm" variant="ghost" onClick={() => dispatch({ type: "predicates_clear" })}>Clear all</Button> : null}
        </div>
      </div>
    </Popover>
  );
}
