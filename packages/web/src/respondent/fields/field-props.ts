import type { FormField, JsonValue } from "@fieldwork/core";

/** What every field renderer receives. */
export interface FieldProps {
  field: FormField;
  /** Not in the current section (or hidden): keep the value, drop native constraints. */
  locked: boolean;
  /** The initial value (default value or URL parameter). */
  prefill: JsonValue | undefined;
}
