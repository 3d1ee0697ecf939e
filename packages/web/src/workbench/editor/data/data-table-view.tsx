/** @jsxRuntime automatic */
/**
 * One table of data mode: the toolbar, the rows in the chosen layout, and the record and
 * customer panels. The query state starts from the URL (or this document's remembered
 * filters and sort) and is written back to it, so a view can be shared and reloaded.
 */
import { useEffect, useMemo, useReducer, useState } from "react";
import { initialQueryState, viewParamsToQueryState, queryStateToViewParams, type EditorDocument, type QueryAction, type QueryState } from "@fieldwork/core";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { RecordPanel } from "./record/record-panel";
import { CustomerSheet } from "./customer/customer-sheet";
import { FilesPanel } from "./files/files-panel";
import { createFilePool, FilePoolContext } from "./files/use-cell-files";
import { GalleryLayout, ListLayout, ChartLayout } from "./card-layouts";
import { dataReducer, initDataState, shownRows } from "./data-state";
import { DATA_TABLE_LABELS, type DataTable } from "./data-table";
import { DataFooter, DataToolbar } from "./data-toolbar";
import { arrangeColumns, loadPreferences, savePreferences, type GridPreferences } from "./grid-prefs";
import { localRows } from "./local-view";
import { exportParams } from "./export-view";
import { EmptyRows, TableLayout } from "./table-layout";
import { useTableData } from "./use-table-data";
import { rowActions } from "./use-row-actions";
import { useCellQueue, withTransactions } from "./use-cell-queue";
import { LiveBadge, useFeedStatus } from "./live-badge";
import { ReferenceLabelsContext, useReferenceLabels } from "./use-reference-labels";
import { rowHandle, type Row } from "../../api/data-api";
import type { DisplayOptions } from "./cell-value";

export interface DataTableViewProps {
  table: DataTable;
  /** The form whose table this is (its fields, files, live rows, scheduling zone); null for a schema document's table. */
  form: EditorDocument | null;
  /** The grid's accessible name: the form's title and the table, or the schema table's name. */
  title?: string;
  document_id: string;
  canEdit: boolean;
  csrf_token: string;
  simulatorHref: string | null;
  /** Inside another page (a connected table on the project page): a fixed height, and the view is not written to the URL. */
  embedded?: boolean;
}

/** The URL's view; without one, the responses open with this document's remembered filters and sort. */
function initialQuery(table: DataTable, prefs: GridPreferences, embedded: boolean): QueryState {
  const names = new Set(table.columns.map((c) => c.name));
  const params = new URLSearchParams(embedded ? "" : location.search);
  if (params.size > 0 || table.kind !== "responses") return viewParamsToQueryState(params, names);
  return {
    ...initialQueryState(),
    q_predicates: prefs.predicates.filter((p) => names.has(p.column)),
    q_orderby: Object.fromEntries(Object.entries(prefs.orderby).filter(([column]) => names.has(column))),
  };
}

