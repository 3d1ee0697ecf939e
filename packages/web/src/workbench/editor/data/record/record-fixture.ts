/** Fields and rows for the record editor's tests. */
import type { FormField } from "@fieldwork/core";

export const field = (over: Partial<FormField>): FormField => ({
  id: over.name ?? "f", name: "answer", label: null, type: "text", placeholder: null, help_text: null, required: false,
  readonly: false, pattern: null, step: null, min: null, max: null, autocomplete: null, accept: null,
  multiple: false, is_array: false, data: null, v_value: null, upload: null, resolve: null, storage: null, reference: null, options_inventory: null,
  options: [], optgroups: [], ...over,
});

export const options = (...values: string[]) =>
  values.map((value, index) => ({ id: value, value, label: value.toUpperCase(), src: null, disabled: false, index, optgroup_id: null }));
