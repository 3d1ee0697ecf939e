/** @jsxRuntime automatic */
/**
 * The Table layout: react-data-grid with the spec's sizes (row 32, header 36), multi-row
 * selection, keyboard navigation, resizable and reorderable columns, sorting from the
 * header, and the two empty states.
 */
import { useMemo, useRef } from "react";
import { DataGrid, SELECT_COLUMN_KEY, type SortColumn } from "react-data-grid";
import { toast } from "../../shell/toast-store";
import type { DataColumn, OrderBy, QueryAction } from "@fieldwork/core";
import { SearchX, TableProperties } from "lucide-react";
import type { Row } from "../../api/data-api";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";
import { gridColumns, isFileColumn, HEADER_HEIGHT, ROW_HEIGHT, type ColumnContext } from "./grid-columns";
import "./data-grid.css";

/** What narrows the rows, for the empty state: the server search, the filters, the find in page. */
export interface RowsFilter {
  search: string | null;
  predicates: number;
  find: string;
  /** Clears every one of them. */
  clear: () => void;
}

export const isFiltering = (filter: RowsFilter) => filter.search !== null || filter.predicates > 0 || filter.find !== "";

function nothingMatched({ search, predicates, find }: RowsFilter): string {
  const text = search ?? (find || null);
  const rules = predicates > 0 ? `${predicates} ${predicates === 1 ? "filter" : "filters"}` : null;
  if (text !== null && rules) return `No rows match “${text}” with ${rules}.`;
  if (text !== null) return `No rows match “${text}”.`;
  return `No rows match ${rules ?? "the filters"}.`;
}

export function EmptyRows({ filter }: { filter: RowsFilter }) {
  return isFiltering(filter) ? (
    <EmptyState
      icon={SearchX}
      title="Nothing matched"
      action={<Button onClick={filter.clear}>{filter.predicates > 0 ? "Clear search and filters" : "Clear search"}</Button>}
    >
      <span role="status">{nothingMatched(filter)}</span>
    </EmptyState>
  ) : (
    <EmptyState icon={TableProperties} title="Table is empty">Create a new record to get started</EmptyState>
  );
}

export interface TableLayoutProps {
  label: string;
  columns: DataColumn[];
  rows: Row[];
  context: ColumnContext;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  orderby: Record<string, OrderBy>;
  dispatch: (action: QueryAction) => void;
  filter: RowsFilter;
  onColumnsReorder: (source: string, target: string) => void;
  onColumnResize: (name: string, width: number) => void;
  /** The row's handle (its id, or a connected table's key). */
  rowKey?: (row: Row) => string;
}

export function TableLayout(props: TableLayoutProps) {
  const keyColumn = props.columns.find((c) => c.key)?.name;
  // Columns keep their identity across renders (a live read, a selection); callbacks go through a ref.
  const contextRef = useRef(props.context);
  contextRef.current = props.context;
  const { display, editable, readOnlyReason, widths } = props.context;
  const columns = useMemo(() => gridColumns(props.columns, {
    display, editable, readOnlyReason, widths,
    onOpen: (row) => contextRef.current.onOpen(row),
    onEdit: (row, column, value) => contextRef.current.onEdit(row, column, value),
    onOpenFiles: (row, column) => contextRef.current.onOpenFiles(row, column),
  }), [props.columns, display.masked, display.date_format, display.time_zone, editable, readOnlyReason, widths]);
  const sortColumns: SortColumn[] = Object.values(props.orderby).map((o) => ({ columnKey: o.column, direction: o.ascending ? "ASC" : "DESC" }));
  const onSort = (next: SortColumn[]) => {
    // The header cycles a column asc → desc → off; the grid answers the whole list.
    const keep = new Set(next.map((s) => s.columnKey));
    for (const column of Object.keys(props.orderby)) if (!keep.has(column)) props.dispatch({ type: "order_remove", column });
    for (const s of next) props.dispatch({ type: "order_set", order: { column: s.columnKey, ascending: s.direction === "ASC" } });
  };
  return (
    <DataGrid
      aria-label={props.label}
      className="fw-data-grid"
      columns={columns}
      rows={props.rows}
      rowKeyGetter={props.rowKey ?? ((row: Row) => String(row.id))}
      rowHeight={ROW_HEIGHT}
      headerRowHeight={HEADER_HEIGHT}
      selectedRows={props.selected as ReadonlySet<string>}
      onSelectedRowsChange={props.onSelect}
      sortColumns={sortColumns}
      onSortColumnsChange={onSort}
      onColumnsReorder={props.onColumnsReorder}
      onColumnResize={(column, width) => props.onColumnResize(column.key, Math.round(width))}
      defaultColumnOptions={{ resizable: true }}
      onCellKeyDown={({ mode, column, row }, event) => {
        // Enter on the key column opens the record (the cell's Open button is for the mouse).
        if (mode === "ACTIVE" && event.key === "Enter" && row && column?.key === keyColumn) {
          event.preventGridDefault();
          props.context.onOpen(row);
        }
        // Enter on a file cell opens its file popover.
        const fileColumn = mode === "ACTIVE" && event.key === "Enter" && row ? props.columns.find((c) => c.name === column?.key && isFileColumn(c)) : undefined;
        if (fileColumn && row) {
          event.preventGridDefault();
          props.context.onOpenFiles(row, fileColumn);
        }
      }}
      onCellDoubleClick={({ column, row }, event) => {
        if (column.key === keyColumn) {
          event.preventGridDefault();
          props.context.onOpen(row);
        } else if (props.context.readOnlyReason && column.key !== SELECT_COLUMN_KEY) {
          toast.error(props.context.readOnlyReason);
        }
      }}
      renderers={{ noRowsFallback: <div style={{ gridColumn: "1/-1" }} className="py-16"><EmptyRows filter={props.filter} /></div> }}
    />
  );
}
