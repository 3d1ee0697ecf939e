/**
 * After a reload the tab still has its session, and the session has the answers typed so
 * far (saved by `use-session-sync`); they are put back into the form's inputs, which are
 * uncontrolled, so the visitor finds the form as they left it.
 */
import type { JsonValue } from "@fieldwork/core";
import { isRecord } from "./api";

const asList = (value: JsonValue): string[] =>
  Array.isArray(value) ? value.map(String) : value === null || value === false ? [] : [String(value)];

function restoreInto(element: Element, value: JsonValue): void {
  if (element instanceof HTMLSelectElement) {
    const chosen = new Set(asList(value));
    for (const option of element.options) option.selected = chosen.has(option.value);
  } else if (element instanceof HTMLTextAreaElement) {
    element.value = typeof value === "string" ? value : "";
  } else if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" && asList(value).length <= 1 && (value === true || value === false || value === "on")) {
      element.checked = value === true || value === "on";
    } else if (element.type === "checkbox" || element.type === "radio") {
      element.checked = asList(value).includes(element.value);
    } else if (element.type === "file") {
      // The uploader takes the saved files; it may load after this, so they wait on the field's box too.
      element.closest("[data-field]")?.setAttribute("data-restore", JSON.stringify(value));
      element.dispatchEvent(new CustomEvent("fw:restore-files", { detail: value, bubbles: true }));
    } else if (element.type !== "hidden") {
      element.value = typeof value === "string" || typeof value === "number" ? String(value) : "";
    }
  }
}

/** Puts saved values (by field name) back into the form's inputs of those names. */
export function restoreAnswers(form: HTMLFormElement, values: Record<string, JsonValue>): void {
  for (const [name, value] of Object.entries(values)) {
    const item = form.elements.namedItem(name);
    if (!item) continue;
    const elements = item instanceof RadioNodeList ? Array.from(item) : [item];
    // Inputs that each post one value of a list (a location's latitude and longitude) take theirs.
    const each = Array.isArray(value) && elements.length === value.length && elements.every((e) => e instanceof HTMLInputElement && e.type === "number");
    elements.forEach((element, i) => restoreInto(element as Element, each ? (value as JsonValue[])[i]! : value));
  }
}

/** The saved answers in a preload answer (`data.default_values`), or none. */
export function savedAnswersOf(body: unknown): Record<string, JsonValue> {
  const data = isRecord(body) ? body.data : undefined;
  const values = isRecord(data) ? data.default_values : undefined;
  return isRecord(values) ? (values as Record<string, JsonValue>) : {};
}
