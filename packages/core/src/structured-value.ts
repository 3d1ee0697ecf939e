/**
 * Reading the answers that are not one string: a json field's text and a latlng field's
 * pair of degrees (spec 1 §3.3). Both are stored as jsonb; the value handed to the column is
 * the compact JSON text. `field-value.ts` calls these before its one-string rules.
 */
import type { FieldProblem } from "./field-messages";
import { jsonProblem, jsonTextTooDeep } from "./stored-text";

export type StructuredResult = { ok: true; value: string | null } | { ok: false; problem: FieldProblem };

/** A latitude and longitude in degrees (WGS 84), as the column stores it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The HTML "valid floating-point number", which is what a number input sends. */
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

const degrees = (text: string, limit: number): number | undefined => {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
};

/** `lat` in [-90, 90] and `lng` in [-180, 180], or `undefined`. */
export function latLngOf(lat: unknown, lng: unknown): LatLng | undefined {
  const read = (v: unknown, limit: number) =>
    typeof v === "number" ? (Number.isFinite(v) && Math.abs(v) <= limit ? v : undefined) : typeof v === "string" ? degrees(v, limit) : undefined;
  const a = read(lat, 90);
  const b = read(lng, 180);
  // -0 is 0: the column does not keep the sign of zero.
  return a === undefined || b === undefined ? undefined : { lat: a + 0, lng: b + 0 };
}

/**
 * A latlng answer. `raw` is what the form posts: the two number inputs (latitude, then
 * longitude, under the field's name), or one string, `"lat,lng"` or `{"lat":…,"lng":…}`
 * (the map picker's hidden input, a session value, the Data API).
 */
export function parseLatLng(raw: readonly string[], required: boolean, maxLength: number): StructuredResult {
  if (raw.every((t) => t.trim() === "")) return required ? { ok: false, problem: { kind: "required" } } : { ok: true, value: null };
  if (raw.length > 2) return { ok: false, problem: { kind: "one_value" } };
  const long = raw.find((t) => t.length > maxLength);
  if (long !== undefined) return { ok: false, problem: { kind: "too_long", max: maxLength } };
  let point: LatLng | undefined;
  if (raw.length === 2) {
    point = latLngOf(raw[0], raw[1]);
  } else {
    const text = raw[0]!.trim();
    if (text.startsWith("{")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
          const { lat, lng, ...rest } = parsed as Record<string, unknown>;
          if (Object.keys(rest).length === 0) point = latLngOf(lat, lng);
        }
      } catch {
        point = undefined;
      }
    } else {
      const parts = text.split(",");
      if (parts.length === 2) point = latLngOf(parts[0], parts[1]);
    }
  }
  return point ? { ok: true, value: JSON.stringify(point) } : { ok: false, problem: { kind: "not_type" } };
}

/**
 * A json answer: text that parses as JSON, nests no deeper than `LIMITS.json_depth` and
 * holds only text Postgres can store (no `\u0000`, no lone surrogate). Stored compact.
 */
export function parseJsonAnswer(text: string): StructuredResult {
  if (jsonTextTooDeep(text)) return { ok: false, problem: { kind: "not_type" } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: "not_type" } };
  }
  if (jsonProblem(parsed)) return { ok: false, problem: { kind: "unstorable" } };
  return { ok: true, value: JSON.stringify(parsed) };
}

