/** @jsxRuntime automatic */
/**
 * A canvas answer (spec 1 §3 "Canvas sketch editor opened in a dialog"): a button opens the
 * sketch editor, Layers panel on the left, the drawing in the middle, the selected layer's
 * properties on the right; it can start from the sample sketch, a static file the build
 * emits (`sample-sketch.json`). The form posts the sketch document (core answer-formats.ts)
 * as JSON under the field's name; the page shows its preview.
 */
import { useRef, useState, type PointerEvent } from "react";
import { parseSketch } from "@fieldwork/core";
import sampleUrl from "./sample-sketch.json?url&no-inline";
import { useText } from "../messages";
import { textDefault } from "../prefill";
import { fieldDomId } from "./field-attrs";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";

interface Layer {
  id: string; name: string; type: "path" | "rect" | "ellipse";
  x?: number; y?: number; w?: number; h?: number; points?: [number, number][];
  fill: string; stroke: string; stroke_width: number;
}
interface Sketch { version?: number; width: number; height: number; layers: Layer[] }

const TOOL_NAMES = { path: "field.sketch_draw", rect: "field.sketch_rectangle", ellipse: "field.sketch_ellipse" } as const;
const EMPTY: Sketch = { version: 1, width: 800, height: 500, layers: [] };
const smallButton =
  "rounded-lg border border-line bg-field px-3 py-1.5 text-sm text-fg hover:border-line-strong focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft";

function readSketch(text: string | undefined): Sketch {
  const doc = text ? parseSketch(text) : undefined;
  return doc ? ({ ...EMPTY, ...doc } as unknown as Sketch) : EMPTY;
}

/** One layer as SVG. */
function Shape({ layer, selected }: { layer: Layer; selected?: boolean }) {
  const paint = { fill: layer.fill, stroke: layer.stroke, strokeWidth: layer.stroke_width, "data-layer": layer.id };
  const outline = selected ? { filter: "drop-shadow(0 0 3px #2563eb)" } : undefined;
  if (layer.type === "rect") return <rect x={layer.x} y={layer.y} width={layer.w} height={layer.h} {...paint} style={outline} />;
  if (layer.type === "ellipse") {
    const w = layer.w ?? 0, h = layer.h ?? 0;
    return <ellipse cx={(layer.x ?? 0) + w / 2} cy={(layer.y ?? 0) + h / 2} rx={w / 2} ry={h / 2} {...paint} style={outline} />;
  }
  const d = (layer.points ?? []).map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join("");
  return <path d={d} {...paint} fill={layer.fill === "none" ? "none" : layer.fill} strokeLinecap="round" strokeLinejoin="round" style={outline} />;
}

function Drawing({ sketch, selected, label }: { sketch: Sketch; selected?: string; label: string }) {
  return (
    <svg viewBox={`0 0 ${sketch.width} ${sketch.height}`} role="img" aria-label={label} className="block h-full w-full bg-white">
      {sketch.layers.map((layer) => <Shape key={layer.id} layer={layer} selected={layer.id === selected} />)}
    </svg>
  );
}

