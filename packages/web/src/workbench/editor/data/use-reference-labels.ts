/**
 * The labels of the reference cells on screen (issue 24): for each `search` field with a
 * reference, the keys of the visible rows not known yet are read in one request through the
 * Data API the owner already reads (a schema table's or a form's table under the project, a
 * connected table under its connection), with only the reference's exposed columns
 * (core reference-labels.ts). Labels are kept for the grid's session; a key no row has is
 * known as not found. A failed read leaves the keys shown as they are.
 */
import { createContext, useEffect, useMemo, useReducer, useRef } from "react";
import { keysToResolve, labelQuery, labelsOf, referenceKeyText, referenceOf, type DataColumn, type ReferenceConfig, type ReferenceLabel } from "@fieldwork/core";
import { readRows, type Row, type TableRef } from "../../api/data-api";
import { isAbort } from "../../api/http";
import { fetchEditorDocument } from "../../api/form-editor";
import { fetchProjectSchemaTables } from "../../api/schema-tables";

/** A reference cell's label: `label` null when no row has the key; undefined when not a reference or not known yet. */
export type LabelOf = (column: Pick<DataColumn, "field">, value: unknown) => { key: string; label: ReferenceLabel } | undefined;

export const ReferenceLabelsContext = createContext<LabelOf>(() => undefined);

/** The field's reference, when it is a `search` field with a valid one. */
export function referenceOfColumn(column: Pick<DataColumn, "field">): ReferenceConfig | null {
  return column.field?.type === "search" ? referenceOf(column.field.reference) : null;
}

/** One cache per referenced table and columns: two fields referencing the same share it. */
const cacheKey = (c: ReferenceConfig) => JSON.stringify([c.kind, c.table_id, c.schema ?? "", c.table ?? "", c.column, c.shown]);

/** Where the Data API reads the referenced table, or null when it is gone. */
export async function referencedTable(project_id: string, config: ReferenceConfig, signal: AbortSignal): Promise<TableRef | null> {
  if (config.kind === "x_table") {
    return config.schema && config.table ? { project_id, profile: config.schema, table: config.table, connection_id: config.table_id } : null;
  }
  if (config.kind === "form") {
    const doc = await fetchEditorDocument(config.table_id, signal);
    return { project_id, profile: "form_data", table: doc.table_name };
  }
  const table = (await fetchProjectSchemaTables(project_id, signal)).find((t) => t.id === config.table_id);
  return table ? { project_id, profile: "form_data", table: table.name } : null;
}

export function useReferenceLabels(project_id: string, columns: readonly DataColumn[], rows: readonly Row[]): LabelOf {
  const labels = useRef(new Map<string, Map<string, ReferenceLabel>>());
  // Keys asked for (in flight, or whose read failed): not asked again in this session.
  const asked = useRef(new Map<string, Set<string>>());
  const tables = useRef(new Map<string, Promise<TableRef | null>>());
  const [version, changed] = useReducer((n: number) => n + 1, 0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const references = useMemo(() => columns.flatMap((column) => {
    const config = referenceOfColumn(column);
    return config ? [{ name: column.name, config, key: cacheKey(config) }] : [];
  }), [columns]);

  const wanted = references.flatMap(({ name, config, key }) => {
    const known = labels.current.get(key), pending = asked.current.get(key);
    const batches = keysToResolve(rows.map((row) => row[name]), { has: (k) => (known?.has(k) ?? false) || (pending?.has(k) ?? false) });
    return batches.map((keys) => ({ config, key, keys }));
  });
  const signature = JSON.stringify(wanted.map((w) => [w.key, w.keys]));

  useEffect(() => {
    const signal = controller.current?.signal;
    if (!signal || signal.aborted) return;
    for (const { config, key, keys } of wanted) {
      const pending = asked.current.get(key) ?? new Set<string>();
      asked.current.set(key, pending);
      for (const k of keys) pending.add(k);
      let table = tables.current.get(key);
      if (!table) {
        table = referencedTable(project_id, config, signal).catch(() => null);
        tables.current.set(key, table);
      }
      void table
        .then((ref) => (ref ? readRows(ref, new URLSearchParams(labelQuery(config, keys)), signal) : null))
        .then((found) => {
          if (!found) return;
          const known = labels.current.get(key) ?? new Map<string, ReferenceLabel>();
          for (const [k, label] of labelsOf(config, keys, found)) known.set(k, label);
          labels.current.set(key, known);
          changed();
        }, (error: unknown) => {
          if (!isAbort(error)) console.warn("Reference labels could not be read:", error);
        });
    }
  }, [signature]); // `wanted` is derived from the same keys

  return useMemo<LabelOf>(() => (column, value) => {
    const config = referenceOfColumn(column);
    const key = referenceKeyText(value);
    if (!config || key === null) return undefined;
    const known = labels.current.get(cacheKey(config));
    return known?.has(key) ? { key, label: known.get(key)! } : undefined;
  }, [version]);
}