export function DataTableView({ table, form, title, document_id, canEdit, csrf_token, simulatorHref, embedded = false }: DataTableViewProps) {
  const [prefs, setPrefs] = useState(() => loadPreferences(document_id));
  const handle = (row: Row) => rowHandle(table.ref, row);
  const [state, dispatch] = useReducer(dataReducer, undefined, () => initDataState(initialQuery(table, prefs, embedded), handle));
  // Widths as stored when the table opened: the grid owns them while it is open (a resize is stored, not fed back).
  const [initialWidths] = useState(() => prefs.column_widths);
  const [find, setFind] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formId = form?.form_id ?? null;
  const filePool = useMemo(() => (table.kind === "responses" && formId ? createFilePool(formId, csrf_token) : null), [table.kind, formId, csrf_token]);
  const schedulingTz = form?.settings.scheduling.tz ?? null;
  const editable = canEdit && !table.read_only;
  const query = state.query;
  const queryDispatch = (action: QueryAction) => dispatch({ type: "query", action });
  const live = table.live === undefined ? (formId ? { form_id: formId } : null) : table.live;
  const [feed, onFeed] = useFeedStatus();
  const reread = useTableData(table.ref, query, table.scope, dispatch, live, onFeed);
  const cells = useCellQueue(table.ref, csrf_token, dispatch);

  const changePrefs = (patch: Partial<GridPreferences>) => setPrefs((p) => ({ ...p, ...patch }));
  useEffect(() => savePreferences(document_id, { ...prefs, predicates: query.q_predicates, orderby: query.q_orderby }), [document_id, prefs, query.q_predicates, query.q_orderby]);
  useEffect(() => {
    if (embedded) return;
    const search = queryStateToViewParams(query).toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}`;
    if (url !== location.pathname + location.search) history.replaceState(history.state, "", url);
  }, [query]);

  const display: DisplayOptions = {
    masked: prefs.masking_enabled,
    date_format: prefs.date_format,
    time_zone: prefs.date_timezone === "utc" ? "UTC" : prefs.date_timezone === "scheduling" ? (schedulingTz ?? undefined) : undefined,
  };
  const columns = useMemo(() => arrangeColumns(table.columns, prefs), [table.columns, prefs]);
  const rows = localRows(withTransactions(shownRows(state), cells.transactions, handle), columns, { hideEmpty: prefs.empty_data_hidden, find, display });
  const filter = {
    search: query.q_text_search?.query ?? null, predicates: query.q_predicates.length, find,
    clear: () => {
      setFind("");
      queryDispatch({ type: "text_search", search: null });
      queryDispatch({ type: "predicates_clear" });
    },
  };
  const actions = rowActions(table.ref, csrf_token, dispatch, reread);
  const open = (row: Row) => dispatch({ type: "panel", panel: { kind: "record", mode: table.read_only ? "read" : editable ? "update" : "read", row_id: handle(row) } });
  const panelRow = state.panel?.kind === "record" && state.panel.row_id ? state.rows.find((r) => handle(r) === (state.panel as { row_id: string }).row_id) ?? null : null;

  const labelOf = useReferenceLabels(table.ref.project_id, table.columns, state.rows);

  const readOnlyReason = editable ? null : table.read_only ? (table.read_only_reason ?? `${DATA_TABLE_LABELS[table.kind]} are read only.`) : "Viewers cannot edit rows; ask an editor or owner of this organization.";
  const openFiles = (row: Row, column: { name: string }) => dispatch({ type: "panel", panel: { kind: "files", row_id: handle(row), column: column.name } });
  // A connected table's cell edits go through its transaction queue (pending → queued → resolved).
  const onEdit = table.kind === "external" ? cells.edit : actions.edit;
  const context = { display, editable, readOnlyReason, widths: initialWidths, onOpen: open, onEdit, onOpenFiles: openFiles };
  const label = title ?? `${form?.title ?? ""}: ${table.kind}`;
  const reorder = (source: string, target: string) => {
    const names = columns.filter((c) => !c.key).map((c) => c.name);
    const from = names.indexOf(source), to = names.indexOf(target);
    if (from < 0 || to < 0) return;
    names.splice(to, 0, ...names.splice(from, 1));
    changePrefs({ column_order: names });
  };

  return (
    <FilePoolContext.Provider value={filePool}>
    <ReferenceLabelsContext.Provider value={labelOf}>
    <div className={embedded ? "flex h-[70vh] min-h-96 flex-col rounded-md border border-line" : "flex h-[calc(100dvh-3rem)] min-h-0 flex-col"} data-table-kind={table.kind}>
      {table.read_only_reason ? <p role="note" className="border-b border-line bg-subtle px-4 py-2 text-sm text-muted">{table.read_only_reason}</p> : null}
      <DataToolbar
        table={table} state={state} columns={columns} prefs={prefs} onPrefs={changePrefs} dispatch={queryDispatch}
        find={find} onFind={setFind} editable={editable} schedulingTz={schedulingTz} simulatorHref={simulatorHref}
        onRefresh={() => queryDispatch({ type: "refresh" })}
        live={live && "polled" in live && live.polled ? <LiveBadge feed={feed} /> : null}
        onCreate={() => dispatch({ type: "panel", panel: { kind: "record", mode: "create", row_id: null } })}
        onDelete={() => setConfirmDelete(true)}
        exportParams={() => exportParamsOf(query, table, columns.flatMap((c) => (c.key && table.kind === "responses" ? [c.name, "local_index"] : [c.name])))}
      />
      {state.error ? <p role="alert" className="border-b border-line bg-danger-soft px-4 py-2 text-sm text-danger">{state.error}</p> : null}
      <div className="flex min-h-0 flex-1">
        <div className="min-h-0 min-w-0 flex-1 overflow-auto" aria-busy={state.status === "loading" || undefined}>
          {state.status === "loading" && state.rows.length === 0 ? (
            <GridSkeleton />
          ) : prefs.layout === "table" ? (
            <TableLayout
              label={label} columns={columns} rows={rows} context={context} selected={state.selected} rowKey={handle}
              onSelect={(ids) => dispatch({ type: "select", ids })} orderby={query.q_orderby} dispatch={queryDispatch} filter={filter}
              onColumnsReorder={reorder} onColumnResize={(name, width) => setPrefs((p) => ({ ...p, column_widths: { ...p.column_widths, [name]: width } }))}
            />
          ) : rows.length === 0 ? (
            <div className="py-16"><EmptyRows filter={filter} /></div>
          ) : prefs.layout === "gallery" ? (
            <GalleryLayout columns={columns} rows={rows} display={display} onOpen={open} rowKey={handle} />
          ) : prefs.layout === "list" ? (
            <ListLayout columns={columns} rows={rows} display={display} onOpen={open} rowKey={handle} />
          ) : (
            <ChartLayout columns={columns} rows={rows} display={display} onOpen={open} rowKey={handle} />
          )}
        </div>
        {state.panel?.kind === "record" ? (
          <RecordPanel
            key={state.panel.row_id ?? "new"}
            mode={state.panel.mode} columns={table.columns} fields={table.kind === "responses" && form ? form.fields : []} row={panelRow}
            table={table.ref} csrf_token={csrf_token} form_id={table.kind === "responses" ? formId : null} canEdit={canEdit}
            onClose={() => dispatch({ type: "panel", panel: null })}
            // A new row counts one more at once, and the page and count are read again: a live
            // read's count may already include the row and land before it ("4 rows" for 3).
            onSaved={(row, created) => {
              dispatch({ type: "saved", row });
              if (created) reread();
            }}
            onOpenCustomer={(customer_id) => dispatch({ type: "panel", panel: { kind: "customer", customer_id } })}
            info={table.kind !== "external"} contained={embedded}
          />
        ) : state.panel?.kind === "customer" ? (
          <CustomerSheet key={state.panel.customer_id} customer_id={state.panel.customer_id} onClose={() => dispatch({ type: "panel", panel: null })} />
        ) : null}
      </div>
      {state.panel?.kind === "files" && formId ? (
        <FilesPanel
          form_id={formId}
          key={`${state.panel.row_id}:${state.panel.column}`}
          row={state.rows.find((r) => handle(r) === (state.panel as { row_id: string }).row_id) ?? null}
          column={table.columns.find((c) => c.name === (state.panel as { column: string }).column) ?? null}
          editable={editable} csrf_token={csrf_token}
          onClose={() => dispatch({ type: "panel", panel: null })}
        />
      ) : null}
      <DataFooter table={table} state={state} dispatch={queryDispatch} editable={editable} onDelete={() => setConfirmDelete(true)} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${state.selected.size} ${state.selected.size === 1 ? "row" : "rows"}?`}
        confirmLabel="Delete"
        danger
        onConfirm={() => actions.remove(state.rows.filter((r) => state.selected.has(handle(r))))}
      >
        The selected rows are deleted from the table for good. Exports and the Data API will no longer see them.
      </ConfirmDialog>
    </div>
    </ReferenceLabelsContext.Provider>
    </FilePoolContext.Provider>
  );
}

function exportParamsOf(query: QueryState, table: DataTable, columns: string[]) {
  return exportParams(query, table.scope, columns);
}

function GridSkeleton() {
  return (
    <div className="grid" aria-label="Loading rows">
      <div className="h-9 border-b border-line bg-subtle" />
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="flex h-8 items-center gap-4 border-b border-line px-3">
          <span className="h-3 w-16 animate-pulse rounded bg-subtle" />
          <span className="h-3 w-40 animate-pulse rounded bg-subtle" />
          <span className="h-3 w-28 animate-pulse rounded bg-subtle" />
        </div>
      ))}
    </div>
  );
}
