/** @jsxRuntime automatic */
import type { ReactNode } from "react";
import { CircleAlert } from "lucide-react";
import type { FormField } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { describedBy, errorDomId, fieldDomId, helpDomId, showsRequired } from "./field-attrs";

/**
 * The label (or legend), required marker and help text around one field's control, and
 * below it the message of a refused submit.
 */
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
  const refusal = <FieldErrorMessage field={field} />;
  const refused = useFieldError(field.name) !== undefined;
  if (group) {
    return (
      <fieldset className="min-w-0" data-field={field.name} aria-describedby={describedBy(field, refused)["aria-describedby"]}>
        <legend className="text-base font-medium text-fg">{title}</legend>
        {help}
        <div className="mt-3">{children}</div>
        {refusal}
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
      {refusal}
    </div>
  );
}

/** Why the last submit refused this field, in the visitor's words (core's field-messages.ts). */
export function FieldErrorMessage({ field }: { field: Pick<FormField, "name"> }) {
  const error = useFieldError(field.name);
  if (!error) return null;
  return (
    <p id={errorDomId(field)} data-testid="field-error" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {error.message}
    </p>
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
    <span className="ms-1 text-danger" aria-hidden="true">
      *
    </span>
  );
}
