/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import type { FormField } from "@fieldwork/core";
import { fieldDomId, helpDomId, showsRequired } from "./field-attrs";

/** The label (or legend), required marker and help text around one field's control. */
export function FieldShell(props: {
  field: FormField;
  /** A group of inputs (radio, checkboxes) is a fieldset with a legend. */
  group?: boolean;
  children: ReactNode;
}) {
  const { field, group = false, children } = props;
  const title = (
    <>
      {field.label ?? field.name}
      {showsRequired(field) ? <RequiredMark /> : null}
    </>
  );
  const help = field.help_text ? <HelpText field={field} /> : null;
  if (group) {
    return (
      <fieldset className="min-w-0" data-field={field.name} aria-describedby={help ? helpDomId(field) : undefined}>
        <legend className="text-base font-medium text-fg">{title}</legend>
        {help}
        <div className="mt-3">{children}</div>
      </fieldset>
    );
  }
  return (
    <div data-field={field.name}>
      <label htmlFor={fieldDomId(field)} className="block text-base font-medium text-fg">
        {title}
      </label>
      {help}
      <div className="mt-3">{children}</div>
    </div>
  );
}

export function HelpText({ field }: { field: FormField }) {
  return (
    <p id={helpDomId(field)} className="mt-1 text-sm text-muted">
      {field.help_text}
    </p>
  );
}

export function RequiredMark() {
  return (
    <span className="ml-1 text-danger" aria-hidden="true">
      *
    </span>
  );
}
