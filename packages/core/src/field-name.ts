import { FieldworkError } from "./error-catalogue";

/** System columns of every managed table; no field may take one of these names. */
export const SYSTEM_COLUMNS = [
  "id", "local_index", "created_at", "updated_at", "session_id", "customer_id", "visitor_id",
  "utc_offset", "user_agent", "referer", "ip", "meta", "extra",
] as const;

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Field names are lowercase with underscores (spec 2 §5) and become column names. */
export function assertFieldName(name: string): void {
  if (!NAME.test(name)) throw new FieldworkError("FIELD_NAME_INVALID", `Invalid field name ${JSON.stringify(name)}: use lowercase letters, digits and underscores, starting with a letter.`);
  if ((SYSTEM_COLUMNS as readonly string[]).includes(name) || name.startsWith("__fw_")) {
    throw new FieldworkError("FIELD_NAME_RESERVED", `The field name ${JSON.stringify(name)} is reserved for a system column.`);
  }
}

/** Suggests a valid field name from a label: "First name" → "first_name". */
export function suggestFieldName(label: string): string {
  const base = label.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const name = /^[a-z]/.test(base) ? base : `field_${base}`;
  return name.slice(0, 63).replace(/_+$/, "") || "field";
}
