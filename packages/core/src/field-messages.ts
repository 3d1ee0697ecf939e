/**
 * What a refused answer says, in one place: the short reason developers read in
 * `error.message` ("age above the maximum 10", field-reasons.ts) and the sentence a visitor
 * reads under the field ("Must be 10 or less.", here). `parseFieldValue` and the file rules
 * name a problem; these functions word it, in the form's language (the catalogue's `field.*`
 * sentences, i18n/). The two live apart so the public form's bundle, which words problems
 * for visitors only, carries no developer reasons.
 */
import type { FIELD_ERROR_CODES } from "./errors";
import { capabilityOf, type FieldType } from "./field-types";
import { fileTooLargeMessage, megabytesOf } from "./file-limits";
import { formatMessage, type MessageVars } from "./i18n/format";
import type { MessageKey } from "./i18n/en";

/** Why one field's answer was refused (spec 1 §5). */
export type FieldProblem =
  | { kind: "required" }
  | { kind: "not_boolean" }
  | { kind: "one_value" }
  | { kind: "no_option"; value: string }
  | { kind: "not_offered"; value: string }
  | { kind: "too_long"; max: number }
  | { kind: "unstorable" }
  | { kind: "not_type" }
  | { kind: "email" }
  | { kind: "url" }
  | { kind: "pattern" }
  | { kind: "below"; min: number | string }
  | { kind: "above"; max: number | string }
  | { kind: "step"; step: number }
  | { kind: "too_many_files"; max: number }
  | { kind: "too_many_items"; max: number }
  | { kind: "file_too_large"; max_bytes: number }
  | { kind: "file_type"; accept: string };

/** A field that failed, as the JSON answer and the page show it. */
export interface FieldError {
  /** The field's name. */
  field: string;
  code: (typeof FIELD_ERROR_CODES)[number];
  /** A sentence for the visitor, shown under the field. */
  message: string;
}

/** The catalogue sentences of refused answers (i18n/en.ts `field.*`), which is all `problemMessage` reads. */
export type FieldMessageKey = Extract<MessageKey, `field.${string}`>;
export type FieldMessages = Readonly<Record<FieldMessageKey, string>>;

const NOT_TYPE: Partial<Record<FieldType, FieldMessageKey>> = {
  number: "field.not_number", range: "field.not_number", date: "field.not_date", time: "field.not_time",
  "datetime-local": "field.not_datetime", month: "field.not_month", week: "field.not_week", color: "field.not_color",
  email: "field.email", url: "field.not_url",
  json: "field.not_json", latlng: "field.not_latlng", country: "field.not_country",
  signature: "field.not_signature", canvas: "field.not_sketch",
};

const TIME_LIKE = new Set<FieldType>(["date", "time", "datetime-local", "month", "week"]);

/** Spec 1 §5's upload message: `File is too large. Max size is 5MB`. */
export { fileTooLargeMessage, megabytesOf };

/** The sentence a visitor reads under the field, in the language of `messages` (the form's). */
export function problemMessage(type: FieldType, problem: FieldProblem, messages: FieldMessages): string {
  const options = capabilityOf(type).options;
  const say = (key: FieldMessageKey, vars?: MessageVars) => formatMessage(messages[key], vars);
  switch (problem.kind) {
    case "required":
      if (capabilityOf(type).value === "boolean") return say("field.required_check");
      return say(options ? "field.required_choice" : "field.required");
    case "not_boolean": return say("field.not_boolean");
    case "one_value": return say(options ? "field.one_option" : "field.one_value");
    case "no_option": return say("field.no_option");
    case "not_offered": return say("field.not_offered");
    case "too_long": return say("field.too_long", { max: problem.max });
    case "unstorable": return say("field.unstorable");
    case "not_type": return say(NOT_TYPE[type] ?? "field.not_valid");
    case "email": return say("field.email");
    case "url": return say("field.url");
    case "pattern": return say("field.pattern");
    case "below": return say(TIME_LIKE.has(type) ? "field.below_time" : "field.below", { min: problem.min });
    case "above": return say(TIME_LIKE.has(type) ? "field.above_time" : "field.above", { max: problem.max });
    case "step": return say("field.step", { step: problem.step });
    case "too_many_items": return say("field.too_many_items", { max: problem.max });
    case "too_many_files": return problem.max === 1 ? say("field.one_file") : say("field.too_many_files", { max: problem.max });
    // Spec 1 §5's upload message.
    case "file_too_large": return say("field.file_too_large", { n: megabytesOf(problem.max_bytes) });
    case "file_type": return say("field.file_type", { accept: problem.accept });
  }
}
