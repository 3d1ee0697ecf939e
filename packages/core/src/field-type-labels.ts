/**
 * What the editor calls each field type, and which types its insert menu and field panel
 * offer. Apart from the capability table (field-types.ts), which the public form reads: the
 * form shows neither, and a module both import would put them in its first load.
 */
import type { FieldType } from "./field-types";

/**
 * Spec 1 §3.3's picker list, plus checkboxes: it renders, reads and stores (`text[]`) like
 * the others, and without it an owner could not make a many-answer question of option cards.
 */
const OFFERED = new Set<FieldType>([
  "text", "textarea", "select", "checkbox", "checkboxes", "switch", "radio", "toggle-group", "email", "tel",
  "url", "password", "number", "date", "datetime-local", "time", "month", "week", "file", "image",
  "audio", "video", "color", "hidden", "range", "search", "richtext",
  // Issue 22: every answer type a form renders is in the editor's insert menu and field panel.
  "country", "json", "latlng", "signature", "canvas",
]);

const LABELS: Partial<Record<FieldType, string>> = {
  "datetime-local": "Date and time", "toggle-group": "Toggle group", latlng: "Location", json: "JSON",
  richtext: "Rich text",
};

/** The editor's name of a field type: "Date and time", "Toggle group", "Email"… */
export function fieldTypeLabel(type: FieldType): string {
  return LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** Listed in the field-type picker (spec 1 §3.3 "Offered in the type picker"). */
export function isOfferedFieldType(type: FieldType): boolean {
  return OFFERED.has(type);
}
