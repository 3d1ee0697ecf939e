/**
 * The developer's wording of a refused answer (`error.message`: "age above the maximum 10");
 * the visitor's is in field-messages.ts.
 */
import { capabilityOf, type FieldType } from "./field-types";
import type { FieldProblem } from "./field-messages";

const quote = (text: string) => JSON.stringify(text.slice(0, 100));

/** The developer's reason, read after the field name: `answer is required`. */
export function problemReason(type: FieldType, problem: FieldProblem): string {
  switch (problem.kind) {
    case "required": return capabilityOf(type).value === "boolean" ? "must be checked" : "is required";
    case "not_boolean": return "not a yes/no value";
    case "one_value": return "takes one value";
    case "no_option": return `has no option ${quote(problem.value)}`;
    case "not_offered": return `option ${quote(problem.value)} is not offered`;
    case "too_long": return `is longer than ${problem.max} characters`;
    case "unstorable": return "contains a NUL byte or an unpaired surrogate";
    case "not_type": return `is not a valid ${type}`;
    case "email": return "not an email address";
    case "url": return "not an http: or https: address";
    case "pattern": return "does not match the pattern";
    case "below": return `below the minimum ${problem.min}`;
    case "above": return `above the maximum ${problem.max}`;
    case "step": return `not a multiple of the step ${problem.step}`;
    case "too_many_items": return `takes at most ${problem.max} items`;
    case "too_many_files": return `takes at most ${problem.max} file${problem.max === 1 ? "" : "s"}`;
    case "file_too_large": return `has a file over ${problem.max_bytes} bytes`;
    case "file_type": return `has a file that is not ${problem.accept}`;
  }
}
