/**
 * The messages a field suggestion sends: the answer's shape and the types the renderer
 * draws (from core's capability table), then the form's title and fields as context and the
 * owner's description. Texts from the form and the owner go in as JSON strings, clipped, so
 * they read as data rather than as instructions (the answer is checked anyway).
 */
import { clipText, FIELD_TYPE_CAPABILITIES, FIELD_TYPES, isSuggestibleType, SUGGESTION_LIMITS, type SuggestionContext } from "@fieldwork/core";
import type { ChatMessage } from "./chat-client";

const TYPES = FIELD_TYPES.filter((t) => isSuggestibleType(t) && t !== "hidden")
  .map((t) => `${t}${FIELD_TYPE_CAPABILITIES[t].options ? " (takes options)" : ""}`).join(", ");

const SYSTEM = [
  "You design one field of a web form. Answer with one JSON object and nothing else:",
  '{"name": "snake_case_column", "label": "...", "placeholder": "..." or null, "help_text": "..." or null,',
  ' "type": "...", "required": true|false, "pattern": "regex" or null,',
  ' "options": [{"value": "...", "label": "...", "group": "..." or null}], "optgroups": [{"label": "..."}]}',
  `type is one of: ${TYPES}.`,
  "Give options only to types that take them; a pattern only to text, tel, email, url and password.",
  "Keep labels short; use the language of the description. Do not repeat a field the form already has.",
].join("\n");

export function suggestionMessages(description: string, context: SuggestionContext): ChatMessage[] {
  const fields = context.fields.slice(0, SUGGESTION_LIMITS.context_fields)
    .map((f) => ({ name: f.name, label: f.label === null ? null : clipText(f.label, 80), type: f.type }));
  const ask = description.trim()
    ? `The field the owner wants: ${JSON.stringify(description.trim())}`
    : "The owner gave no description: suggest the most useful next field for this form.";
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: `Form title: ${JSON.stringify(clipText(context.title, 200))}\nIts fields: ${JSON.stringify(fields)}\n${ask}` },
  ];
}
