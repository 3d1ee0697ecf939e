/** @jsxRuntime automatic */
/**
 * The field as visitors will get it, drawn by the public form's own renderer from the
 * draft, with a Test button that asks the browser whether what is typed in the preview is
 * valid (spec 2 §3: 'Test: Input is valid', else the browser's validation message).
 */
import { useMemo, useRef, useState } from "react";
import type { FieldDefinition, FieldType } from "@fieldwork/core";
import { FieldRenderer } from "../../../../respondent/fields/field-renderer";
import { Button } from "../../../../ui/button";
import { fieldFrom } from "../editor-request";

/** The first invalid control's message, or that all are valid. */
export function testMessage(controls: readonly { validity: { valid: boolean }; validationMessage: string }[]): string {
  const invalid = controls.find((c) => !c.validity.valid);
  return invalid ? invalid.validationMessage : "Test: Input is valid";
}

export function FieldPreview({ definition, type }: { definition: FieldDefinition; type: FieldType }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const key = JSON.stringify(definition);
  const field = useMemo(() => fieldFrom("preview", JSON.parse(key) as FieldDefinition), [key]);
  const test = () => {
    const form = formRef.current;
    if (!form) return;
    const controls = [...form.elements].filter((el): el is HTMLInputElement => "validity" in el && (el as HTMLInputElement).willValidate);
    const message = testMessage(controls);
    setResult({ ok: controls.every((c) => c.validity.valid), message });
  };
  return (
    <section aria-label="Preview" className="grid gap-3 rounded-lg border border-dashed border-line-strong bg-page p-4">
      <form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()} onInput={() => setResult(null)} key={key}>
        {type === "hidden" ? <p className="text-sm text-muted">Hidden fields are filled from the URL, not shown to visitors.</p> : <FieldRenderer field={field} locked={false} prefill={undefined} />}
      </form>
      <div className="flex items-center gap-3">
        <Button size="sm" onClick={test}>Test</Button>
        <p role="status" className={result ? (result.ok ? "text-sm text-success" : "text-sm text-danger") : "text-sm text-muted"}>
          {result ? result.message : "Type an answer, then test it."}
        </p>
      </div>
    </section>
  );
}
