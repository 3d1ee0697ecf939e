/**
 * The request headers PostgREST clients send, read once: `Prefer` (return, count,
 * resolution), `Accept` (JSON array, one object, CSV, JSON lines), `Range`.
 */
import { COUNT_MODES, FieldworkError, type CountMode } from "@fieldwork/core";
import type { FastifyRequest } from "fastify";
import type { Resolution } from "../../query/write";

export interface Preferences {
  return: "minimal" | "representation" | "headers-only" | null;
  count: CountMode | null;
  resolution: Resolution;
}

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(",") : value) ?? "";
};

export function preferencesOf(request: FastifyRequest): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null };
  for (const token of header(request, "prefer").split(",")) {
    const [key, value] = token.trim().split("=").map((s) => s.trim());
    if (key === "return" && (value === "minimal" || value === "representation" || value === "headers-only")) prefs.return = value;
    if (key === "count" && (COUNT_MODES as readonly string[]).includes(value ?? "")) prefs.count = value as CountMode;
    if (key === "resolution" && (value === "merge-duplicates" || value === "ignore-duplicates")) prefs.resolution = value;
  }
  return prefs;
}

export type Representation = "json" | "object" | "csv" | "jsonl";

/** What the caller accepts; anything else PostgREST does not serve is 406. */
export function representationOf(request: FastifyRequest): Representation {
  const accept = header(request, "accept").toLowerCase();
  if (accept.includes("application/vnd.pgrst.object")) return "object";
  if (accept.includes("text/csv")) return "csv";
  if (accept.includes("application/x-ndjson") || accept.includes("application/jsonl")) return "jsonl";
  return "json";
}

/** `Range: 0-24` (items): the rows from 0 to 24. */
export function rangeOf(request: FastifyRequest): string | undefined {
  const unit = header(request, "range-unit");
  if (unit && unit !== "items") throw new FieldworkError("QUERY_INVALID", "Range-Unit must be items.");
  const range = header(request, "range").trim();
  return range === "" ? undefined : range.replace(/^items=/, "");
}

/** `Content-Range: 0-24/3573` (or `*` when the total is not known, `*\/0` when empty). */
export function contentRange(offset: number, rows: number, count: number | null): string {
  const total = count === null ? "*" : String(count);
  return rows === 0 ? `*/${total}` : `${offset}-${offset + rows - 1}/${total}`;
}
