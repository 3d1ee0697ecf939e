/**
 * The value sent to `PATCH /v1/session/{session_id}/field/{field_id}` for a field, read from
 * the strings the form would post under its name (`FormData.getAll(name)`).
 */
import { capabilityOf, isMultiValued, type FormField } from "@fieldwork/core";

export type SyncValue = string | string[] | boolean;

export function syncValueOf(field: Pick<FormField, "type" | "multiple">, raw: readonly string[]): SyncValue {
  if (capabilityOf(field.type).value === "boolean") return raw.some((v) => v !== "" && v !== "off");
  if (isMultiValued(field)) return [...raw];
  return raw[0] ?? "";
}
