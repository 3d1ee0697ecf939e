/**
 * What the owner sees for a stored reference (issue 24): the referenced row's shown columns
 * (reference-config.ts `shown`), e.g. "Blueberry muffin", instead of its key. The grid reads
 * the labels of its visible page in one request per reference field, through the Data API
 * the owner already reads (`select` the exposed columns, `column=in.(…)` the keys), and keeps
 * them for the grid's session. Stored data, exports and the Data API keep the key.
 */
import { serializeCondition } from "../query/postgrest-filter";
import { serializeSelect } from "../query/postgrest-select";
import { exposedColumns, REFERENCE_LIMITS, type ReferenceConfig } from "./reference-config";

/** A key's label: the shown text, or null when no row of the referenced table has the key. */
export type ReferenceLabel = string | null;

/** A stored value as the key text it is matched by (a bigint key may come back as a number). */
export function referenceKeyText(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return String(value);
  return null;
}

/** The label of one referenced row: its shown columns' values, the empty ones left out, else its key. */
export function referenceLabel(config: Pick<ReferenceConfig, "column" | "shown">, row: Record<string, unknown>): string {
  const parts = config.shown
    .filter((column) => column !== config.column)
    .map((column) => row[column])
    .filter((v) => v !== null && v !== undefined && v !== "")
    .map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v as string | number | boolean)));
  return parts.length > 0 ? parts.join(" · ") : (referenceKeyText(row[config.column]) ?? "");
}

/**
 * The keys of `values` whose label is not known yet, each once, in batches of at most the
 * lookup's page size (one request each).
 */
export function keysToResolve(values: readonly unknown[], known: { has(key: string): boolean }): string[][] {
  const keys = [...new Set(values.map(referenceKeyText).filter((k): k is string => k !== null && !known.has(k)))];
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += REFERENCE_LIMITS.page_size) batches.push(keys.slice(i, i + REFERENCE_LIMITS.page_size));
  return batches;
}

/** The Data API query that reads the rows of these keys, with only the exposed columns. */
export function labelQuery(config: ReferenceConfig, keys: readonly string[]): [string, string][] {
  return [
    ["select", serializeSelect(exposedColumns(config).map((column) => ({ column })))],
    serializeCondition({ kind: "filter", column: config.column, op: "in", value: [...keys], negate: false }),
    ["limit", String(keys.length)],
  ];
}

/** Each asked key's label from the rows read: a key no row has is null (shown greyed, "not found"). */
export function labelsOf(config: ReferenceConfig, keys: readonly string[], rows: readonly Record<string, unknown>[]): Map<string, ReferenceLabel> {
  const found = new Map<string, string>();
  for (const row of rows) {
    const key = referenceKeyText(row[config.column]);
    if (key !== null) found.set(key, referenceLabel(config, row));
  }
  // A uuid key is matched whatever its letters' case (Postgres answers it in lower case).
  const lower = new Map([...found].map(([k, v]) => [k.toLowerCase(), v]));
  return new Map(keys.map((key) => [key, found.get(key) ?? lower.get(key.toLowerCase()) ?? null]));
}
