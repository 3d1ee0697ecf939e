/** @jsxRuntime automatic */
/**
 * A computed field (`v_value`): its label and its value, read-only, updated live. It posts
 * nothing: the server computes the value itself and ignores anything sent for it.
 */
import type { FormField, LogicValue } from "@fieldwork/core";
import { fieldDomId } from "./fields/field-attrs";
import { FieldShell } from "./fields/field-shell";
import { controlClass } from "./fields/field-styles";

export function computedText(value: LogicValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export function ComputedField({ field, value }: { field: FormField; value: LogicValue | undefined }) {
  return (
    <FieldShell field={{ ...field, required: false }}>
      <input id={fieldDomId(field)} readOnly value={computedText(value)} data-fw-computed="" className={controlClass} />
    </FieldShell>
  );
}
