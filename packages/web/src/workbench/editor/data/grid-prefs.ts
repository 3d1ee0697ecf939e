/**
 * View options kept per document in localStorage under `editor/data-grid/preferences/{id}`
 * (spec 3 §7, version 0): masking, the last predicates and order, and this grid's own
 * choices (layout, empty-data hiding, date format and zone, hidden and ordered columns,
 * widths). Anything unreadable falls back to the defaults, never throws.
 */
import {
  DATE_FORMATS, DATE_TIMEZONES, UI_OPERATORS, type DateFormat, type DateTimezone, type OrderBy, type Predicate,
} from "@fieldwork/core";

export const PREFS_VERSION = 0;
export const LAYOUTS = ["table", "gallery", "list", "chart"] as const;
export type Layout = (typeof LAYOUTS)[number];
export const LAYOUT_LABELS: Record<Layout, string> = { table: "Table", gallery: "Gallery", list: "List", chart: "Chart" };

export interface GridPreferences {
  version: typeof PREFS_VERSION;
  masking_enabled: boolean;
  empty_data_hidden: boolean;
  layout: Layout;
  date_format: DateFormat;
  date_timezone: DateTimezone;
  hidden_columns: string[];
  column_order: string[];
  column_widths: Record<string, number>;
  predicates: Predicate[];
  orderby: Record<string, OrderBy>;
  timestamp: number;
}

export const DEFAULT_PREFERENCES: GridPreferences = {
  version: PREFS_VERSION, masking_enabled: false, empty_data_hidden: true, layout: "table", date_format: "datetime",
  date_timezone: "local", hidden_columns: [], column_order: [], column_widths: {}, predicates: [], orderby: {}, timestamp: 0,
};

export const preferencesKey = (document_id: string) => `editor/data-grid/preferences/${document_id}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string").slice(0, 500) : []);
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => (list as readonly unknown[]).includes(v) ? (v as T) : fallback;

function predicatesOf(v: unknown): Predicate[] {
  if (!Array.isArray(v)) return [];
  return v.filter((p): p is Predicate => isRecord(p) && typeof p.column === "string" && (UI_OPERATORS as readonly unknown[]).includes(p.op)).slice(0, 100)
    .map((p) => ({ column: p.column, op: p.op, value: typeof p.value === "string" || typeof p.value === "number" || typeof p.value === "boolean" ? p.value : null }));
}

function orderOf(v: unknown): Record<string, OrderBy> {
  if (!isRecord(v)) return {};
  // fromEntries, not `out[column] =`: a column named __proto__ stays a column.
  return Object.fromEntries(Object.entries(v).flatMap(([column, o]): [string, OrderBy][] =>
    isRecord(o) && typeof o.ascending === "boolean" ? [[column, { column, ascending: o.ascending, ...(typeof o.nullsFirst === "boolean" ? { nullsFirst: o.nullsFirst } : {}) }]] : []));
}

function widthsOf(v: unknown): Record<string, number> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, w]) => typeof w === "number" && w >= 50 && w <= 2000)) as Record<string, number>;
}

/** Reads stored preferences; another version or broken JSON gives the defaults. */
export function parsePreferences(text: string | null): GridPreferences {
  if (!text) return DEFAULT_PREFERENCES;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  if (!isRecord(raw) || raw.version !== PREFS_VERSION) return DEFAULT_PREFERENCES;
  return {
    version: PREFS_VERSION,
    masking_enabled: raw.masking_enabled === true,
    empty_data_hidden: raw.empty_data_hidden !== false,
    layout: oneOf(LAYOUTS, raw.layout, "table"),
    date_format: oneOf(DATE_FORMATS, raw.date_format, "datetime"),
    date_timezone: oneOf(DATE_TIMEZONES, raw.date_timezone, "local"),
    hidden_columns: strings(raw.hidden_columns),
    column_order: strings(raw.column_order),
    column_widths: widthsOf(raw.column_widths),
    predicates: predicatesOf(raw.predicates),
    orderby: orderOf(raw.orderby),
    timestamp: typeof raw.timestamp === "number" ? raw.timestamp : 0,
  };
}

export function loadPreferences(document_id: string, storage: Pick<Storage, "getItem"> | null = safeStorage()): GridPreferences {
  try {
    return parsePreferences(storage?.getItem(preferencesKey(document_id)) ?? null);
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function savePreferences(document_id: string, prefs: GridPreferences, storage: Pick<Storage, "setItem"> | null = safeStorage()): void {
  try {
    storage?.setItem(preferencesKey(document_id), JSON.stringify({ ...prefs, timestamp: Date.now() }));
  } catch {
    // Full or blocked storage: the view still works, it is just not remembered.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Columns in the stored order (unknown names dropped, new columns after), hidden ones left out. */
export function arrangeColumns<C extends { name: string; key?: boolean }>(columns: readonly C[], prefs: Pick<GridPreferences, "column_order" | "hidden_columns">): C[] {
  const rank = new Map(prefs.column_order.map((name, i) => [name, i]));
  const hidden = new Set(prefs.hidden_columns);
  return columns
    .map((column, i) => ({ column, at: column.key ? -1 : (rank.get(column.name) ?? prefs.column_order.length + i) }))
    .sort((a, b) => a.at - b.at)
    .map(({ column }) => column)
    .filter((column) => column.key || !hidden.has(column.name));
}
