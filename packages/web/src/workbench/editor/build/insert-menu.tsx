/** @jsxRuntime automatic */
/**
 * The insert menu: a search box over the field and block types (combobox + listbox, fully
 * keyboard operable: arrows, Enter, Escape). Opened by its button or "/" on the canvas;
 * what it adds goes after the focused block.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Search } from "lucide-react";
import { cn } from "../../../ui/cn";
import { useBuild } from "./build-store";
import { insertItems, type InsertItem } from "./insert-items";

export function InsertMenu({ onPick, onClose }: { onPick: (item: InsertItem) => void; onClose: () => void }) {
  const doc = useBuild((s) => s.working);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const items = useMemo(() => insertItems(doc, query), [doc, query]);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const current = items[Math.min(active, items.length - 1)];

  const onKeyDown = (event: KeyboardEvent) => {
    const moveTo = (i: number) => {
      setActive(i);
      listRef.current?.querySelector(`[data-index="${i}"]`)?.scrollIntoView({ block: "nearest" });
    };
    if (event.key === "ArrowDown") moveTo(Math.min(items.length - 1, active + 1));
    else if (event.key === "ArrowUp") moveTo(Math.max(0, active - 1));
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(items.length - 1);
    else if (event.key === "Enter" && current) onPick(current);
    else if (event.key === "Escape") onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  let group = "";
  return (
    <div role="dialog" aria-label="Insert" className="w-72 overflow-hidden rounded-lg border border-line bg-card shadow-pop" onKeyDown={onKeyDown}>
      <div className="flex items-center gap-2 border-b border-line px-3">
        <Search aria-hidden="true" className="size-4 text-muted" />
        <input
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
          aria-label="Search fields and blocks"
          placeholder="Search fields and blocks…"
          value={query}
          onChange={(e) => { setQuery(e.target.value); setActive(0); }}
          onBlur={(e) => { if (!e.currentTarget.closest("[role=dialog]")?.contains(e.relatedTarget as Node | null)) onClose(); }}
          className="h-10 w-full bg-transparent text-sm text-fg outline-none placeholder:text-muted"
        />
      </div>
      <ul ref={listRef} id={listId} role="listbox" aria-label="Fields and blocks" className="max-h-80 overflow-y-auto p-1">
        {items.length === 0 ? <li role="presentation" className="px-3 py-6 text-center text-sm text-muted">No input found.</li> : null}
        {items.map((item, i) => {
          const heading = item.group !== group ? (group = item.group) : null;
          return [
            heading ? <li key={`h-${heading}`} role="presentation" className="px-2 pt-2 pb-1 text-xs font-medium text-muted">{heading}</li> : null,
            <li
              key={item.id}
              id={`${listId}-${item.id}`}
              data-index={i}
              role="option"
              aria-selected={item === current}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(item)}
              onMouseMove={() => setActive(i)}
              className={cn("flex h-8 cursor-pointer items-center rounded-md px-2 text-sm text-fg", item === current && "bg-selected")}
            >
              {item.label}
            </li>,
          ];
        })}
      </ul>
    </div>
  );
}
