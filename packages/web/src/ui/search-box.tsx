/** @jsxRuntime automatic */
/**
 * A search box that collapses to an icon (spec 1 §2.3, §9): 36 px wide until it is clicked
 * or focused, then 200 px over 0.15 s; it collapses when it loses focus empty, and Escape
 * leaves it and collapses it. It is one real `<input type="search">` all along (Tab reaches
 * it, a label names it), so nothing moves focus behind the user's back.
 */
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Search } from "lucide-react";
import { SEARCH_BOX } from "@fieldwork/core";
import { cn } from "./cn";
import { searchBoxExpanded, type SearchBoxEvent } from "./search-box-state";

export function CollapsingSearchBox({ label, value, onValue, className, ...props }: Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** The input's accessible name and placeholder. */
  label: string;
  value: string;
  onValue: (value: string) => void;
}) {
  const [expanded, setExpanded] = useState(value !== "");
  const on = (event: SearchBoxEvent) => setExpanded((now) => searchBoxExpanded(now, event));
  // Emptied from elsewhere (a Clear button) while not in use: back to the icon.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (value === "" && input.current !== document.activeElement) setExpanded(false);
  }, [value]);
  return (
    <div
      data-expanded={expanded}
      className={cn("relative h-8 shrink-0 transition-[width] ease-out motion-reduce:transition-none", className)}
      style={{ width: expanded ? SEARCH_BOX.expanded_px : SEARCH_BOX.collapsed_px, transitionDuration: `${SEARCH_BOX.expand_s}s` }}
    >
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint" />
      {!expanded && value !== "" ? <span aria-hidden="true" className="pointer-events-none absolute top-1.5 right-1.5 size-1.5 rounded-full bg-accent" /> : null}
      <input
        {...props}
        ref={input}
        type="search"
        aria-label={label}
        placeholder={expanded ? label : ""}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onFocus={(e) => { on({ type: "focus" }); props.onFocus?.(e); }}
        onBlur={(e) => { on({ type: "blur", value: e.currentTarget.value }); props.onBlur?.(e); }}
        onKeyDown={(e) => {
          props.onKeyDown?.(e);
          if (e.key !== "Escape" || e.defaultPrevented) return;
          e.preventDefault();
          on({ type: "escape" });
          e.currentTarget.blur();
        }}
        className={cn(
          "focus-ring size-full min-w-0 cursor-pointer rounded-md border border-line-strong bg-field pr-2 pl-8 text-sm text-fg outline-none placeholder:text-faint focus:cursor-text",
          !expanded && "text-transparent",
        )}
      />
    </div>
  );
}
