/** @jsxRuntime automatic */
/**
 * One field's input in the record editor, controlled: text-like inputs (the native picker
 * for dates, times, colours, email, tel and url; numbers as text so a wrong value reaches
 * core's rule and its reason shows), a textarea, a select for one choice, checkboxes for
 * several, a checkbox for yes/no, a signature's image with Clear, and a JSON textarea for the
 * rest (files, sketches: a sketch's drawing above its JSON).
 */
import { useId, type ReactNode } from "react";
import { isSignatureImage, type FormField } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { SketchDrawing } from "../media-cell-editors";
import { sketchPreview } from "../sketch-preview";
import { Field, type ControlProps } from "../../../../ui/field";
import { controlClass, Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { cn } from "../../../../ui/cn";
import { htmlTypeOf, inputKindOf, type DraftValue } from "./record-values";

export interface RecordInputProps {
  field: FormField;
  value: DraftValue;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: DraftValue) => void;
  /** The input was left: its problem may show. */
  onLeave: () => void;
}

const labelOf = (field: FormField): ReactNode => (
  <>
    {field.label?.trim() || field.name}
    {field.required ? <span className="ml-0.5 text-danger" aria-hidden="true">*</span> : null}
    {field.label?.trim() && field.label.trim() !== field.name ? <span aria-hidden="true" className="ml-2 font-mono text-xs font-normal text-faint">{field.name}</span> : null}
  </>
);

const Message = ({ id, error, hint }: { id: string; error: string | undefined; hint: string | null }) =>
  error ? <p id={id} className="text-xs text-danger">{error}</p> : hint ? <p id={id} className="text-xs text-muted">{hint}</p> : null;

function Choices({ field, value, error, disabled, onChange, onLeave }: RecordInputProps) {
  const id = useId();
  const chosen = Array.isArray(value) ? value : [];
  const stale = chosen.filter((v) => !field.options.some((o) => o.value === v));
  const toggle = (v: string, on: boolean) => onChange(on ? [...chosen, v] : chosen.filter((c) => c !== v));
  const message = error || field.help_text ? `${id}-m` : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={message} aria-invalid={error ? true : undefined} onBlur={onLeave}>
      <legend className="mb-2 text-sm font-medium text-fg">{labelOf(field)}</legend>
      {[...field.options.map((o) => ({ value: o.value, label: o.label ?? o.value, off: o.disabled })), ...stale.map((v) => ({ value: v, label: `${v} (not an option)`, off: false }))].map((o) => (
        <label key={o.value} className="flex cursor-pointer items-center gap-2.5 text-sm text-fg has-disabled:cursor-not-allowed has-disabled:text-faint">
          <input type="checkbox" checked={chosen.includes(o.value)} disabled={disabled || (o.off && !chosen.includes(o.value))}
            onChange={(e) => toggle(o.value, e.target.checked)} className="focus-ring size-4 shrink-0 accent-[var(--color-accent)]" />
          {o.label}
        </label>
      ))}
      <Message id={`${id}-m`} error={error} hint={field.help_text} />
    </fieldset>
  );
}

function Flag({ field, value, error, disabled, onChange, onLeave }: RecordInputProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-2.5">
        <input id={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} onBlur={onLeave}
          aria-invalid={error ? true : undefined} aria-describedby={error || field.help_text ? `${id}-m` : undefined}
          className="focus-ring size-4 shrink-0 cursor-pointer accent-[var(--color-accent)]" />
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">{labelOf(field)}</label>
      </div>
      <Message id={`${id}-m`} error={error} hint={field.help_text} />
    </div>
  );
}

function Control({ field, value, disabled, onChange, onLeave, control }: RecordInputProps & { control: ControlProps }) {
  const text = typeof value === "string" ? value : "";
  const common = {
    ...control, disabled, value: text, onBlur: onLeave,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    placeholder: field.placeholder ?? undefined,
  };
  switch (inputKindOf(field)) {
    case "textarea":
      return <textarea {...common} rows={4} className={cn(controlClass, "h-auto min-h-24 resize-y py-2 leading-relaxed")} />;
    case "json":
      return <textarea {...common} rows={5} spellCheck={false} placeholder="null" className={cn(controlClass, "h-auto min-h-28 resize-y py-2 font-mono text-xs md:text-xs")} />;
    case "number":
      return <Input {...common} type="text" inputMode="decimal" autoComplete="off" />;
    case "choice": {
      const known = field.options.some((o) => o.value === text);
      return (
        <Select {...common}>
          <option value="">—</option>
          {field.options.map((o) => <option key={o.id} value={o.value} disabled={o.disabled && o.value !== text}>{o.label ?? o.value}</option>)}
          {text && !known ? <option value={text}>{text} (not an option)</option> : null}
        </Select>
      );
    }
    default: {
      const type = htmlTypeOf(field);
      return <Input {...common} type={type} step={type === "datetime-local" || type === "time" ? 1 : undefined} autoComplete="off"
        className={type === "color" ? "w-24 cursor-pointer p-1" : undefined} />;
    }
  }
}

function Signature({ field, value, error, disabled, onChange, onLeave }: RecordInputProps) {
  const id = useId();
  const text = typeof value === "string" ? value : "";
  return (
    <div className="grid gap-1.5" role="group" aria-labelledby={`${id}-l`} aria-describedby={error || field.help_text ? `${id}-m` : undefined}>
      <span id={`${id}-l`} className="text-sm font-medium text-fg">{labelOf(field)}</span>
      {text && isSignatureImage(text) ? (
        <img src={text} alt={`${field.label?.trim() || field.name}: the signature as drawn`} className="max-h-32 w-full rounded border border-line bg-white object-contain" />
      ) : (
        <p className="text-sm text-muted">{text ? "Not a signature image." : "No signature."}</p>
      )}
      {text && !disabled ? <Button size="sm" className="justify-self-start" onClick={() => { onChange(""); onLeave(); }}>Clear signature</Button> : null}
      <Message id={`${id}-m`} error={error} hint={field.help_text} />
    </div>
  );
}

/** A sketch's drawing from what its JSON box holds now, when that is a sketch. */
function SketchAbove({ field, value }: Pick<RecordInputProps, "field" | "value">) {
  let parsed: unknown;
  try {
    parsed = typeof value === "string" && value.trim() ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const preview = sketchPreview(parsed);
  return preview ? <SketchDrawing preview={preview} label={`${field.label?.trim() || field.name}: ${preview.layers} ${preview.layers === 1 ? "layer" : "layers"}`} /> : null;
}

export function RecordInput(props: RecordInputProps) {
  const kind = inputKindOf(props.field);
  if (kind === "choices") return <Choices {...props} />;
  if (kind === "boolean") return <Flag {...props} />;
  if (kind === "signature") return <Signature {...props} />;
  if (props.field.type === "canvas") {
    return (
      <div className="grid gap-2">
        <SketchAbove field={props.field} value={props.value} />
        <Field label={labelOf(props.field)} error={props.error} hint={props.field.help_text ?? "The sketch as JSON: {\"layers\": […]}."}>
          {(control) => <Control {...props} control={control} />}
        </Field>
      </div>
    );
  }
  return (
    <Field label={labelOf(props.field)} error={props.error} hint={kind === "json" ? props.field.help_text ?? "A JSON value." : props.field.help_text}>
      {(control) => <Control {...props} control={control} />}
    </Field>
  );
}
