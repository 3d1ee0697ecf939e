/**
 * The owner's wording of the form's footer buttons (spec 1 §2.2, spec 2 §3: "Back, Next,
 * Submit, Pay (defaults Back, Next, Submit, Pay; translatable)"): per form, each optional; a
 * label left empty is the form's language's default (`button.*` in the catalogue). The server
 * lays them over the catalogue it puts in the preload, so the page it renders and the
 * hydrated form read the same words and the public form's JavaScript does not change.
 */
import type { BrowserMessageKey, BrowserMessages } from "./catalogues";

export const BUTTON_LABEL_KEYS = ["back", "next", "submit", "pay"] as const;
export type ButtonLabelKey = (typeof BUTTON_LABEL_KEYS)[number];
/** A form's button labels: `null` (or blank) is the language's default. */
export type ButtonLabels = Readonly<Record<ButtonLabelKey, string | null>>;

/** The longest button label: a footer button holds a few words. */
export const BUTTON_LABEL_LENGTH = 40;

export const NO_BUTTON_LABELS: ButtonLabels = { back: null, next: null, submit: null, pay: null };

/** The catalogue key each label replaces. */
export const BUTTON_LABEL_MESSAGE: Readonly<Record<ButtonLabelKey, BrowserMessageKey>> = {
  back: "button.back", next: "button.next", submit: "button.submit", pay: "button.pay",
};

/** The owner's labels read from stored JSON: anything not a string of the right length is no label. */
export function readButtonLabels(value: unknown): ButtonLabels {
  const record = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const one = (v: unknown) => (typeof v === "string" && v.trim() !== "" && v.length <= BUTTON_LABEL_LENGTH ? v.trim() : null);
  return { back: one(record.back), next: one(record.next), submit: one(record.submit), pay: one(record.pay) };
}

/** `messages` with the owner's labels in place of the defaults (the same object when there are none). */
export function withButtonLabels(messages: BrowserMessages, labels: ButtonLabels): BrowserMessages {
  const set = BUTTON_LABEL_KEYS.filter((key) => labels[key] !== null && labels[key]!.trim() !== "");
  if (!set.length) return messages;
  const out: Record<string, string> = { ...messages };
  for (const key of set) out[BUTTON_LABEL_MESSAGE[key]] = labels[key]!.trim();
  return out as BrowserMessages;
}
