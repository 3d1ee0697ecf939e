/** @jsxRuntime automatic */
/**
 * The field panel's foreign-key section (spec 2 §3) for a `search` field: the table a
 * respondent picks a row of (a schema table of the project, another form's answers, or a
 * table of a connected database; api/reference-targets.ts), the referenced column (the value stored, usually the key),
 * the columns shown in the lookup and the text columns it searches. Only these columns ever
 * reach a respondent; the server checks them again on save (REFERENCE_INVALID).
 */
import { useState } from "react";
import { referenceKey, type ReferenceTable } from "../../../api/reference-targets";
import { SearchReferenceSheet } from "../../data/search-reference-sheet";
import { useProjectId } from "./panel-context";
import { Field } from "../../../../ui/field";
import { Select } from "../../../../ui/select";
import type { FieldDraft, PanelAction, ReferenceDraft } from "./panel-state";

/** Column types a lookup can search (ilike on text): schema table types, and Postgres's own for a connected table. */
const TEXT_TYPES = new Set(["text", "varchar", "citext", "email", "url", "tel", "character varying", "character"]);
const searchable = (type: string) => TEXT_TYPES.has(type.replace(/\(.*\)$/, ""));

export type TablesState = { status: "loading" } | { status: "ready"; tables: readonly ReferenceTable[] } | { status: "failed"; message: string };

function ColumnChecks({ legend, columns, chosen, onChange, disabled }: {
  legend: string; columns: readonly { name: string; type: string }[]; chosen: string[]; onChange: (next: string[]) => void; disabled?: (type: string) => boolean;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {columns.map((c) => (
        <label key={c.name} className="flex items-center gap-2 text-sm text-fg">
          <input type="checkbox" checked={chosen.includes(c.name)} disabled={disabled?.(c.type)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, c.name] : chosen.filter((n) => n !== c.name))}
            className="focus-ring size-4 accent-[var(--color-accent)]" />
          <span className="font-mono">{c.name}</span> <span className="text-xs text-muted">{c.type}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ReferenceSection({ draft, tables, dispatch }: { draft: FieldDraft; tables: TablesState; dispatch: (action: PanelAction) => void }) {
  const list = tables.status === "ready" ? tables.tables : [];
  const ref = draft.reference;
  const set = (value: Partial<ReferenceDraft>) => dispatch({ type: "reference", value: { ...ref, ...value } });
  const current = ref.table_id ? referenceKey({ kind: ref.kind ?? "schema_table", table_id: ref.table_id, schema: ref.schema, table: ref.table }) : "";
  const table = list.find((t) => t.key === current);
  const projectId = useProjectId();
  const [browsing, setBrowsing] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const columns = table?.columns ?? [];
  const groups = [...new Set(list.map((t) => t.group))];
  const hint = tables.status === "failed" ? `The project's tables could not be loaded: ${tables.message}`
    : tables.status === "loading" ? "Loading the project's tables…"
    : list.length ? "Respondents search this table and pick a row; the answer stores the referenced column."
    : "The project has no tables: add a Database document and a table, another form, or a connected database to reference it.";
  return (
    <section className="grid gap-4 border-t border-line pt-5" aria-label="Foreign key" data-testid="reference-section">
      <h3 className="text-sm font-semibold text-fg">Foreign key</h3>
      <Field label="Referenced table" hint={hint}>
        {(p) => (
          <Select {...p} value={current} onChange={(e) => {
            const next = list.find((t) => t.key === e.target.value);
            const firstText = next?.columns.find((c) => c.name !== next.key_column && searchable(c.type))?.name;
            dispatch({ type: "reference", value: {
              ...(next && next.kind !== "schema_table" ? { kind: next.kind } : {}), table_id: next?.table_id ?? "",
              ...(next?.kind === "x_table" ? { schema: next.schema, table: next.table } : {}),
              column: next?.key_column ?? "id", shown: firstText ? [firstText] : [], searched: firstText ? [firstText] : [],
            } });
          }}>
            <option value="">None (a plain search box)</option>
            {groups.map((group) => (
              <optgroup key={group} label={group}>
                {list.filter((t) => t.group === group).map((t) => <option key={t.key} value={t.key}>{t.label}</option>)}
              </optgroup>
            ))}
          </Select>
        )}
      </Field>
      {table ? (
        <>
          <Field label="Referenced column" hint="The value the answer stores; usually the key.">
            {(p) => (
              <Select {...p} value={ref.column} onChange={(e) => set({ column: e.target.value })}>
                {columns.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
              </Select>
            )}
          </Field>
          <ColumnChecks legend="Columns shown to respondents" columns={columns} chosen={ref.shown} onChange={(shown) => set({ shown })} />
          <ColumnChecks legend="Columns searched" columns={columns} chosen={ref.searched} onChange={(searched) => set({ searched })}
            disabled={(type) => !searchable(type)} />
          {projectId && table.kind === "schema_table" ? (
            <div className="flex items-center gap-2 text-sm">
              <button type="button" onClick={() => setBrowsing(true)} className="rounded-lg border border-line px-3 py-1 text-fg hover:border-line-strong">Browse rows</button>
              {picked !== null ? <span data-testid="reference-picked">Test: picked {picked}</span> : null}
              <SearchReferenceSheet open={browsing} onClose={() => setBrowsing(false)} project_id={projectId} schema="public" table={table.label}
                column={ref.column} columns={columns.map((c) => ({ name: c.name, format: c.type }))} onPick={(value) => setPicked(String(value))} />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
