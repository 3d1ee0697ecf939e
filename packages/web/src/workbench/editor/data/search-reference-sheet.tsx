/** @jsxRuntime automatic */
/**
 * The Search Reference side sheet (spec 3): rows of a referenced table of the project, with a
 * text search on a chosen column (websearch on a tsvector column), filters, an order, a page
 * size, a record count and a refresh; double-clicking a row hands back its referenced column
 * and closes the sheet. The query is core's relation query state (reference-picker.ts).
 */
import { useEffect, useState } from "react";
import { DEFAULT_RELATION_QUERY, RELATION_PAGE_SIZES, relationQueryParams, withRelationChange, type RelationPredicate, type RelationQueryState } from "@fieldwork/core";
import { readRows, type Row } from "../../api/data-api";
import { Sheet } from "../../../ui/dialog";

export interface SearchReferenceProps {
  open: boolean;
  onClose: () => void;
  project_id: string;
  schema: string;
  table: string;
  /** The referenced column: its value is what a double-click hands back. */
  column: string;
  columns: readonly { name: string; format: string }[];
  onPick: (value: unknown) => void;
}

const cell = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
const OPS: RelationPredicate["op"][] = ["eq", "neq", "gt", "lt", "ilike"];
const control = "rounded-lg border border-line bg-field px-2 py-1 text-sm text-fg";

export function SearchReferenceSheet(props: SearchReferenceProps) {
  const { columns } = props;
  const [state, setState] = useState<RelationQueryState>({ ...DEFAULT_RELATION_QUERY, q_page_limit: 20 });
  const [refresh, setRefresh] = useState(0);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const textColumns = columns.filter((c) => /^(text|character varying|citext|tsvector)/.test(c.format));
  const search = state.q_text_search ?? { column: textColumns[0]?.name ?? props.column, query: "", websearch: false };

  useEffect(() => {
    if (!props.open) return;
    const controller = new AbortController();
    setLoading(true);
    readRows({ project_id: props.project_id, profile: "form_data", table: props.table }, relationQueryParams(state), controller.signal)
      .then((r) => { setRows(r); setError(null); }, (e: unknown) => { if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e)); })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [props.open, props.project_id, props.table, state, refresh]);

  const change = (c: Partial<Omit<RelationQueryState, "q_page_index">>) => setState((s) => withRelationChange(s, c));
  const setPredicate = (i: number, p: Partial<RelationPredicate>) =>
    change({ q_predicates: state.q_predicates.map((q, n) => (n === i ? { ...q, ...p } : q)) });
  return (
    <Sheet open={props.open} onClose={props.onClose} label="Search Reference"
      className="ml-auto mr-0 w-full max-w-none border-l border-r-0 sm:w-[500px] xl:w-[800px]">
      <div className="grid h-full grid-rows-[auto_auto_1fr_auto] gap-3 p-4" data-testid="search-reference-sheet">
        <header>
          <h2 className="text-lg font-semibold">Search Reference</h2>
          <p className="text-sm text-muted">Select a record to reference from {props.schema}.{props.table}.</p>
        </header>
        <div className="flex flex-wrap items-center gap-2">
          <select aria-label="Search column" className={control} value={search.column}
            onChange={(e) => change({ q_text_search: { ...search, column: e.target.value, websearch: columns.find((c) => c.name === e.target.value)?.format === "tsvector" } })}>
            {textColumns.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
          </select>
          <input type="search" aria-label="Search" placeholder="Search" className={control} value={search.query}
            onChange={(e) => change({ q_text_search: { ...search, query: e.target.value } })} />
          <select aria-label="Order by" className={control} value={state.q_orderby ? `${state.q_orderby.column}.${state.q_orderby.ascending ? "asc" : "desc"}` : ""}
            onChange={(e) => { const [column, dir] = e.target.value.split("."); change({ q_orderby: column ? { column, ascending: dir === "asc" } : null }); }}>
            <option value="">No order</option>
            {columns.flatMap((c) => [<option key={`${c.name}.asc`} value={`${c.name}.asc`}>{c.name} ↑</option>, <option key={`${c.name}.desc`} value={`${c.name}.desc`}>{c.name} ↓</option>])}
          </select>
          <button type="button" className={control} onClick={() => change({ q_predicates: [...state.q_predicates, { column: columns[0]?.name ?? "", op: "eq", value: "" }] })}>Add filter</button>
          <button type="button" className={control} onClick={() => setRefresh((n) => n + 1)}>{loading ? "Loading..." : "Refresh"}</button>
          {state.q_predicates.map((p, i) => (
            <div key={i} className="flex w-full gap-2">
              <select aria-label={`Filter ${i + 1} column`} className={control} value={p.column} onChange={(e) => setPredicate(i, { column: e.target.value })}>
                {columns.map((c) => <option key={c.name}>{c.name}</option>)}
              </select>
              <select aria-label={`Filter ${i + 1} operator`} className={control} value={p.op} onChange={(e) => setPredicate(i, { op: e.target.value as RelationPredicate["op"] })}>
                {OPS.map((op) => <option key={op}>{op}</option>)}
              </select>
              <input aria-label={`Filter ${i + 1} value`} className={control} value={p.value} onChange={(e) => setPredicate(i, { value: e.target.value })} />
              <button type="button" className={control} onClick={() => change({ q_predicates: state.q_predicates.filter((_, n) => n !== i) })}>Remove</button>
            </div>
          ))}
        </div>
        <div className="overflow-auto rounded-xl border border-line">
          {error ? <p role="alert" className="p-3 text-sm text-danger">{error}</p> : null}
          <table className="w-full text-sm" role="grid">
            <thead><tr>{columns.map((c) => <th key={c.name} className="px-2 py-1 text-left font-mono text-xs text-muted">{c.name}</th>)}</tr></thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="cursor-pointer hover:bg-accent-soft" onDoubleClick={() => { props.onPick(row[props.column]); props.onClose(); }}>
                  {columns.map((c) => <td key={c.name} className="px-2 py-1">{cell(row[c.name])}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <footer className="flex items-center gap-2 text-sm">
          <button type="button" className={control} disabled={state.q_page_index === 0} onClick={() => setState((s) => ({ ...s, q_page_index: s.q_page_index - 1 }))}>Previous</button>
          <span>Page {state.q_page_index + 1}</span>
          <button type="button" className={control} disabled={rows.length < state.q_page_limit} onClick={() => setState((s) => ({ ...s, q_page_index: s.q_page_index + 1 }))}>Next</button>
          <select aria-label="Page size" className={control} value={state.q_page_limit} onChange={(e) => change({ q_page_limit: Number(e.target.value) })}>
            {RELATION_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
          <span data-testid="reference-count">{rows.length} {rows.length === 1 ? "record" : "records"}</span>
        </footer>
      </div>
    </Sheet>
  );
}
