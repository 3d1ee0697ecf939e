/** @jsxRuntime automatic */
/**
 * The toolbar's search: over all rows on the server (every word over the table's search
 * column, the last as a prefix, 250 ms after typing stops), or a fuzzy find among the rows of this page (fuse.js,
 * threshold 0.3), which never leaves the browser. The box collapses to an icon while empty
 * and unfocused (spec 1 §2.3, ui/search-box.tsx).
 */
import { useEffect, useRef, useState } from "react";
import type { QueryAction, TextSearch } from "@fieldwork/core";
import { cn } from "../../../ui/cn";
import { CollapsingSearchBox } from "../../../ui/search-box";
import { useDebouncedCommit } from "./use-debounced";

export const SEARCH_DEBOUNCE_MS = 250;
export type SearchScope = "all" | "page";

export function SearchBox({ search, column, also, localText, onLocal, dispatch }: {
  search: TextSearch | null;
  /** The server's search column, or null when the table has none (only the page can be searched). */
  column: string | null;
  /** More columns a contains search matches too. */
  also?: readonly string[] | undefined;
  localText: string;
  onLocal: (text: string) => void;
  dispatch: (action: QueryAction) => void;
}) {
  const [scope, setScope] = useState<SearchScope>(column ? "all" : "page");
  const [text, setText] = useState(search?.query ?? "");
  const committed = search?.query ?? "";
  // A search cleared or set from elsewhere (the empty state's Clear) shows in the box; the
  // box's own commits are already there.
  const sent = useRef(committed);
  useEffect(() => {
    if (committed !== sent.current) setText(committed);
    sent.current = committed;
  }, [committed]);
  useDebouncedCommit(text, SEARCH_DEBOUNCE_MS, (query) => {
    if (!column) return;
    sent.current = query.trim() === "" ? "" : query;
    dispatch({ type: "text_search", search: query.trim() === "" ? null : { column, query, type: "prefix", ...(also?.length ? { also } : {}) } });
  }, scope !== "all" || text === committed);
  const value = scope === "all" ? text : localText;
  return (
    <div className="flex h-8 min-w-0 items-center gap-1">
      <CollapsingSearchBox
        label={scope === "all" ? "Search all rows" : "Find in this page"}
        value={value}
        onValue={(next) => (scope === "all" ? setText(next) : onLocal(next))}
      />
      <select
        aria-label="Search scope"
        value={scope}
        onChange={(e) => {
          const next = e.target.value as SearchScope;
          setScope(next);
          if (next === "page") onLocal(text);
          else onLocal("");
        }}
        className={cn("h-full cursor-pointer rounded-md border border-line bg-transparent px-2 text-xs text-muted outline-none focus-visible:ring-2")}
      >
        {column ? <option value="all">All rows</option> : null}
        <option value="page">This page</option>
      </select>
    </div>
  );
}
