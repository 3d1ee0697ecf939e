/**
 * Postgres errors a query's values can cause, as catalogue errors: a value that does not
 * read as its column's type, a text search query or configuration Postgres refuses. Any
 * other database error stays a bug (500) and is logged.
 */
import { FieldworkError } from "@fieldwork/core";

export function queryErrorOf(error: unknown, valueCode: "INVALID_FILTER_VALUE" | "INVALID_FIELD_VALUE" = "INVALID_FILTER_VALUE"): FieldworkError | undefined {
  if (error instanceof FieldworkError) return error;
  const { code, message = "" } = error as { code?: unknown; message?: string };
  if (typeof code !== "string") return undefined;
  const detail = message.length > 300 ? `${message.slice(0, 300)}…` : message;
  // Class 22, data exception: invalid input syntax, out of range, bad escape, bad array literal…
  if (code.startsWith("22")) return new FieldworkError(valueCode, detail);
  // An unknown text search configuration (`fts(nope).cat`).
  if (code === "42704" && /text search configuration/.test(message)) return new FieldworkError("INVALID_FILTER_VALUE", detail);
  if (code === "42601" && /tsquery/.test(message)) return new FieldworkError("INVALID_FILTER_VALUE", detail);
  if (code === "23505") return new FieldworkError("DUPLICATE_KEY", detail);
  // A schema table's constraints (schemas/): a reference to no row, or a row still referenced; a null or a value a check refuses.
  if (code === "23503") return new FieldworkError("FOREIGN_KEY_VIOLATION", detail);
  if (code === "23502" || code === "23514") return new FieldworkError("INVALID_FIELD_VALUE", detail);
  if (code === "54001") return new FieldworkError("QUERY_TOO_LARGE");
  // statement_timeout, or pg_cancel_backend after the client went away (query-guard.ts).
  if (code === "57014") return new FieldworkError("QUERY_TIMEOUT");
  return undefined;
}

/** Runs `work`, turning value errors into 400s (a filter's value, or a written one). */
export async function mappingQueryErrors<T>(work: () => Promise<T>, valueCode?: "INVALID_FILTER_VALUE" | "INVALID_FIELD_VALUE"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw queryErrorOf(error, valueCode) ?? error;
  }
}
