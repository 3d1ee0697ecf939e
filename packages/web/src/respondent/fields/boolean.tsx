/** @jsxRuntime automatic */
/**
 * Renderer of the yes/no types: checkbox, switch and toggle. All post `name=on` when
 * checked (spec 1 §5: "the value 'on' means true") and nothing when not.
 */
import { Check } from "lucide-react";
import { useFieldError } from "../field-errors";
import { constraintAttrs, describedBy, fieldDomId, showsRequired } from "./field-attrs";
import { FieldErrorMessage, HelpText, RequiredMark } from "./field-shell";
import { nativeCheckClass } from "./field-styles";
import type { FieldProps } from "./field-props";
import { booleanDefault } from "../prefill";

export function BooleanInput({ field, locked, prefill }: FieldProps) {
  const input = {
    id: fieldDomId(field),
    type: "checkbox",
    name: field.name,
    value: "on",
    defaultChecked: booleanDefault(prefill),
    ...describedBy(field, useFieldError(field.name) !== undefined),
    ...constraintAttrs(field, locked),
  } as const;
  const label = (
    <>
      {field.label ?? field.name}
      {showsRequired(field) ? <RequiredMark /> : null}
    </>
  );
  const readOnly = field.readonly ? { onClick: preventToggle, "aria-readonly": true } : {};

  if (field.type === "switch") {
    return (
      <div data-field={field.name}>
        <label htmlFor={input.id} className="flex min-h-12 cursor-pointer items-center justify-between gap-4">
          <span className="text-base font-medium text-fg">{label}</span>
          <span className="relative inline-flex shrink-0">
            <input {...input} {...readOnly} role="switch" className="peer absolute inset-0 z-10 cursor-pointer opacity-0" />
            <span
              aria-hidden="true"
              className="h-7 w-12 rounded-full bg-line-strong transition-colors duration-150 peer-checked:bg-accent peer-focus-visible:ring-4 peer-focus-visible:ring-accent-soft peer-user-invalid:ring-2 peer-user-invalid:ring-danger"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1 start-1 size-5 rounded-full bg-white shadow-sm transition-transform duration-150 peer-checked:translate-x-5 rtl:peer-checked:-translate-x-5"
            />
          </span>
        </label>
        {field.help_text ? <HelpText field={field} /> : null}
        <FieldErrorMessage field={field} />
      </div>
    );
  }

  if (field.type === "toggle") {
    return (
      <div data-field={field.name}>
        <label
          htmlFor={input.id}
          className="group inline-flex min-h-12 cursor-pointer items-center gap-2.5 rounded-full border border-line bg-field px-5 py-2.5 text-base font-medium text-fg transition-colors duration-150 hover:border-line-strong has-checked:border-accent has-checked:bg-accent has-checked:text-accent-fg has-focus-visible:ring-4 has-focus-visible:ring-accent-soft"
        >
          <input {...input} {...readOnly} className="sr-only" />
          <Check aria-hidden="true" className="hidden size-4 group-has-checked:block" strokeWidth={3} />
          <span>{label}</span>
        </label>
        {field.help_text ? <HelpText field={field} /> : null}
        <FieldErrorMessage field={field} />
      </div>
    );
  }

  return (
    <div data-field={field.name}>
      <label htmlFor={input.id} className="flex min-h-12 cursor-pointer items-start gap-3 py-3">
        <input {...input} {...readOnly} className={`${nativeCheckClass} mt-0.5`} />
        <span className="text-base text-fg">{label}</span>
      </label>
      {field.help_text ? <div className="-mt-2 ps-8"><HelpText field={field} /></div> : null}
      <FieldErrorMessage field={field} />
    </div>
  );
}

/** A read-only checkbox: the browser has no `readonly` for checkboxes, so clicks are cancelled. */
function preventToggle(event: { preventDefault(): void }) {
  event.preventDefault();
}
