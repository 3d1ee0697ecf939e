import type { FormField, JsonValue } from "@fieldwork/core";
import type { Text } from "../messages";

/**
 * What the lazy answer widgets (country-picker.tsx, answer-types-a.tsx) receive from
 * widget-field.tsx: everything they need of core and the form, so their chunks share no
 * module with the form's first load but React (types only here).
 */
export interface WidgetProps {
  field: FormField;
  dom_id: string;
  prefill: JsonValue | undefined;
  /** Native `required` (absent when the field is locked or cannot be required). */
  required: boolean | undefined;
  aria: { "aria-describedby"?: string; "aria-invalid"?: true };
  text: Text;
  /** The form's language (names of countries). */
  lang: string;
  /** The class list of a text control (field-styles.ts). */
  control: string;
}
