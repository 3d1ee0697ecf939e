/** @jsxRuntime automatic */
/**
 * Page controls (spec 3 §2, §5 "Page input"): previous and next, a page input that takes
 * only pages in range, the page size (10, 100, 500, 1000) and the row count. The count is
 * exact up to a bound the server sets (100,000 rows); past it, or when counting took too
 * long, no total is shown at all (a planner's estimate can be off by a factor of 60) and the
 * pager is open-ended: Next while a page is full, as Supabase Studio does.
 */
import { useEffect, useState } from "react";
import { maxPageIndex, PAGE_SIZES, type QueryAction } from "@fieldwork/core";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { compactControlClass as controlClass } from "../../../ui/input";


/** What the server answered: an exact total, null while counting, or open-ended (`open`). */
export interface PagerCount {
  count: number | null;
  open: { moreThan: number | null } | null;
}

export function countLabel({ count, open }: PagerCount): string {
  const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
  if (count !== null) return rows(count);
  if (open === null) return "Counting…";
  return open.moreThan === null ? "Not counted (too slow)" : `More than ${rows(open.moreThan)}`;
}

/** The page a typed text asks for (0-based), or null when it is not a page in range. */
export function pageOfInput(text: string, lastIndex: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= lastIndex + 1 ? page - 1 : null;
}

export function Pager({ index, limit, count, open, rowsOnPage, dispatch }: PagerCount & { index: number; limit: number; rowsOnPage: number; dispatch: (action: QueryAction) => void }) {
  // Without an exact count (yet), a full page means there may be another.
  const last = count === null ? (rowsOnPage < limit ? index : index + 1) : maxPageIndex(count, limit);
  const [text, setText] = useState(String(index + 1));
  useEffect(() => setText(String(index + 1)), [index]);
  const invalid = pageOfInput(text, last) === null;
  const go = () => {
    const page = pageOfInput(text, last);
    if (page === null) setText(String(index + 1));
    else dispatch({ type: "page_index", index: page });
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <Button variant="ghost" size="icon" aria-label="Previous page" disabled={index <= 0} onClick={() => dispatch({ type: "page_index", index: index - 1 })}><ChevronLeft /></Button>
      <label className="flex items-center gap-1.5">
        <span>Page</span>
        <input
          aria-label="Page"
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={go}
          onKeyDown={(e) => e.key === "Enter" && go()}
          className={cn(controlClass, "w-14 text-center tabular-nums aria-invalid:border-danger")}
        />
        {count !== null ? <span className="tabular-nums">of {(last + 1).toLocaleString("en-US")}</span> : open === null && <span>of …</span>}
      </label>
      <Button variant="ghost" size="icon" aria-label="Next page" disabled={index >= last} onClick={() => dispatch({ type: "page_index", index: index + 1 })}><ChevronRight /></Button>
      <select aria-label="Rows per page" className={controlClass} value={limit} onChange={(e) => dispatch({ type: "page_limit", limit: Number(e.target.value) })}>
        {PAGE_SIZES.map((size) => <option key={size} value={size}>{size} rows</option>)}
      </select>
      <span className="tabular-nums" aria-live="polite" data-testid="row-count">{countLabel({ count, open })}</span>
    </div>
  );
}
