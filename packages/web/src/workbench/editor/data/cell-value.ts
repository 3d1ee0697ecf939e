/**
 * A cell's text and a cell's edit (spec 3 §5, §9). Shown: timestamps in the chosen format
 * and zone, lists joined, objects as JSON text, files as names with byte sizes, everything
 * masked in masked mode. Edited: the typed text is checked with the field's own rules from
 * core (`parseFieldValue`, what a submit runs), so the grid refuses what the form would.
 */
import {
  capabilityOf, cellText, formatBytes, isPaidCell, paidCellText, isSignatureImage, SIGNATURE_PREFIX, formatClassOf, formatTimestamp, isArrayFormat, isMultiValued, maskText, parseFieldValue,
  parseSketch, zonedToUtcWallTime,
  type DataColumn, type DateFormat,
} from "@fieldwork/core";
import { countryName } from "@fieldwork/core/countries";
import { sketchSummary } from "./sketch-preview";

export interface DisplayOptions {
  masked: boolean;
  date_format: DateFormat;
  /** An IANA zone, or undefined for the browser's own. */
  time_zone: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fileText(value: unknown): string | null {
  const files = Array.isArray(value) ? value : isRecord(value) ? [value] : null;
  if (!files || !files.every((f) => isRecord(f) && typeof f.name === "string")) return null;
  return (files as Record<string, unknown>[]).map((f) => (typeof f.size === "number" ? `${String(f.name)} (${formatBytes(f.size)})` : String(f.name))).join(", ");
}

/** What a cell shows for `value` (empty for null). */
export function displayValue(column: Pick<DataColumn, "format" | "field">, value: unknown, options: DisplayOptions): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (column.field && capabilityOf(column.field.type).file) text = fileText(value) ?? cellText(value);
  // A location as "lat, lng"; a country as its name and code.
  else if (column.field?.type === "latlng" && isRecord(value) && typeof value.lat === "number" && typeof value.lng === "number") text = `${value.lat}, ${value.lng}`;
  else if (column.field?.type === "payment" && isPaidCell(value)) text = paidCellText(value);
  else if (column.field?.type === "country" && typeof value === "string") text = `${countryName(value, "en")} (${value})`;
  else if (column.field?.type === "richtext" && typeof value === "string") text = htmlText(value);
  else if (column.field?.type === "signature" && typeof value === "string" && isSignatureImage(value)) text = `Signature (PNG, ${formatBytes(Math.floor(((value.length - SIGNATURE_PREFIX.length) * 3) / 4))})`;
  else if (column.field?.type === "canvas" && sketchSummary(value)) text = sketchSummary(value)!;
  else if (formatClassOf(column.format) === "date" && typeof value === "string" && /timestamp/.test(column.format)) text = formatTimestamp(value, options.date_format, options.time_zone);
  else if (Array.isArray(value) && isArrayFormat(column.format)) text = value.map(cellText).join(", ");
  else text = cellText(value);
  return options.masked ? maskText(text) : text;
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " ", "&amp;": "&" };

/** A rich text answer (HTML the server cleaned) as the words it shows: block ends become spaces, tags go. */
export function htmlText(html: string): string {
  return html.replace(/<\/(p|li|h\d|blockquote|pre)>|<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (entity) => ENTITIES[entity]!).replace(/\s+/g, " ").trim();
}

/** The text an editor starts from: lists comma-separated, objects as JSON. */
export function editText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value) && value.every((v) => typeof v !== "object")) return value.map(String).join(", ");
  return cellText(value);
}

export type EditResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Which editor a column takes in the grid: none (system, files), a text box, a yes/no, a
 * choice, the JSON editor, a signature's image (seen, or cleared; never typed as a data URL)
 * or a sketch's preview (its JSON a step away).
 */
export type EditorKind = "none" | "text" | "boolean" | "choice" | "json" | "signature" | "sketch" | "reference";

export function editorKindOf(column: DataColumn): EditorKind {
  const field = column.field;
  // What was paid is the provider's record: refunds go through the provider, never a cell edit.
  if (!field || column.system || field.type === "payment") return "none";
  const cap = capabilityOf(field.type);
  if (cap.file) return "none";
  if (cap.value === "boolean") return "boolean";
  if (field.type === "signature") return "signature";
  if (field.type === "canvas") return "sketch";
  if (cap.value === "json" || column.format === "jsonb") return "json";
  if (cap.options && !isMultiValued(field)) return "choice";
  // A reference to a schema table: the Search Reference side sheet (reference-cell-editor.tsx).
  if (field.type === "search" && (field.reference as { kind?: unknown } | null | undefined)?.kind === "schema_table") return "reference";
  return "text";
}

/**
 * The value to save for typed text, or why it is refused: `age: not a number`. Multi-valued
 * fields take comma-separated values; choices take an option's value.
 */
export function parseEdit(column: DataColumn, text: string): EditResult {
  const field = column.field;
  if (!field) return { ok: false, message: `${column.label} cannot be edited.` };
  const kind = editorKindOf(column);
  if (kind === "json") return parseJsonText(text);
  if (kind === "sketch") {
    if (text.trim() === "") return { ok: true, value: null };
    const sketch = parseSketch(text);
    return sketch ? { ok: true, value: sketch } : { ok: false, message: `${column.label}: not a sketch (JSON like {"layers": […]})` };
  }
  const instant = capabilityOf(field.type).value === "datetime" ? zonedToUtcWallTime(text.trim()) : null;
  const raw = typeof instant === "string" ? [instant] : isMultiValued(field) ? text.split(",").map((s) => s.trim()).filter((s) => s !== "") : [text];
  const result = parseFieldValue(field, raw, typeof instant === "string" ? { utc_offset: 0 } : {});
  if (!result.ok) return { ok: false, message: `${column.label}: ${result.reason}` };
  return { ok: true, value: result.value };
}

/** The JSON cell editor's rule (spec 3 §5): empty is null, anything else must parse. */
export function parseJsonText(text: string): EditResult {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: "Invalid JSON" };
  }
}

/** Deep equality of JSON values: an edit that changes nothing is not saved. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
