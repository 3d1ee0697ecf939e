/**
 * The labels of the reference cells on screen (issue 24): for each `search` field with a
 * reference, the keys of the visible rows not known yet are read in one request through the
 * Data API the owner already reads (a schema table's or a form's table under the project, a
 * connected table under its connection), with only the reference's exposed columns
 * (core reference-labels.ts). Labels are kept for the grid's session; a key no row has is
 * known as not found. A failed read leaves the keys shown as they are, and is not retried
 * until the grid opens again.
 */
import { createContext, useEffect, useMemo, useReducer, useRef, useState } from "react";
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

/** Reads the rows of these keys (only the exposed columns); null when the referenced table is gone. */
export type LabelReader = (config: ReferenceConfig, keys: readonly string[]) => Promise<Row[] | null>;

/** One read of the keys not known yet of each reference column. */
export interface LabelBatch { config: ReferenceConfig; cache: string; keys: string[] }

/** The labels known in one grid session, and the reads that fetch the missing ones. */
export class ReferenceLabelStore {
  private readonly labels = new Map<string, Map<string, ReferenceLabel>>();
  /** Keys asked for (in flight, or whose read failed): not asked again in this session. */
  private readonly asked = new Map<string, Set<string>>();

  constructor(private readonly read: LabelReader, private readonly changed: () => void) {}

  /**
   * The reads the rows call for: per referenced table (fields referencing the same share it),
   * its keys neither known nor asked, at most 100 a read.
   */
  missing(columns: readonly Pick<DataColumn, "name" | "field">[], rows: readonly Row[]): LabelBatch[] {
    const tables = new Map<string, { config: ReferenceConfig; values: unknown[] }>();
    for (const column of columns) {
      const config = referenceOfColumn(column);
      if (!config) continue;
      const table = tables.get(cacheKey(config)) ?? { config, values: [] };
      tables.set(cacheKey(config), table);
      for (const row of rows) table.values.push(row[column.name]);
    }
    return [...tables].flatMap(([cache, { config, values }]) => {
      const known = this.labels.get(cache), asked = this.asked.get(cache);
      const batches = keysToResolve(values, { has: (k) => (known?.has(k) ?? false) || (asked?.has(k) ?? false) });
      return batches.map((keys) => ({ config, cache, keys }));
    });
  }

  /** Starts the reads; each answer is kept and told through `changed`. */
  fetch(batches: readonly LabelBatch[]): Promise<void> {
    return Promise.all(batches.map(async ({ config, cache, keys }) => {
      const asked = this.asked.get(cache) ?? new Set<string>();
      this.asked.set(cache, asked);
      for (const k of keys) asked.add(k);
      let rows: Row[] | null;
      try {
        rows = await this.read(config, keys);
      } catch (error) {
        if (!isAbort(error)) console.warn("Reference labels could not be read:", error);
        return;
      }
      if (!rows) return;
      const known = this.labels.get(cache) ?? new Map<string, ReferenceLabel>();
      for (const [k, label] of labelsOf(config, keys, rows)) known.set(k, label);
      this.labels.set(cache, known);
      this.changed();
    })).then(() => undefined);
  }

  readonly labelOf: LabelOf = (column, value) => {
    const config = referenceOfColumn(column);
    const key = referenceKeyText(value);
    if (!config || key === null) return undefined;
    const known = this.labels.get(cacheKey(config));
    return known?.has(key) ? { key, label: known.get(key)! } : undefined;
  };
}

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

/**
 * The Data API reader of a grid session: each referenced table found once (a failed find is
 * tried again on the next read), every read aborted when the grid closes.
 */
function dataApiReader(project_id: string, signalOf: () => AbortSignal | undefined): LabelReader {
  const tables = new Map<string, Promise<TableRef | null>>();
  return async (config, keys) => {
    const cache = cacheKey(config);
    const signal = signalOf();
    let table = tables.get(cache);
    if (!table) {
      table = referencedTable(project_id, config, signal ?? new AbortController().signal);
      tables.set(cache, table);
      table.catch(() => tables.delete(cache));
    }
    const ref = await table;
    return ref ? readRows(ref, new URLSearchParams(labelQuery(config, keys)), signal) : null;
  };
}

export function useReferenceLabels(project_id: string, columns: readonly DataColumn[], rows: readonly Row[]): LabelOf {
  const [version, changed] = useReducer((n: number) => n + 1, 0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  const [store] = useState(() => new ReferenceLabelStore(dataApiReader(project_id, () => controller.current?.signal), changed));

  const batches = store.missing(columns, rows);
  const signature = JSON.stringify(batches.map((b) => [b.cache, b.keys]));
  useEffect(() => {
    if (batches.length > 0) void store.fetch(batches);
  }, [signature]); // the batches are the signature's keys

  return useMemo<LabelOf>(() => (column, value) => store.labelOf(column, value), [store, version]);
}
