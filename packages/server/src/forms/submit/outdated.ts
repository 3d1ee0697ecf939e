/**
 * A step of the submit pipeline: a visitor midway through an older version of the form
 * (the page posts the revision it was rendered from) whose answers no longer read against
 * the current definition gets FORM_SCHEMA_OUTDATED, and the outdated-schema page, rather
 * than a failed submit (spec 1 §2.2). Answers that still read are accepted: nothing lost.
 */
import { FieldworkError } from "@fieldwork/core";

export function readAgainstCurrent<T>(read: () => T, posted: number | null, current: number): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldworkError && posted !== null && posted < current) {
      throw new FieldworkError(
        "FORM_SCHEMA_OUTDATED", `This page was made from revision ${posted} of the form; it is now at ${current} and the answers do not fit it (${error.message}).`,
        undefined, { page_query: { revision: String(posted), current: String(current) } },
      );
    }
    throw error;
  }
}
