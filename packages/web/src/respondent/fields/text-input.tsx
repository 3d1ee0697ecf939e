/** @jsxRuntime automatic */
/**
 * Renderer of the single-value input types: text, textarea, email, tel, url, password,
 * number, range, date, time, datetime-local, month, week, color and hidden.
 */
import { useState, type ComponentProps } from "react";
import { capabilityOf } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";
import type { FieldProps } from "./field-props";
import { textDefault } from "../prefill";

export function TextInput({ field, locked, prefill }: FieldProps) {
  const defaultValue = textDefault(prefill);
  const refused = useFieldError(field.name) !== undefined;
  if (field.type === "hidden") {
    return <input type="hidden" id={fieldDomId(field)} name={field.name} defaultValue={defaultValue} />;
  }
  const common = {
    id: fieldDomId(field),
    name: field.name,
    defaultValue,
    placeholder: field.placeholder ?? undefined,
    readOnly: field.readonly || undefined,
    autoComplete: field.autocomplete ?? undefined,
    ...describedBy(field, refused),
    ...constraintAttrs(field, locked),
  };
  let control;
  if (field.type === "textarea") {
    control = <textarea {...common} rows={4} className={`${controlClass} min-h-28 resize-y leading-relaxed`} />;
  } else if (field.type === "range") {
    control = <RangeControl common={common} />;
  } else if (field.type === "color") {
    control = (
      <input
        {...common}
        type="color"
        className="block h-12 w-24 cursor-pointer rounded-xl border border-line bg-field p-1.5 hover:border-line-strong focus:border-accent focus:outline-none focus:ring-4 focus:ring-accent-soft"
      />
    );
  } else {
    const type = capabilityOf(field.type).html_type ?? "text";
    control = <input {...common} type={type} className={controlClass} />;
  }
  return <FieldShell field={field}>{control}</FieldShell>;
}

/** The browser's starting value of a slider without a value: the midpoint, snapped to the step. */
export function rangeStartValue(min: number | string = 0, max: number | string = 100, step: number | string = 1): number {
  const lo = Number(min) || 0;
  const hi = max === "" ? NaN : Number(max);
  const top = Number.isFinite(hi) ? hi : 100;
  if (top < lo) return lo;
  const mid = lo + (top - lo) / 2;
  const size = Number(step);
  if (!(size > 0)) return mid;
  return Math.min(top, lo + Math.round((mid - lo) / size) * size);
}

function RangeControl({ common }: { common: ComponentProps<"input"> }) {
  const [value, setValue] = useState(() =>
    common.defaultValue !== undefined ? String(common.defaultValue) : String(rangeStartValue(common.min, common.max, common.step)),
  );
  return (
    <div className="flex items-center gap-4">
      <span className="text-sm text-muted tabular-nums">{common.min ?? "0"}</span>
      <input
        {...common}
        type="range"
        onInput={(e) => setValue(e.currentTarget.value)}
        className="h-12 min-w-0 flex-1 cursor-pointer focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft rounded-full"
      />
      <span className="text-sm text-muted tabular-nums">{common.max ?? "100"}</span>
      <output
        htmlFor={common.id}
        className="min-w-12 rounded-lg bg-subtle px-2.5 py-1 text-center text-sm font-medium tabular-nums text-fg"
      >
        {value}
      </output>
    </div>
  );
}
