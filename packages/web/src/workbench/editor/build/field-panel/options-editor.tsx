/** @jsxRuntime automatic */
/**
 * The options editor (spec 2 §3): simple mode is a list of labels (the value is the label),
 * advanced mode shows value, label, disabled and group per option and the groups. Options
 * sort by drag (@dnd-kit) or Alt+Up/Down on their handle; Add Option, Add Group and Add
 * Multiple. Every change is an `OptionsOp` on the panel's reducer.
 */
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, ListPlus, Plus, FolderPlus, X } from "lucide-react";
import { Button } from "../../../../ui/button";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { cn } from "../../../../ui/cn";
import { formatPaymentAmount } from "@fieldwork/core";
import { countNewOptions, priceTextOf, type OptionList, type OptionRow, type OptionsOp } from "./options-ops";
import { AddMultipleDialog } from "./add-multiple-dialog";

interface Props {
  list: OptionList;
  mode: "simple" | "advanced";
  onMode: (mode: "simple" | "advanced") => void;
  dispatch: (op: OptionsOp) => void;
  problems: { options?: string; optgroups?: string; option_price?: string };
  /** The form's payment currency when it takes payments: each option gets a price input in it. */
  currency?: string | null;
}

const IconButton = ({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) => (
  <button type="button" aria-label={label} title={label} onClick={onClick}
    className="focus-ring grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-muted hover:bg-subtle hover:text-fg [&_svg]:size-4">
    {children}
  </button>
);

function OptionItem({ option, index, count, props }: { option: OptionRow; index: number; count: number; props: Props }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: option.key });
  const { dispatch, mode, list } = props;
  const name = option.label || option.value || `option ${index + 1}`;
  const onHandleKey = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    event.stopPropagation();
    const to = index + (event.key === "ArrowUp" ? -1 : 1);
    if (to >= 0 && to < count) dispatch({ op: "move-option", key: option.key, to });
  };
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("flex items-center gap-1.5 rounded-md bg-card", isDragging && "relative z-10 shadow-pop")}>
      <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} onKeyDown={onHandleKey}
        aria-label={`Move ${name} (Alt+Up or Alt+Down)`} aria-roledescription="sortable option"
        className="focus-ring grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-faint hover:text-fg active:cursor-grabbing [&_svg]:size-4">
        <GripVertical />
      </button>
      {mode === "advanced" ? (
        <>
          <Input aria-label={`Value of option ${index + 1}`} value={option.value} className="font-mono"
            onChange={(e) => dispatch({ op: "set-value", key: option.key, value: e.target.value })}
            onBlur={() => dispatch({ op: "unique-value", key: option.key })} />
          <Input aria-label={`Label of option ${index + 1}`} value={option.label}
            onChange={(e) => dispatch({ op: "set-label", key: option.key, label: e.target.value, simple: false })} />
          {list.optgroups.length ? (
            <Select aria-label={`Group of option ${index + 1}`} className="w-32 shrink-0" value={option.group ?? ""}
              onChange={(e) => dispatch({ op: "set-option", key: option.key, patch: { group: e.target.value || null } })}>
              <option value="">No group</option>
              {list.optgroups.map((g) => <option key={g.key} value={g.key}>{g.label || "(no label)"}</option>)}
            </Select>
          ) : null}
          <input type="checkbox" aria-label={`Option ${index + 1} disabled`} title="Disabled" checked={option.disabled}
            onChange={(e) => dispatch({ op: "set-option", key: option.key, patch: { disabled: e.target.checked } })}
            className="focus-ring size-4 shrink-0 cursor-pointer accent-[var(--color-accent)]" />
        </>
      ) : (
        <Input aria-label={`Option ${index + 1}`} value={option.label}
          onChange={(e) => dispatch({ op: "set-label", key: option.key, label: e.target.value, simple: true })} />
      )}
      {props.currency && option.store_price ? (
        <span className="w-24 shrink-0 truncate text-right text-sm text-muted" title="The store's price of the product this option sells (edit it in the store)"
          aria-label={`Price of ${name}: the store's`}>
          {formatPaymentAmount(option.store_price.amount, option.store_price.currency)}
        </span>
      ) : props.currency ? (
        <Input aria-label={`Price of ${name}`} title={option.price_problem ?? `Price in ${props.currency.toUpperCase()}; empty for none`}
          placeholder={props.currency.toUpperCase()} inputMode="decimal" className="w-24 shrink-0"
          aria-invalid={option.price_problem ? true : undefined} value={priceTextOf(option, props.currency)}
          onChange={(e) => dispatch({ op: "set-price", key: option.key, text: e.target.value, currency: props.currency! })} />
      ) : null}
      <IconButton label={`Remove ${name}`} onClick={() => dispatch({ op: "remove-option", key: option.key })}><X /></IconButton>
    </li>
  );
}

export function OptionsEditor(props: Props) {
  const { list, mode, dispatch, problems } = props;
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({ op: "move-option", key: String(active.id), to: list.options.findIndex((o) => o.key === over.id) });
  };
  return (
    <section aria-labelledby="options-heading" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="options-heading" className="text-sm font-semibold text-fg">Options</h3>
        <div role="radiogroup" aria-label="Options editor mode" className="flex rounded-md border border-line p-0.5 text-xs">
          {(["simple", "advanced"] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => props.onMode(m)}
              className={cn("focus-ring cursor-pointer rounded px-2 py-1 capitalize", mode === m ? "bg-selected font-medium text-fg" : "text-muted hover:text-fg")}>
              {m}
            </button>
          ))}
        </div>
      </div>
      {mode === "advanced" && list.optgroups.length ? (
        <ul aria-label="Groups" className="grid gap-1.5">
          {list.optgroups.map((g, i) => (
            <li key={g.key} className="flex items-center gap-1.5">
              <Input aria-label={`Label of group ${i + 1}`} value={g.label} aria-invalid={g.label.trim() ? undefined : true}
                onChange={(e) => dispatch({ op: "set-group", key: g.key, patch: { label: e.target.value } })} />
              <IconButton label={`Remove group ${g.label || i + 1}`} onClick={() => dispatch({ op: "remove-group", key: g.key })}><X /></IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.optgroups ? <p className="text-xs text-danger">{problems.optgroups}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={list.options.map((o) => o.key)} strategy={verticalListSortingStrategy}>
          <ol aria-label="Options" className="grid gap-1.5">
            {list.options.map((o, i) => <OptionItem key={o.key} option={o} index={i} count={list.options.length} props={props} />)}
          </ol>
        </SortableContext>
      </DndContext>
      {problems.options ? <p className="text-xs text-danger">{problems.options}</p> : null}
      {problems.option_price ? <p className="text-xs text-danger">{problems.option_price}</p> : null}
      {props.currency ? <p className="text-xs text-muted">Prices in {props.currency.toUpperCase()}; empty for none. An option selling a store product charges the store's price.</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => dispatch({ op: "add-option" })}><Plus />Add Option</Button>
        {mode === "advanced" ? <Button size="sm" onClick={() => dispatch({ op: "add-group" })}><FolderPlus />Add Group</Button> : null}
        <Button size="sm" onClick={() => setAdding(true)}><ListPlus />Add Multiple</Button>
      </div>
      <AddMultipleDialog open={adding} onClose={() => setAdding(false)} count={(text) => countNewOptions(list, text)}
        onAdd={(text) => dispatch({ op: "add-multiple", text })} />
    </section>
  );
}
