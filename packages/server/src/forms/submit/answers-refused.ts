/**
 * A submit whose answers were refused field by field (spec 1 §5). The error carries every
 * failing field (`field_errors`, in the JSON answer) and, for the server alone, the posted
 * entries, so a native post can be answered with the form again, its answers kept
 * (routes/errors.ts). The entries never reach the JSON answer.
 */
import { FieldworkError, type ParseFailure } from "@fieldwork/core";
import type { PostedEntries } from "./read-answers";

export class AnswersRefused extends FieldworkError {
  /** What the visitor posted, to put back into the form. */
  readonly entries: PostedEntries;
  constructor(failures: readonly [ParseFailure, ...ParseFailure[]], entries: PostedEntries) {
    const [first] = failures;
    // One code for the answer (the first failure's), every failing field named with its own.
    super(first.code, `${first.field} ${first.reason}.`, failures.map((f) => f.field), {
      field_errors: failures.map(({ field, code, message }) => ({ field, code, message })),
    });
    this.entries = entries;
  }
}
