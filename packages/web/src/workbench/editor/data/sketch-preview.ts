/**
 * A canvas answer (a sketch document, core answer-formats.ts) as the shapes the grid's preview
 * draws. The document came from a visitor: only numbers that are finite and colours of a
 * plain form (`#rgb`… or a colour name) are kept, anything else is dropped, so the preview
 * never carries `url(…)` or script into the workbench's SVG.
 */
export type PreviewShape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: string; stroke: string; stroke_width: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number; fill: string; stroke: string; stroke_width: number }
  | { kind: "path"; d: string; fill: string; stroke: string; stroke_width: number };

export interface SketchPreview {
  width: number;
  height: number;
  shapes: PreviewShape[];
  /** Layers in the document, drawn or not. */
  layers: number;
}

const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;
const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const colour = (v: unknown, fallback: string) => (typeof v === "string" && COLOUR.test(v) ? v : fallback);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** Most points of one path drawn in the preview. */
const MAX_POINTS = 2_000;

/** The preview of a stored sketch, or undefined when the value is no sketch document. */
export function sketchPreview(value: unknown): SketchPreview | undefined {
  if (!isRecord(value) || !Array.isArray(value.layers)) return undefined;
  const width = num(value.width, 800) > 0 ? num(value.width, 800) : 800;
  const height = num(value.height, 500) > 0 ? num(value.height, 500) : 500;
  const shapes: PreviewShape[] = [];
  for (const layer of value.layers) {
    if (!isRecord(layer)) continue;
    const paint = { fill: colour(layer.fill, "none"), stroke: colour(layer.stroke, "none"), stroke_width: Math.max(0, num(layer.stroke_width)) };
    const [x, y, w, h] = [num(layer.x), num(layer.y), Math.max(0, num(layer.w)), Math.max(0, num(layer.h))];
    if (layer.type === "rect") shapes.push({ kind: "rect", x, y, w, h, ...paint });
    else if (layer.type === "ellipse") shapes.push({ kind: "ellipse", cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, ...paint });
    else if (layer.type === "path" && Array.isArray(layer.points)) {
      const points = layer.points.slice(0, MAX_POINTS).filter((p): p is [number, number] => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]));
      if (points.length) shapes.push({ kind: "path", d: points.map(([px, py], i) => `${i ? "L" : "M"}${px} ${py}`).join(""), ...paint });
    }
  }
  return { width, height, shapes, layers: value.layers.length };
}

/** What a canvas cell says: "Sketch, 5 layers". */
export function sketchSummary(value: unknown): string | undefined {
  const preview = sketchPreview(value);
  if (!preview) return undefined;
  return `Sketch, ${preview.layers} ${preview.layers === 1 ? "layer" : "layers"}`;
}
