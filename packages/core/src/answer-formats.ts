/**
 * The structured answers of issue 22 (part B): a signature (a PNG the visitor drew, posted as
 * a `data:image/png;base64,…` URL), a canvas sketch (a JSON document of layers) and `is_array`
 * fields (one value per instance, each read by the field's own rules, at most
 * `LIMITS.array_items`: field-value.ts; which types take it: field-types.ts `array`). Rich text is plain text here: the server cleans its HTML with the
 * owner-HTML allow-list when it stores it (server forms/answer-html.ts).
 */
import type { FieldType } from "./field-types";
import { JSON_DEPTH, SKETCH_LAYERS } from "./form-limits";
import type { FieldProblem } from "./field-messages";

/** A PNG as a data URL: the signature pad's `toDataURL()`. Base64 of the PNG magic starts `iVBORw0KGgo`. */
const PNG_DATA_URL = /^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;

export const SIGNATURE_PREFIX = "data:image/png;base64,";

/**
 * The pictures a signature takes on the page without scripts (a file input instead of the
 * pad): the server turns each into the same PNG data URL (server forms/files/signature-upload.ts).
 */
export const SIGNATURE_UPLOAD_ACCEPT = "image/png,image/jpeg,image/webp";

/** Whether `text` is a signature the owner can see: a base64 PNG data URL. */
export function isSignatureImage(text: string): boolean {
  return PNG_DATA_URL.test(text) && (text.length - SIGNATURE_PREFIX.length) % 4 === 0;
}

/** A canvas sketch: `{ "layers": [ {…}, … ] }`, other top-level keys kept (size, background). */
export interface SketchDocument {
  layers: Record<string, unknown>[];
  [key: string]: unknown;
}

function depthOf(value: unknown, limit: number): number {
  if (typeof value !== "object" || value === null) return 0;
  if (limit <= 0) return Infinity;
  let most = 0;
  for (const item of Object.values(value)) most = Math.max(most, depthOf(item, limit - 1));
  return most + 1;
}

/** The sketch in `text`, or `undefined` when it is not a sketch document. */
export function parseSketch(text: string): SketchDocument | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const layers = (value as { layers?: unknown }).layers;
  if (!Array.isArray(layers) || layers.length > SKETCH_LAYERS) return undefined;
  if (!layers.every((l) => typeof l === "object" && l !== null && !Array.isArray(l))) return undefined;
  if (depthOf(value, JSON_DEPTH) > JSON_DEPTH) return undefined;
  return value as SketchDocument;
}

/** The format problem of one structured answer, or `undefined` (other types: none here). */
export function structuredProblem(type: FieldType, text: string): FieldProblem | undefined {
  if (type === "signature") return isSignatureImage(text) ? undefined : { kind: "not_type" };
  if (type === "canvas") return parseSketch(text) ? undefined : { kind: "not_type" };
  return undefined;
}

/** The signature pad's height in CSS pixels (spec 1 "Signature drop zone height 180"). */
export const SIGNATURE_PAD_HEIGHT = 180;
