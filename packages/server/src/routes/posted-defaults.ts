/**
 * What a visitor posted, as the values a form page starts with (`preload.default_values`),
 * for the page answering a refused native submit. A field absent from a native post was
 * left empty (an unchecked box, no option chosen), so it starts empty, not with a saved
 * answer. Passwords are never written back into a page.
 */
import { capabilityOf, isMultiValued, type FormField, type JsonValue } from "@fieldwork/core";
import type { PostedEntries } from "../forms/submit/read-answers";

export function postedDefaults(fields: readonly FormField[], entries: PostedEntries): Record<string, JsonValue> {
  const values: Record<string, JsonValue> = {};
  for (const field of fields) {
    if (field.type === "password") {
      values[field.name] = null;
      continue;
    }
    const posted = entries.get(field.name) ?? [];
    const cap = capabilityOf(field.type);
    if (isMultiValued(field)) values[field.name] = posted.filter((v) => v !== "");
    // A location's two number inputs (latitude, longitude) come back as the pair.
    else if (cap.value === "latlng") values[field.name] = posted.length === 2 ? posted.slice() : posted.at(-1) ?? null;
    else if (cap.value === "boolean") values[field.name] = posted.at(-1) ?? "";
    else if (posted.length > 0) values[field.name] = posted.at(-1)!;
    else if (cap.options) values[field.name] = null;
  }
  return values;
}
