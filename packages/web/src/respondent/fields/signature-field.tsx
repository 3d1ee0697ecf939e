/** @jsxRuntime automatic */
/**
 * A signature (spec 1 §3): a pad 180 px high (spec 1 "Signature drop zone height 180") drawn
 * with signature_pad, loaded only by forms that have one. The drawing is posted as a PNG data
 * URL under the field's name (core answer-formats.ts), which the grid shows as an image.
 */
import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { SIGNATURE_PAD_HEIGHT } from "@fieldwork/core";
import { useText } from "../messages";
import { textDefault } from "../prefill";
import { describedBy, fieldDomId } from "./field-attrs";
import { useFieldError } from "../field-errors";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";

export default function SignatureField({ field, prefill }: FieldProps) {
  const text = useText();
  const refused = useFieldError(field.name) !== undefined;
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [value, setValue] = useState(() => textDefault(prefill) ?? "");

  useEffect(() => {
    const element = canvas.current!;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = SIGNATURE_PAD_HEIGHT * ratio;
    element.getContext("2d")!.scale(ratio, ratio);
    const signature = new SignaturePad(element, { penColor: getComputedStyle(element).color || "#111" });
    if (field.readonly) signature.off();
    signature.addEventListener("endStroke", () => setValue(signature.toDataURL("image/png")));
    pad.current = signature;
    return () => signature.off();
  }, [field.readonly]);

  const clear = () => {
    pad.current?.clear();
    setValue("");
  };
  return (
    <FieldShell field={field}>
      <div className="relative">
        <canvas
          ref={canvas} id={fieldDomId(field)} role="img" aria-label={`${field.label ?? field.name}: ${text("field.not_signature")}`}
          {...describedBy(field, refused)} data-testid="signature-pad"
          style={{ height: SIGNATURE_PAD_HEIGHT }}
          className="block w-full touch-none rounded-xl border border-dashed border-line-strong bg-field text-fg"
        />
        <button
          type="button" onClick={clear} disabled={!value}
          className="absolute end-2 top-2 rounded-lg border border-line bg-card px-3 py-1 text-sm text-fg hover:border-line-strong disabled:opacity-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
        >
          {text("field.clear_signature")}
        </button>
      </div>
      <input type="hidden" name={field.name} value={value} />
    </FieldShell>
  );
}
