/**
 * The offline field suggestion, used when no AI endpoint is configured (AI_BASE_URL unset):
 * keywords of the owner's description pick a type ("email" → email, "phone" → tel, "date of
 * birth" → date, "rate" or "score" → range, "how many" → number, "country" → country where
 * the renderer draws it, yes/no → switch), a list "a, b or c" becomes a select with those
 * options, and an empty description suggests the first common field the form lacks. The
 * result goes through `normalizeSuggestion` like a model's.
 */
import { capabilityOf, type FieldType } from "../field-types";
import { normalizeSuggestion, type FieldSuggestion, type SuggestionContext } from "./field-suggestion";

interface Rule { test: RegExp; type: FieldType; placeholder?: string }

/** First match wins: the more specific words come first. */
const RULES: Rule[] = [
  { test: /\be-?mail/, type: "email", placeholder: "you@example.com" },
  { test: /\b(phone|mobile|telephone|cell ?phone|tel)\b/, type: "tel" },
  { test: /\b(date of birth|birth ?date|birthday|dob|born)\b/, type: "date" },
  { test: /\b(date and time|datetime|appointment|timestamp)\b/, type: "datetime-local" },
  { test: /\b(date|day|deadline)\b/, type: "date" },
  { test: /\b(time|hour)\b/, type: "time" },
  { test: /\bmonth\b/, type: "month" },
  { test: /\bweek\b/, type: "week" },
  { test: /\b(url|website|web site|homepage|link)\b/, type: "url" },
  { test: /\bpassword\b/, type: "password" },
  { test: /\b(country|nationality)\b/, type: "country" },
  { test: /\b(rate|rating|score|scale|satisf\w*|how likely|nps)\b/, type: "range" },
  { test: /\b(how many|number of|quantity|amount|age|count|price|budget|years)\b/, type: "number" },
  { test: /\b(yes\s*\/\s*no|yes or no|do you|are you|would you|have you|is it)\b/, type: "switch" },
  { test: /\b(agree|accept|consent|terms|opt.?in|subscribe)\b/, type: "checkbox" },
  { test: /\b(photo|picture|image|avatar|logo)\b/, type: "image" },
  { test: /\b(upload|file|attach\w*|resume|cv|document)\b/, type: "file" },
  { test: /\b(colou?r)\b/, type: "color" },
  { test: /\b(comment|comments|feedback|message|describe|description|notes?|tell us|bio|about you|address|why)\b/, type: "textarea" },
];

/** A type the renderer does not draw yet (country before its picker) falls back to text. */
const fallbackOf = (rule: Rule): Rule => (capabilityOf(rule.type).renderable ? rule : { test: rule.test, type: "text" });

/** The list in "Size: S, M, L or XL" / "red, green or blue": its label words and its items. */
export function listIn(description: string): { label: string; items: string[]; many: boolean } | null {
  const text = description.trim().replace(/[.?!]+$/, "");
  const colon = text.indexOf(":");
  const head = colon >= 0 ? text.slice(0, colon) : "";
  const body = colon >= 0 ? text.slice(colon + 1) : text;
  const parts = body.split(/\s*,\s*|\s*;\s*|\s*\/\s*|\s+or\s+|\s+and\s+|\s*\n\s*/i).map((p) => p.trim()).filter(Boolean);
  const separators = (body.match(/,|;|\bor\b|\band\b|\//gi) ?? []).length;
  // Without a colon, a list needs three items or more ("a, b or c"): "name and email" is no list.
  if (parts.length < 2 || (colon < 0 && (parts.length < 3 || !body.includes(",")))) return null;
  if (separators < parts.length - 1) return null;
  let label = head;
  const items = [...parts];
  if (colon < 0) {
    // "T-shirt size S, M or L": the first item's last word is the item, the rest the label.
    const words = items[0]!.split(/\s+/);
    items[0] = words.pop()!;
    label = words.join(" ");
  }
  if (items.some((i) => i.split(/\s+/).length > 6)) return null;
  const many = /\b(all that apply|several|multiple|any of|which of)\b/i.test(text);
  return { label: label.replace(/\b(choose|pick|select|one of|between|from|among)\b/gi, " ").replace(/\s+/g, " ").trim(), items, many };
}

/** "what is your favourite fruit?" → "What is your favourite fruit" (a label, not a sentence). */
function labelOf(description: string): string {
  const text = description.trim().replace(/[.!:;]+$/, "").replace(/\s+/g, " ")
    .replace(/^((ask|asks|asking) (for|about|the visitor for)|a field (for|with)|field for|(a|an) (question|field) (about|for))\s+/i, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Common fields, in the order an empty description suggests them. */
const COMMON: { name: string; label: string; type: FieldType; placeholder?: string }[] = [
  { name: "full_name", label: "Full name", type: "text" },
  { name: "email", label: "Email", type: "email", placeholder: "you@example.com" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "message", label: "Message", type: "textarea" },
  { name: "comments", label: "Comments", type: "textarea" },
];

/** The suggestion for `description` (or for the form alone when it is empty). */
export function heuristicSuggestion(description: string, context: SuggestionContext): FieldSuggestion {
  const taken = context.fields.map((f) => f.name);
  const text = description.trim();
  if (!text) {
    const types = new Set(context.fields.map((f) => f.type));
    const next = COMMON.find((c) => !taken.includes(c.name) && (c.type === "text" || c.type === "textarea" || !types.has(c.type))) ?? COMMON.at(-1)!;
    return normalizeSuggestion({ ...next }, taken)!;
  }
  const lower = text.toLowerCase();
  if (!/\b(yes\s*\/\s*no|yes or no)\b/.test(lower)) {
    const list = listIn(text);
    if (list) {
      const type: FieldType = list.many ? "checkboxes" : "select";
      return normalizeSuggestion({ label: labelOf(list.label || text), type, options: list.items }, taken)!;
    }
  }
  const rule = RULES.find((r) => r.test.test(lower));
  const chosen = rule ? fallbackOf(rule) : { type: "text" as FieldType, placeholder: undefined };
  return normalizeSuggestion({ label: labelOf(text.replace(/\?+$/, "")), type: chosen.type, placeholder: chosen.placeholder }, taken)!;
}
