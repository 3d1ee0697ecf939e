/** @jsxRuntime automatic */
/**
 * The grid toolbar (spec 3 §2): search, Filter, Sort, Refresh (it reads Loading... while
 * refreshing), the view options, export, add and delete for editors, and the page controls
 * with the row count.
 */
import type { ReactNode } from "react";
import type { DataColumn, QueryAction } from "@fieldwork/core";
import { Plus, RefreshCw, Trash2 } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import type { DataState } from "./data-state";
import type { DataTable } from "./data-table";
import { ExportButton } from "./export-button";
import { FilterPopover } from "./filter-popover";
import type { GridPreferences } from "./grid-prefs";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";
import { SortPopover } from "./sort-popover";
import { ViewOptions } from "./view-options";

export interface DataToolbarProps {
  table: DataTable;
  state: DataState;
  /** The columns shown, in order. */
  columns: DataColumn[];
  prefs: GridPreferences;
  onPrefs: (patch: Partial<GridPreferences>) => void;
  dispatch: (action: QueryAction) => void;
  find: string;
  onFind: (text: string) => void;
  editable: boolean;
  schedulingTz: string | null;
  simulatorHref: string | null;
  onRefresh: () => void;
  onCreate: () => void;
  onDelete: () => void;
  exportParams: () => URLSearchParams;
  /** Whether the rows follow the table (a connected table's polled feed). */
  live?: ReactNode;
}

export function DataToolbar(props: DataToolbarProps) {
  const { table, state, dispatch } = props;
  const query = state.query;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-line bg-card px-3 py-2">
      <SearchBox search={query.q_text_search} column={table.search_column} also={table.search_also} localText={props.find} onLocal={props.onFind} dispatch={dispatch} />
      <FilterPopover columns={table.columns} predicates={query.q_predicates} dispatch={dispatch} />
      <SortPopover columns={table.columns} orderby={query.q_orderby} dispatch={dispatch} />
      <Button variant="ghost" size="sm" onClick={props.onRefresh} disabled={state.refreshing} aria-label={state.refreshing ? "Loading..." : "Refresh"}>
        <RefreshCw aria-hidden="true" className={cn(state.refreshing && "animate-spin")} />
        <span className="hidden sm:inline">{state.refreshing ? "Loading..." : "Refresh"}</span>
      </Button>
      <span className="flex-1" />
      {props.live}
      <ExportButton table={table.ref} params={props.exportParams} total={state.count} />
      <ViewOptions prefs={props.prefs} onChange={props.onPrefs} columns={table.columns} schedulingTz={props.schedulingTz} simulatorHref={props.simulatorHref} />
      {props.editable ? <Button variant="primary" size="sm" onClick={props.onCreate}><Plus aria-hidden="true" />Add record</Button> : null}
    </div>
  );
}

/** Under the rows: the page controls and the count, the selection, and whether the table is read only. */
export function DataFooter({ table, state, dispatch, editable, onDelete }: Pick<DataToolbarProps, "table" | "state" | "dispatch" | "editable" | "onDelete">) {
  const query = state.query;
  const selected = state.selected.size;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-line bg-card px-3 py-1.5">
      <Pager index={query.q_page_index} limit={query.q_page_limit} count={state.count} open={state.openCount} rowsOnPage={state.rows.length} dispatch={dispatch} />
      <span className="flex-1" />
      {selected > 0 ? <span className="text-xs text-muted">{selected} selected</span> : null}
      {editable && selected > 0 ? (
        <Button variant="danger" size="sm" onClick={onDelete}><Trash2 aria-hidden="true" />Delete {selected} {selected === 1 ? "row" : "rows"}</Button>
      ) : null}
      {table.read_only ? <span className="text-xs text-faint">Read only</span> : null}
    </div>
  );
}
