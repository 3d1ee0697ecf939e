/** @jsxRuntime automatic */
/**
 * One table of a connected database: pages of 25 rows, sorted by a header click, searched
 * with ilike on a text column, filtered, read through the same query engine as a form's table.
 * A cell edit goes pending (made, shown, waiting its turn) → queued (sent, one at a time) →
 * resolved (removed, the row as the database wrote it), core's cellTransactions; a read-only
 * table says why and takes no edits.
 */
import { useEffect, useReducer, useRef, useState } from "react";
import { cellDigest, cellOverlay, cellTransactions, READ_ONLY_REASONS, type ExternalTable } from "@fieldwork/core";
import { readExternalRows, updateExternalCell, type ExternalTableRef } from "../../api/external-databases";
import type { Row } from "../../api/data-api";
import { messageOf } from "../../api/http";
import { Button } from "../../../ui/button";
import { Input, compactControlClass } from "../../../ui/input";
import { filterParams, GRID_FILTER_LABELS, type GridFilter, type GridFilterOp } from "./grid-filters";

const PAGE = 25;

const shown = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** What the user typed as the column's value: JSON for json and arrays, else the text (empty is null when the column allows it). */
function typedValue(text: string, column: ExternalTable["columns"][number]): unknown {
  if (text === "" && column.nullable) return null;
  if (column.type === "json" || column.type === "array") {
    try { return JSON.parse(text); } catch { return text; }
  }
  return text;
}

