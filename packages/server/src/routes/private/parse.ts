import { FieldworkError, isErrorCode, ROLES } from "@fieldwork/core";
import { z } from "zod";

/** A member's or a key's role in a request body. */
export const RoleSchema = z.enum(ROLES);

/**
 * Parses a request body with a zod schema; a mismatch is MALFORMED_REQUEST naming the
 * fields, or the catalogue code an issue carries (`params.code`: URL_NOT_ALLOWED, …).
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
  const coded = parsed.error.issues.map((i) => (i as { params?: { code?: unknown } }).params?.code).find(isErrorCode);
  throw new FieldworkError(coded ?? "MALFORMED_REQUEST", detail);
}
