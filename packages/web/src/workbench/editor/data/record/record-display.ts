/**
 * What the record editor shows beside the inputs (spec 3 §2, §3 "Response meta", "Customer
 * info table"): its title, a stored value as text or JSON, the general info of a row, who
 * sent it (customer, visitor, browser, system, device read from the user agent) and the
 * raw meta.
 */
import { cellText, formatTimestamp, isPaidCell, paidCellText, recordIdLabel, type DataColumn } from "@fieldwork/core";
import { rowHandle, type Row, type TableRef } from "../../../api/data-api";
import type { RecordMode } from "./record-state";

/** `New`; `Row 12` for a connected table's (its key); `Response 7` for a form's row; `Session`, `Customer #012` for the read-only tables. */
export function recordTitle(mode: RecordMode, row: Row | null, table: Pick<TableRef, "table" | "key">): string {
  if (mode === "create" || !row) return "New";
  if (table.key) return `Row ${rowHandle(table, row)}`;
  if (typeof row.local_index === "number") return `Response ${row.local_index}`;
  if (table.table === "sessions") return "Session";
  if (table.table === "customers") return typeof row.uid === "number" ? `Customer ${recordIdLabel(row.uid)}` : "Customer";
  return "Record";
}

export type ValueView = { kind: "empty" } | { kind: "text"; text: string } | { kind: "json"; text: string };

const isTimestamp = (column: Pick<DataColumn, "format" | "field">) =>
  column.format.startsWith("timestamp") || column.format === "timestamptz";

/** A stored value read only: nothing, one line (yes/no, a list joined, a time in the browser's zone), or laid-out JSON. */
export function valueView(column: Pick<DataColumn, "format" | "field">, value: unknown): ValueView {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "text", text: value ? "Yes" : "No" };
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return { kind: "text", text: value.join(", ") };
  if (column.field?.type === "payment" && isPaidCell(value)) return { kind: "text", text: paidCellText(value) };
  if (typeof value === "object") return { kind: "json", text: JSON.stringify(value, null, 2) };
  if (typeof value === "string" && isTimestamp(column)) return { kind: "text", text: formatTimestamp(value, "datetime", undefined) };
  return { kind: "text", text: cellText(value) };
}

export interface InfoEntry {
  label: string;
  value: string;
  /** Ids and addresses read better in a monospace font. */
  mono?: boolean;
}

const GENERAL: readonly [key: string, label: string, mono: boolean][] = [
  ["id", "ID", true], ["local_index", "Index", false], ["created_at", "Created", false], ["session_id", "Session", true],
  ["visitor_id", "Visitor", true], ["user_agent", "User agent", false], ["referer", "Referer", false], ["ip", "IP address", true],
];

const text = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : cellText(value));

/** The row's identifiers and where it came from, as far as the table has them. */
export function generalInfo(row: Row): InfoEntry[] {
  return GENERAL.filter(([key]) => Object.hasOwn(row, key)).map(([key, label, mono]) => {
    const value = row[key];
    if (key === "local_index") return { label, value: typeof value === "number" ? recordIdLabel(value) : "—" };
    if (key === "created_at" && typeof value === "string") return { label, value: formatTimestamp(value, "datetime", undefined) };
    return { label, value: text(value), ...(mono ? { mono } : {}) };
  });
}

export interface ClientInfo {
  browser: string | null;
  os: string | null;
  device: string | null;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"], [/OPR\/(\d+)/, "Opera"], [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/(?:Firefox|FxiOS)\/(\d+)/, "Firefox"], [/(?:CriOS|Chrome)\/(\d+)/, "Chrome"], [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

const version = (v: string | undefined) => (v ? ` ${v.replace(/_/g, ".")}` : "");

function osOf(ua: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /iPhone OS (\d+(?:_\d+)?)/.exec(ua))) return `iOS${version(m[1])}`;
  if ((m = /iPad; CPU OS (\d+(?:_\d+)?)/.exec(ua))) return `iPadOS${version(m[1])}`;
  if ((m = /Android (\d+(?:\.\d+)?)/.exec(ua))) return `Android${version(m[1])}`;
  if (/Windows NT/.test(ua)) return "Windows";
  if (/CrOS/.test(ua)) return "ChromeOS";
  if (/Mac OS X/.test(ua)) return "macOS";
  if (/Linux/.test(ua)) return "Linux";
  return null;
}

function deviceOf(ua: string): string | null {
  if (/iPhone/.test(ua)) return "Apple iPhone";
  if (/iPad/.test(ua)) return "Apple iPad";
  const model = /Android [\d.]+; ([^;)]+)\)/.exec(ua)?.[1]?.trim();
  if (model && model !== "K") return model; // "K": a reduced user agent hides the model
  if (/Mobile|Android/.test(ua)) return "Mobile";
  return /Windows NT|Mac OS X|CrOS|X11/.test(ua) ? "Desktop" : null;
}

/** Browser, system and device of a user agent, as far as it tells (`Chrome 120`, `iOS 17.1`, `Apple iPhone`). */
export function describeUserAgent(ua: unknown): ClientInfo {
  if (typeof ua !== "string" || ua === "") return { browser: null, os: null, device: null };
  const hit = BROWSERS.map(([re, name]) => [re.exec(ua), name] as const).find(([m]) => m);
  return { browser: hit ? `${hit[1]}${version(hit[0]![1])}` : null, os: osOf(ua), device: deviceOf(ua) };
}

/** Spec 3 §3 Customer info: the customer, the visitor's browser id, browser, system and device. */
export function customerInfo(row: Row, customer_id: string | null): InfoEntry[] {
  const client = describeUserAgent(row.user_agent);
  return [
    { label: "Customer", value: customer_id ?? "—", mono: true },
    { label: "Client", value: text(row.visitor_id), mono: true },
    { label: "Browser", value: client.browser ?? "—" },
    { label: "System", value: client.os ?? "—" },
    { label: "Device", value: client.device ?? "—" },
  ];
}

/** The customer a row is about: its `customer_id`, or the row itself in the customers table. */
export function customerIdOf(row: Row, table: string): string | null {
  const id = table === "customers" ? row.id : row.customer_id;
  return typeof id === "string" && id ? id : null;
}

/** The row's `meta` column laid out, or the whole row for tables without one (sessions, customers). */
export function rawMeta(row: Row): string {
  return JSON.stringify(Object.hasOwn(row, "meta") ? (row.meta ?? {}) : row, null, 2);
}