export function ExternalTableGrid({ target: tableRef, table, canEdit, csrf_token }: { target: ExternalTableRef; table: ExternalTable; canEdit: boolean; csrf_token: string }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [order, setOrder] = useState<{ column: string; desc: boolean } | null>(null);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<GridFilter[]>([]);
  const [draft, setDraft] = useState<GridFilter>({ column: table.columns[0]?.name ?? "", op: "eq", value: "" });
  const [editing, setEditing] = useState<{ row: number; column: string; text: string } | null>(null);
  const [transactions, dispatch] = useReducer(cellTransactions, []);
  const searchColumn = table.columns.find((c) => c.type === "text")?.name ?? null;
  const editable = canEdit && !table.read_only;
  const reason = table.read_only_reason ? READ_ONLY_REASONS[table.read_only_reason] : canEdit ? null : "Viewers cannot edit rows.";
  const tableId = `${table.schema}.${table.name}`;

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ limit: String(PAGE), offset: String(page * PAGE) });
    if (order) params.set("order", `${order.column}.${order.desc ? "desc" : "asc"}`);
    if (search && searchColumn) params.set(searchColumn, `ilike.*${search}*`);
    filterParams(filters, params);
    readExternalRows(tableRef, params, controller.signal).then(
      (answer) => { setRows(answer.rows); setTotal(answer.total); setError(null); },
      (failure: unknown) => { if (!controller.signal.aborted) setError(messageOf(failure)); },
    );
    return () => controller.abort();
  }, [tableRef.connection_id, tableRef.schema, tableRef.table, page, order?.column, order?.desc, search, JSON.stringify(filters)]);

  const keyOf = (row: Row) => Object.fromEntries(table.primary_key.map((k) => [k, row[k]]));
  const rowId = (row: Row) => table.primary_key.map((k) => shown(row[k])).join(",");

  // Edits wait (pending) while another is in flight (queued), and go one at a time in the
  // order made, so the database sees them in that order and the last one made wins.
  const keys = useRef(new Map<string, Record<string, unknown>>());
  const save = (index: number, column: ExternalTable["columns"][number], text: string) => {
    setEditing(null);
    const row = rows[index];
    if (!row) return;
    const transaction = { timestamp: Date.now(), schema_table_id: tableId, column: column.name, row: rowId(row), data: typedValue(text, column) };
    keys.current.set(cellDigest(transaction), keyOf(row));
    dispatch({ type: "edit", transaction });
  };
  useEffect(() => {
    if (transactions.some((t) => t.status === "queued")) return;
    const next = transactions.find((t) => t.status === "pending");
    if (!next) return;
    dispatch({ type: "send", digest: next.digest });
    const key = keys.current.get(next.digest) ?? {};
    updateExternalCell(tableRef, key, next.column, next.data, csrf_token).then(
      (written) => {
        if (written) setRows((current) => current.map((r) => (rowId(r) === next.row ? written : r)));
        setError(null);
      },
      (failure: unknown) => setError(messageOf(failure)),
    ).finally(() => {
      keys.current.delete(next.digest);
      dispatch({ type: "resolve", digest: next.digest });
    });
  }, [transactions]);

  const pages = total === null ? null : Math.max(1, Math.ceil(total / PAGE));
  return (
    <div className="grid gap-3" data-external-table={tableId}>
      {reason ? <p role="note" className="rounded-md border border-line bg-subtle px-3 py-2 text-sm text-muted">{reason}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {searchColumn ? (
          <Input aria-label={`Search ${searchColumn}`} placeholder={`Search ${searchColumn}`} value={search} className="max-w-xs"
            onChange={(event) => { setSearch(event.target.value); setPage(0); }} />
        ) : null}
        <form className="flex items-center gap-1" aria-label="Add a filter"
          onSubmit={(event) => { event.preventDefault(); setFilters((f) => [...f, draft]); setDraft({ ...draft, value: "" }); setPage(0); }}>
          <select aria-label="Filter column" className={compactControlClass} value={draft.column} onChange={(event) => setDraft({ ...draft, column: event.target.value })}>
            {table.columns.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
          </select>
          <select aria-label="Filter operator" className={compactControlClass} value={draft.op} onChange={(event) => setDraft({ ...draft, op: event.target.value as GridFilterOp })}>
            {Object.entries(GRID_FILTER_LABELS).map(([op, label]) => <option key={op} value={op}>{label}</option>)}
          </select>
          <input aria-label="Filter value" className={compactControlClass} value={draft.value} onChange={(event) => setDraft({ ...draft, value: event.target.value })} />
          <Button size="sm" type="submit">Filter</Button>
        </form>
        {filters.map((f, i) => (
          <Button key={`${f.column}:${f.op}:${f.value}:${i}`} size="sm" variant="ghost" aria-label={`Remove filter ${f.column} ${GRID_FILTER_LABELS[f.op]} ${f.value}`}
            onClick={() => { setFilters((all) => all.filter((_, j) => j !== i)); setPage(0); }}>
            {f.column} {GRID_FILTER_LABELS[f.op]} {f.value} ×
          </Button>
        ))}
        <span className="text-sm text-muted" role="status">{total === null ? "" : `${total} ${total === 1 ? "row" : "rows"}`}</span>
        <div className="ml-auto flex items-center gap-2">
          <Button size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>Previous</Button>
          <span className="text-sm">Page {page + 1}{pages ? ` of ${pages}` : ""}</span>
          <Button size="sm" disabled={pages !== null && page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>Next</Button>
        </div>
      </div>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      <div className="overflow-auto rounded-md border border-line">
        <table className="w-full text-sm" aria-label={`${tableId} rows`}>
          <thead className="bg-subtle">
            <tr>
              {table.columns.map((c) => (
                <th key={c.name} scope="col" className="px-2 py-1 text-left font-medium" aria-sort={order?.column === c.name ? (order.desc ? "descending" : "ascending") : undefined}>
                  <button type="button" title={`${c.format}${c.pk ? " · primary key" : ""}${c.enum ? ` · ${c.enum.join(", ")}` : ""}`}
                    onClick={() => { setOrder((o) => ({ column: c.name, desc: o?.column === c.name ? !o.desc : false })); setPage(0); }}>
                    {c.name}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowId(row) || index} className="border-t border-line">
                {table.columns.map((c) => {
                  const overlay = cellOverlay(transactions, tableId, rowId(row), c.name);
                  const isEditing = editing?.row === index && editing.column === c.name;
                  return (
                    <td key={c.name} className="px-2 py-1" data-column={c.name} data-tx-status={overlay?.status}
                      title={editable || !reason ? undefined : reason}
                      onDoubleClick={() => { if (editable && !c.generated) setEditing({ row: index, column: c.name, text: shown(row[c.name]) }); }}>
                      {isEditing ? (
                        <Input autoFocus aria-label={`Edit ${c.name}`} value={editing.text}
                          onChange={(event) => setEditing({ ...editing, text: event.target.value })}
                          onKeyDown={(event) => {
                            if (event.key === "Enter") save(index, c, editing.text);
                            if (event.key === "Escape") setEditing(null);
                          }} />
                      ) : overlay ? shown(overlay.data) : shown(row[c.name])}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
