/** The rules a field saved from the editor meets: those of the definition file, one field at a time. */
import {
  assertNoProblem, definitionProblems, FieldworkError, FormDefinition, hiddenFlagProblem, valueExpressionProblem, type FieldDefinition,
} from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { assertSavableField } from "../definition-import";

const EMPTY_FORM = FormDefinition.parse({ title: "field" });

/** Name, type, and options: unique values, unique group labels, groups that exist. */
export function assertFieldSavable(field: FieldDefinition): void {
  assertSavableField(field);
  // A computed value reads other fields, which this one-field form does not have: its syntax
  // is checked here, its references by `assertValueExpression` against the whole form.
  assertNoProblem(valueExpressionProblem(field.v_value), "v_value");
  const problems = definitionProblems({ ...EMPTY_FORM, fields: [{ ...field, v_value: null }] });
  if (problems.length) throw new FieldworkError("MALFORMED_REQUEST", problems.join("; "));
}

/** The form's field names, with `rename` applied (a field saved under a new name). */
async function fieldNames(trx: Kysely<DB>, formId: string, rename?: { from: string; to: string }): Promise<Set<string>> {
  const rows = await trx.selectFrom("form_field").select("name").where("form_id", "=", formId).execute();
  return new Set(rows.map((r) => (rename && r.name === rename.from ? rename.to : r.name)));
}

/** A block's `v_hidden`: true, null, or an expression over the form's fields (INVALID_EXPRESSION otherwise). */
export async function assertHiddenExpression(trx: Kysely<DB>, formId: string, v_hidden: unknown): Promise<void> {
  if (typeof v_hidden !== "string") return assertNoProblem(hiddenFlagProblem(v_hidden), "v_hidden");
  assertNoProblem(hiddenFlagProblem(v_hidden, await fieldNames(trx, formId)), "v_hidden");
}

/**
 * A field's `v_value` over the form's fields, the field itself named as it will be saved
 * (`oldName`: its current name; a new field has none yet).
 */
export async function assertValueExpression(trx: Kysely<DB>, formId: string, field: FieldDefinition, oldName: string | null): Promise<void> {
  if (typeof field.v_value !== "string") return;
  const names = await fieldNames(trx, formId, oldName === null ? undefined : { from: oldName, to: field.name });
  assertNoProblem(valueExpressionProblem(field.v_value, names.add(field.name)), "v_value");
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
