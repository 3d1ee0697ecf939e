/** @jsxRuntime automatic */
/** The Sort popover: columns in sort order, each once (spec 3 §5), ascending or descending. */
import type { DataColumn, OrderBy, QueryAction } from "@fieldwork/core";
import { ArrowDownUp, X } from "lucide-react";
import { Button, buttonClass } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { compactControlClass } from "../../../ui/input";
import { Popover } from "../../../ui/popover";

const selectClass = cn(compactControlClass, "min-w-0");

export function SortPopover({ columns, orderby, dispatch }: { columns: DataColumn[]; orderby: Record<string, OrderBy>; dispatch: (action: QueryAction) => void }) {
  const terms = Object.values(orderby);
  const sortable = columns.filter((c) => c.format !== "jsonb" && !Object.hasOwn(orderby, c.name));
  const labelOf = (name: string) => columns.find((c) => c.name === name)?.label ?? name;
  return (
    <Popover
      title="Sort"
      buttonClassName={buttonClass({ variant: terms.length ? "secondary" : "ghost", size: "sm" })}
      button={<><ArrowDownUp aria-hidden="true" />{terms.length ? `Sorted by ${terms.length} column${terms.length > 1 ? "s" : ""}` : "Sort"}</>}
      panelClassName="w-80"
    >
      <div className="grid gap-2">
        {terms.length === 0 ? <p className="text-sm text-muted">No sorts on this view.</p> : null}
        {terms.map((term) => (
          <div key={term.column} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate text-sm text-fg">{labelOf(term.column)}</span>
            <select
              aria-label={`Direction of ${labelOf(term.column)}`}
              className={selectClass}
              value={term.ascending ? "asc" : "desc"}
              onChange={(e) => dispatch({ type: "order_set", order: { ...term, ascending: e.target.value === "asc" } })}
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
            <Button variant="ghost" size="icon" aria-label={`Remove sort on ${labelOf(term.column)}`} onClick={() => dispatch({ type: "order_remove", column: term.column })}><X /></Button>
          </div>
        ))}
        <div className="border-t border-line pt-2">
          <select
            aria-label="Add sort column"
            className={selectClass + " w-full"}
            value=""
            disabled={sortable.length === 0}
            onChange={(e) => e.target.value && dispatch({ type: "order_set", order: { column: e.target.value, ascending: true } })}
          >
            <option value="">Pick a column to sort by…</option>
            {sortable.map((c) => <option key={c.name} value={c.name}>{c.label}</option>)}
          </select>
        </div>
      </div>
    </Popover>
  );
}