export default function CanvasField({ field, prefill }: FieldProps) {
  const text = useText();
  const label = field.label ?? field.name;
  const dialog = useRef<HTMLDialogElement>(null);
  const [saved, setSaved] = useState(() => readSketch(textDefault(prefill)));
  const [sketch, setSketch] = useState(saved);
  const [selected, setSelected] = useState<string | undefined>();
  const [tool, setTool] = useState<Layer["type"]>("path");
  const drawing = useRef<{ id: string; from: [number, number] } | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  const open = () => { setSketch(saved); dialog.current?.showModal(); };
  const done = () => { setSaved(sketch); dialog.current?.close(); };
  const loadSample = async () => {
    const response = await fetch(sampleUrl);
    setSketch(readSketch(await response.text()));
  };
  const update = (id: string, patch: Partial<Layer>) =>
    setSketch((s) => ({ ...s, layers: s.layers.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));
  const point = (e: PointerEvent): [number, number] => {
    const box = stage.current!.getBoundingClientRect();
    return [Math.round(((e.clientX - box.left) / box.width) * sketch.width), Math.round(((e.clientY - box.top) / box.height) * sketch.height)];
  };
  const down = (e: PointerEvent) => {
    const at = point(e);
    const id = `l${Date.now().toString(36)}${sketch.layers.length}`;
    const name = `${text(TOOL_NAMES[tool])} ${sketch.layers.filter((l) => l.type === tool).length + 1}`;
    const layer: Layer = tool === "path"
      ? { id, name, type: "path", points: [at], fill: "none", stroke: "#111827", stroke_width: 4 }
      : { id, name, type: tool, x: at[0], y: at[1], w: 1, h: 1, fill: "#93c5fd", stroke: "#1d4ed8", stroke_width: 2 };
    drawing.current = { id, from: at };
    (e.target as Element).setPointerCapture?.(e.pointerId);
    setSketch((s) => ({ ...s, layers: [...s.layers, layer] }));
    setSelected(id);
  };
  const move = (e: PointerEvent) => {
    const current = drawing.current;
    if (!current) return;
    const at = point(e);
    setSketch((s) => ({
      ...s,
      layers: s.layers.map((l) => {
        if (l.id !== current.id) return l;
        if (l.type === "path") return { ...l, points: [...(l.points ?? []), at] };
        const [x0, y0] = current.from;
        return { ...l, x: Math.min(x0, at[0]), y: Math.min(y0, at[1]), w: Math.abs(at[0] - x0), h: Math.abs(at[1] - y0) };
      }),
    }));
  };
  const layer = sketch.layers.find((l) => l.id === selected);
  const json = saved.layers.length ? JSON.stringify(saved) : "";

  return (
    <FieldShell field={field}>
      <div className="flex items-center gap-3">
        {saved.layers.length ? <div className="h-24 w-40 overflow-hidden rounded-lg border border-line"><Drawing sketch={saved} label={label} /></div> : null}
        <button type="button" id={fieldDomId(field)} aria-label={text("field.open_sketch")} className={smallButton} onClick={open} disabled={field.readonly}>
          {text("field.open_sketch")}
        </button>
      </div>
      <input type="hidden" name={field.name} value={json} />
      <dialog ref={dialog} aria-label={label} data-testid="sketch-editor" className="m-auto w-[min(72rem,96vw)] rounded-2xl bg-card p-0 text-fg backdrop:bg-black/40">
        <div className="flex items-center gap-2 border-b border-line p-3">
          {(["path", "rect", "ellipse"] as const).map((t) => (
            <button key={t} type="button" aria-pressed={tool === t} aria-label={text(TOOL_NAMES[t])} title={text(TOOL_NAMES[t])} className={`${smallButton} aria-pressed:border-accent aria-pressed:bg-accent-soft`} onClick={() => setTool(t)}>
              {t === "path" ? "✎" : t === "rect" ? "▭" : "◯"}
            </button>
          ))}
          <button type="button" className={smallButton} onClick={() => void loadSample()} data-testid="sketch-sample">{text("field.sketch_sample")}</button>
          <button type="button" className={`${smallButton} ms-auto border-accent`} onClick={done}>{text("field.sketch_done")}</button>
        </div>
        <div className="grid min-h-80 grid-cols-[12rem_1fr_14rem]">
          <section aria-label={text("field.sketch_layers")} className="border-e border-line p-3">
            <h3 className="mb-2 text-sm font-medium">{text("field.sketch_layers")}</h3>
            <ul className="flex flex-col-reverse gap-1 text-sm">
              {sketch.layers.map((l) => (
                <li key={l.id}>
                  <button type="button" aria-pressed={l.id === selected} onClick={() => setSelected(l.id)} className="w-full truncate rounded px-2 py-1 text-start hover:bg-subtle aria-pressed:bg-accent-soft">{l.name}</button>
                </li>
              ))}
            </ul>
          </section>
          <div
            ref={stage} className="aspect-[8/5] cursor-crosshair touch-none self-center p-2" data-testid="sketch-stage"
            onPointerDown={down} onPointerMove={move} onPointerUp={() => { drawing.current = null; }}
          >
            <Drawing sketch={sketch} selected={selected} label={label} />
          </div>
          <section aria-label={text("field.sketch_properties")} className="border-s border-line p-3 text-sm">
            <h3 className="mb-2 font-medium">{text("field.sketch_properties")}</h3>
            {layer ? (
              <div className="flex flex-col gap-2">
                <label className="flex flex-col gap-1">{text("field.sketch_name")}<input className="rounded border border-line bg-field px-2 py-1" value={layer.name} onChange={(e) => update(layer.id, { name: e.target.value.slice(0, 80) })} /></label>
                <label className="flex items-center justify-between gap-2">{text("field.sketch_stroke")}<input type="color" value={layer.stroke} onChange={(e) => update(layer.id, { stroke: e.target.value })} /></label>
                {layer.type !== "path" ? <label className="flex items-center justify-between gap-2">{text("field.sketch_fill")}<input type="color" value={layer.fill} onChange={(e) => update(layer.id, { fill: e.target.value })} /></label> : null}
                <label className="flex flex-col gap-1">{text("field.sketch_width")}<input type="range" min={0} max={24} value={layer.stroke_width} onChange={(e) => update(layer.id, { stroke_width: Number(e.target.value) })} /></label>
                <button type="button" className={smallButton} onClick={() => { setSketch((s) => ({ ...s, layers: s.layers.filter((l) => l.id !== layer.id) })); setSelected(undefined); }}>{text("field.remove_item")}</button>
              </div>
            ) : null}
          </section>
        </div>
      </dialog>
    </FieldShell>
  );
}
