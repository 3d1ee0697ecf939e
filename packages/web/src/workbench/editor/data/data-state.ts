/**
 * The state of one data table on screen, changed by one reducer: the query (core's
 * queryReducer and its reset rules), the page of rows it last answered, the count beside it,
 * the selection, optimistic cell edits, and which panel is open. Stale answers (for a query
 * that has since changed) are dropped by their request number.
 */
import { queryReducer, type QueryAction, type QueryState } from "@fieldwork/core";
import type { Row, RowCount } from "../../api/data-api";

export type Panel =
  | { kind: "record"; mode: "create" | "update" | "read"; row_id: string | null }
  | { kind: "customer"; customer_id: string }
  | { kind: "files"; row_id: string; column: string }
  | null;

export interface DataState {
  query: QueryState;
  /** Number of the read in flight; answers of older reads are ignored. */
  request: number;
  status: "loading" | "ready" | "failed";
  /** A read of the same query is running while the old rows stay on screen (Refresh, live rows). */
  refreshing: boolean;
  error: string | null;
  rows: Row[];
  /** The exact total, once counted; null while counting or when the count is open-ended. */
  count: number | null;
  /** Set when the server could not give an exact total: the pager is open-ended then. */
  openCount: { moreThan: number | null } | null;
  selected: ReadonlySet<string>;
  /** Values shown before the server confirms them, by row id (rolled back on refusal). */
  pending: Record<string, Row>;
  panel: Panel;
  /** The text naming a row (selection, pending edits, panels): its id, or a connected table's key. */
  handle: (row: Row) => string;
}

export type DataAction =
  | { type: "query"; action: QueryAction }
  | { type: "read"; request: number; background: boolean; recount?: boolean }
  | { type: "loaded"; request: number; rows: Row[] }
  | { type: "counted"; request: number; count: RowCount }
  | { type: "failed"; request: number; message: string }
  | { type: "select"; ids: ReadonlySet<string> }
  | { type: "edit"; id: string; values: Row }
  | { type: "edit_settled"; id: string; row: Row | null }
  | { type: "saved"; row: Row }
  | { type: "deleted"; ids: readonly string[] }
  | { type: "panel"; panel: Panel };

const byId = (row: Row) => String(row.id);

export function initDataState(query: QueryState, handle: (row: Row) => string = byId): DataState {
  return { query, request: 0, status: "loading", refreshing: false, error: null, rows: [], count: null, openCount: null, selected: new Set(), pending: {}, panel: null, handle };
}

export function dataReducer(state: DataState, action: DataAction): DataState {
  const idOf = state.handle;
  switch (action.type) {
    case "query": {
      const query = queryReducer(state.query, action.action);
      return query === state.query ? state : { ...state, query };
    }
    case "read": {
      // A new query that counts again drops the old total: it no longer describes the rows
      // asked for. A live read (background) keeps it until the new count, a few rows off at most.
      const counted = action.recount && !action.background ? { count: null, openCount: null } : {};
      return action.background
        ? { ...state, ...counted, request: action.request, refreshing: true }
        : { ...state, ...counted, request: action.request, status: state.status === "ready" ? "ready" : "loading", refreshing: true, error: null };
    }
    case "loaded": {
      if (action.request !== state.request) return state;
      // Rows that left the page leave the selection; the rest stay selected.
      const ids = new Set(action.rows.map(idOf));
      const selected = [...state.selected].every((id) => ids.has(id)) ? state.selected : new Set([...state.selected].filter((id) => ids.has(id)));
      return { ...state, status: "ready", refreshing: false, error: null, rows: action.rows, selected };
    }
    case "counted":
      if (action.request !== state.request) return state;
      return action.count.exact
        ? { ...state, count: action.count.total, openCount: null }
        : { ...state, count: null, openCount: { moreThan: action.count.moreThan } };
    case "failed":
      if (action.request !== state.request) return state;
      return { ...state, status: state.rows.length > 0 || state.status === "ready" ? "ready" : "failed", refreshing: false, error: action.message };
    case "select":
      return { ...state, selected: action.ids };
    case "edit":
      return { ...state, pending: { ...state.pending, [action.id]: { ...state.pending[action.id], ...action.values } } };
    case "edit_settled": {
      const { [action.id]: _done, ...pending } = state.pending;
      const rows = action.row ? state.rows.map((row) => (idOf(row) === action.id ? { ...row, ...action.row } : row)) : state.rows;
      return { ...state, pending, rows };
    }
    case "saved": {
      const id = idOf(action.row);
      const known = state.rows.some((row) => idOf(row) === id);
      const rows = known ? state.rows.map((row) => (idOf(row) === id ? action.row : row)) : [...state.rows, action.row];
      return { ...state, rows, count: known || state.count === null ? state.count : state.count + 1 };
    }
    case "deleted": {
      const gone = new Set(action.ids);
      const rows = state.rows.filter((row) => !gone.has(idOf(row)));
      const removed = state.rows.length - rows.length;
      const selected = new Set([...state.selected].filter((id) => !gone.has(id)));
      return { ...state, rows, selected, count: state.count === null ? null : Math.max(0, state.count - Math.max(removed, action.ids.length)) };
    }
    case "panel":
      return { ...state, panel: action.panel };
  }
}

/** The rows as shown: each with its pending edits on top. */
export function shownRows(state: Pick<DataState, "rows" | "pending" | "handle">): Row[] {
  if (Object.keys(state.pending).length === 0) return state.rows;
  return state.rows.map((row) => {
    const pending = state.pending[state.handle(row)];
    return pending ? { ...row, ...pending } : row;
  });
}
