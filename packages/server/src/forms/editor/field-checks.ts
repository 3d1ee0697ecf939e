/** The rules a field saved from the editor meets: those of the definition file, one field at a time. */
import { definitionProblems, FieldworkError, FormDefinition, type FieldDefinition } from "@fieldwork/core";
import { assertSavableField } from "../definition-import";

const EMPTY_FORM = FormDefinition.parse({ title: "field" });

/** Name, type, and options: unique values, unique group labels, groups that exist. */
export function assertFieldSavable(field: FieldDefinition): void {
  assertSavableField(field);
  const problems = definitionProblems({ ...EMPTY_FORM, fields: [field] });
  if (problems.length) throw new FieldworkError("MALFORMED_REQUEST", problems.join("; "));
}

const UNIQUE_VIOLATION = "23505";
const TOO_MANY_COLUMNS = "54011";

export const rethrowTaken = (error: unknown): never => {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new FieldworkError("FIELD_NAME_TAKEN");
  throw error;
};

/** Postgres counts dropped columns toward its 1,600: a form whose fields came and went often can reach it. */
export const rethrowColumnLimit = (error: unknown): never => {
  if ((error as { code?: string }).code === TOO_MANY_COLUMNS) {
    throw new FieldworkError("TOO_MANY_FIELDS", "This form's table has used up Postgres' 1,600 columns (dropped ones count too); copy the form to start a fresh table.");
  }
  throw error;
};
