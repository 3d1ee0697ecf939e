/** @jsxRuntime automatic */
/**
 * The grid's editors of drawn answers: a signature is shown as its image, read only, with a
 * Clear action (an owner may remove a signature, never write one as a data URL); a sketch is
 * shown as its drawing (sketch-preview.ts) with Clear, and its JSON a step away for an owner
 * who must fix a layer. Both open over the cell, outside the grid's clipping.
 */
import { useState } from "react";
import { isSignatureImage } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { parseEdit } from "./cell-value";
import type { EditorProps } from "./cell-editors";
import { sketchPreview, type PreviewShape, type SketchPreview } from "./sketch-preview";
import { CellPopover as Popover } from "./cell-popover";

export function SignatureCellEditor({ column, value, commit, close }: EditorProps) {
  const image = typeof value === "string" && isSignatureImage(value) ? value : null;
  return (
    <Popover label={`${column.label} (signature)`} close={close}>
      {image ? (
        <img src={image} alt={`${column.label}: the signature as drawn`} data-testid="signature-editor-image" className="max-h-44 w-full rounded border border-line bg-white object-contain" />
      ) : (
        <p className="text-sm text-muted">{value === null || value === undefined ? "No signature." : "Not a signature image."}</p>
      )}
      <div className="flex items-center gap-2">
        <span className="text-xs text-faint">A signature cannot be typed; it can be cleared.</span>
        <span className="flex-1" />
        {value === null || value === undefined ? null : <Button size="sm" variant="danger" onClick={() => { commit(null); close(); }}>Clear</Button>}
        <Button size="sm" autoFocus onClick={close}>Close</Button>
      </div>
    </Popover>
  );
}

function Shape({ shape }: { shape: PreviewShape }) {
  const paint = { fill: shape.fill, stroke: shape.stroke, strokeWidth: shape.stroke_width };
  if (shape.kind === "rect") return <rect x={shape.x} y={shape.y} width={shape.w} height={shape.h} {...paint} />;
  if (shape.kind === "ellipse") return <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...paint} />;
  return <path d={shape.d} {...paint} strokeLinecap="round" strokeLinejoin="round" />;
}

/** A sketch drawn as SVG from its sanitized shapes. */
export function SketchDrawing({ preview, label }: { preview: SketchPreview; label: string }) {
  return (
    <svg viewBox={`0 0 ${preview.width} ${preview.height}`} role="img" aria-label={label} data-testid="sketch-preview" className="block max-h-56 w-full rounded border border-line bg-white">
      {preview.shapes.map((shape, i) => <Shape key={i} shape={shape} />)}
    </svg>
  );
}

export function SketchCellEditor({ column, value, commit, close }: EditorProps) {
  const preview = sketchPreview(value);
  const [json, setJson] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const result = parseEdit(column, json ?? "");
    if (!result.ok) return setError(result.message);
    commit(result.value);
    close();
  };
  if (json !== null) {
    return (
      <Popover label={`${column.label} (sketch JSON)`} close={close}>
        <textarea
          autoFocus aria-label={`${column.label} JSON`} value={json} rows={10} spellCheck={false} aria-invalid={error ? true : undefined}
          onChange={(e) => { setJson(e.target.value); setError(null); }}
          className="w-full resize-y rounded-md border border-line-strong bg-field p-2 font-mono text-xs text-fg outline-none focus:border-accent aria-invalid:border-danger"
        />
        <div className="flex items-center gap-2">
          {error ? <span role="alert" className="text-xs text-danger">{error}</span> : <span className="text-xs text-faint">Empty saves null.</span>}
          <span className="flex-1" />
          <Button size="sm" onClick={close}>Cancel</Button>
          <Button size="sm" variant="primary" onClick={save}>Save</Button>
        </div>
      </Popover>
    );
  }
  return (
    <Popover label={`${column.label} (sketch)`} close={close}>
      {preview ? <SketchDrawing preview={preview} label={`${column.label}: ${preview.layers} ${preview.layers === 1 ? "layer" : "layers"}`} /> : <p className="text-sm text-muted">No sketch.</p>}
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={() => setJson(value === null || value === undefined ? "" : JSON.stringify(value, null, 2))}>Edit JSON</Button>
        <span className="flex-1" />
        {value === null || value === undefined ? null : <Button size="sm" variant="danger" onClick={() => { commit(null); close(); }}>Clear</Button>}
        <Button size="sm" autoFocus onClick={close}>Close</Button>
      </div>
    </Popover>
  );
}
