/**
 * What a refused answer says, in one place: the short reason developers read in
 * `error.message` ("age above the maximum 10", field-reasons.ts) and the sentence a visitor
 * reads under the field ("Must be 10 or less.", here). `parseFieldValue` and the file rules
 * name a problem; these functions word it. The two live apart so the public form's bundle,
 * which words problems for visitors only, carries no developer reasons.
 */
import type { FIELD_ERROR_CODES } from "./errors";
import { capabilityOf, type FieldType } from "./field-types";
import { fileTooLargeMessage } from "./file-limits";

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

const TYPE_NOUNS: Partial<Record<FieldType, string>> = {
  number: "a number", range: "a number", date: "a date", time: "a time", "datetime-local": "a date and time",
  month: "a month", week: "a week", color: "a colour", email: "an email address", url: "a web address",
};

const TIME_LIKE = new Set<FieldType>(["date", "time", "datetime-local", "month", "week"]);


/** Spec 1 §5's upload message: `File is too large. Max size is 5MB`. */
export { fileTooLargeMessage };

/** The sentence a visitor reads under the field. */
export function problemMessage(type: FieldType, problem: FieldProblem): string {
  const options = capabilityOf(type).options;
  switch (problem.kind) {
    case "required":
      if (capabilityOf(type).value === "boolean") return "Check this box to continue.";
      return options ? "Choose an option." : "This field is required.";
    case "not_boolean": return "Check or uncheck this box.";
    case "one_value": return options ? "Choose at most one option." : "Enter one value.";
    case "no_option": return "Choose one of the options shown.";
    case "not_offered": return "This option is not available. Choose another one.";
    case "too_long": return `Use at most ${problem.max} characters.`;
    case "unstorable": return "This text contains characters that cannot be saved. Retype it.";
    case "not_type": return `Enter ${TYPE_NOUNS[type] ?? "a valid value"}.`;
    case "email": return "Enter an email address.";
    case "url": return "Enter a web address starting with http:// or https://.";
    case "pattern": return "Match the requested format.";
    case "below": return TIME_LIKE.has(type) ? `Must be ${problem.min} or later.` : `Must be ${problem.min} or more.`;
    case "above": return TIME_LIKE.has(type) ? `Must be ${problem.max} or earlier.` : `Must be ${problem.max} or less.`;
    case "step": return `Must be a multiple of ${problem.step}.`;
    case "too_many_files": return problem.max === 1 ? "Choose one file." : `Choose at most ${problem.max} files.`;
    // Spec 1 §5's upload message.
    case "file_too_large": return fileTooLargeMessage(problem.max_bytes);
    case "file_type": return `Choose a file of type ${problem.accept}.`;
  }
}
