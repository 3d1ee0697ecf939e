/** Organization and project names: URL slugs (core's slugProblem), unique per scope. */
import { FieldworkError, slugProblem } from "@fieldwork/core";

const UNIQUE_VIOLATION = "23505";

/** The name itself when it is a valid slug; NAME_INVALID otherwise. */
export function checkedName(name: string): string {
  const problem = slugProblem(name);
  if (problem) throw new FieldworkError("NAME_INVALID", problem);
  return name;
}

/** A `.catch` for inserts and updates: a unique violation is NAME_TAKEN. */
export const taken = (what: string) => (error: unknown): never => {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new FieldworkError("NAME_TAKEN", `This ${what} name is already taken.`);
  throw error;
};
