/** @jsxRuntime automatic */
/** The grid's cells of signature and canvas columns: what they show, which editor opens, and what that editor offers. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formTableColumns, type DataColumn, type FormField } from "@fieldwork/core";
import { field } from "./record/record-fixture";
import { displayValue, editorKindOf, parseEdit, type DisplayOptions } from "./cell-value";
import { SignatureCellEditor, SketchCellEditor } from "./media-cell-editors";
import { sketchPreview } from "./sketch-preview";
import { RecordInput } from "./record/record-input";
import { draftOf, inputKindOf, parseDraft } from "./record/record-values";

const plain: DisplayOptions = { masked: false, date_format: "datetime", time_zone: "UTC" };
const columnOf = (f: FormField): DataColumn => formTableColumns([f]).find((c) => c.name === f.name)!;
const sign = columnOf(field({ name: "sign", label: "Sign", type: "signature" }));
const sketch = columnOf(field({ name: "sketch", label: "Sketch", type: "canvas" }));
const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SAMPLE = {
  width: 800, height: 500,
  layers: [
    { type: "rect", name: "Sky", x: 0, y: 0, w: 800, h: 320, fill: "#cfe8ff", stroke: "#cfe8ff", stroke_width: 0 },
    { type: "ellipse", name: "Sun", x: 600, y: 60, w: 110, h: 110, fill: "#ffd23f", stroke: "#f4a300", stroke_width: 4 },
    { type: "path", name: "Hill", points: [[0, 340], [160, 250]], fill: "none", stroke: "#4e7d2a", stroke_width: 6 },
  ],
};
const noop = () => {};

describe("signature and canvas cells", () => {
  it("opens a signature in its own editor and a canvas in the sketch preview, never the text box or the raw JSON editor", () => {
    expect(editorKindOf(sign)).toBe("signature");
    expect(editorKindOf(sketch)).toBe("sketch");
  });

  it("shows a canvas cell as its layer count, masked in masked mode", () => {
    expect(displayValue(sketch, SAMPLE, plain)).toBe("Sketch, 3 layers");
    expect(displayValue(sketch, { layers: [{ type: "rect" }] }, plain)).toBe("Sketch, 1 layer");
    expect(displayValue(sketch, SAMPLE, { ...plain, masked: true })).not.toContain("3 layers");
  });

  it("reads a sketch typed as JSON only when it is a sketch document; empty is null", () => {
    expect(parseEdit(sketch, '{"layers": []}')).toEqual({ ok: true, value: { layers: [] } });
    expect(parseEdit(sketch, "")).toEqual({ ok: true, value: null });
    expect(parseEdit(sketch, '{"layers": {}}')).toMatchObject({ ok: false, message: expect.stringContaining("not a sketch") });
    expect(parseEdit(sketch, "[1, 2]")).toMatchObject({ ok: false });
  });

  it("shows the signature as its image, read only, with Clear and Close; nothing to type into", () => {
    const html = renderToStaticMarkup(<SignatureCellEditor column={sign} value={png} commit={noop} close={noop} />);
    expect(html).toContain(`src="${png}"`);
    expect(html).toContain(">Clear</button>");
    expect(html).toContain(">Close</button>");
    expect(html).not.toMatch(/<input|<textarea/);
    const empty = renderToStaticMarkup(<SignatureCellEditor column={sign} value={null} commit={noop} close={noop} />);
    expect(empty).toContain("No signature.");
    expect(empty).not.toContain(">Clear</button>");
    // A value that is no PNG data URL is never put in an <img src>.
    const forged = renderToStaticMarkup(<SignatureCellEditor column={sign} value="javascript:alert(1)" commit={noop} close={noop} />);
    expect(forged).not.toContain("<img");
    expect(forged).toContain("Not a signature image.");
  });

  it("draws the sketch as SVG with its layers, Edit JSON one step away, no JSON text shown at first", () => {
    const html = renderToStaticMarkup(<SketchCellEditor column={sketch} value={SAMPLE} commit={noop} close={noop} />);
    expect(html).toContain('viewBox="0 0 800 500"');
    expect(html).toContain('aria-label="Sketch: 3 layers"');
    expect(html.match(/<rect /g)).toHaveLength(1);
    expect(html.match(/<ellipse /g)).toHaveLength(1);
    expect(html).toContain('d="M0 340L160 250"');
    expect(html).toContain(">Edit JSON</button>");
    expect(html).toContain(">Clear</button>");
    expect(html).not.toContain("<textarea");
  });

  it("draws only finite numbers and plain colours from a visitor's sketch", () => {
    const preview = sketchPreview({
      width: "wide", layers: [
        { type: "rect", x: "1e999", y: Number.NaN, w: -5, h: 4, fill: "url(https://evil.example/x)", stroke: "red; background:url(x)", stroke_width: 2 },
        { type: "path", points: [[1, 2], ["a", 3], null, [4, 5]], fill: "#abc", stroke: "#123456", stroke_width: 1 },
        { type: "script", x: 1 }, "nope",
      ],
    })!;
    expect(preview.width).toBe(800);
    expect(preview.layers).toBe(4);
    expect(preview.shapes).toEqual([
      { kind: "rect", x: 0, y: 0, w: 0, h: 4, fill: "none", stroke: "none", stroke_width: 2 },
      { kind: "path", d: "M1 2L4 5", fill: "#abc", stroke: "#123456", stroke_width: 1 },
    ]);
    expect(sketchPreview([1, 2])).toBeUndefined();
    expect(sketchPreview({ layers: "x" })).toBeUndefined();
  });

  it("in the record panel: the signature's image with Clear signature, never a text box; a sketch drawn above its JSON", () => {
    const signField = field({ name: "sign", label: "Sign", type: "signature" });
    const sketchField = field({ name: "sketch", label: "Sketch", type: "canvas" });
    expect(inputKindOf(signField)).toBe("signature");
    expect(parseDraft(signField, "")).toEqual({ ok: true, value: null });
    expect(parseDraft(signField, "data:image/svg+xml;base64,PHN2Zz4=")).toMatchObject({ ok: false });
    const props = { error: undefined, disabled: false, onChange: noop, onLeave: noop };
    const sign = renderToStaticMarkup(<RecordInput field={signField} value={draftOf(signField, png)} {...props} />);
    expect(sign).toContain(`src="${png}"`);
    expect(sign).toContain(">Clear signature</button>");
    expect(sign).not.toMatch(/<input|<textarea/);
    const drawn = renderToStaticMarkup(<RecordInput field={sketchField} value={draftOf(sketchField, SAMPLE)} {...props} />);
    expect(drawn).toContain('aria-label="Sketch: 3 layers"');
    expect(drawn).toContain("<textarea");
  });
});
