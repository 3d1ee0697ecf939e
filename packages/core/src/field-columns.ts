/**
 * The managed-table column a field's answers go to. Only the server and the workbench's data
 * grid read it: apart from field-types.ts so the public form's first load carries none of it.
 */
import { capabilityOf, isMultiValued, type ColumnType, type FieldType } from "./field-types";

/** The managed-table column type for a field (see docs/ARCHITECTURE.md for the full map). */
export function columnTypeOf(field: { type: FieldType; multiple?: boolean | null; is_array?: boolean | null; reference?: unknown }): ColumnType {
  const keyType = field.type === "search" ? referenceKeyTypeOf(field.reference) : null;
  if (keyType) return keyType;
  const { column, file } = capabilityOf(field.type);
  if (file || !isMultiValued(field)) return column;
  if (column === "text") return "text[]";
  if (column === "numeric") return "numeric[]";
  return column;
}

/** Column types a reference's key may give its field (the server sets `key_type` on save: references/reference-target.ts). */
export const REFERENCE_KEY_TYPES = ["text", "numeric", "bigint", "uuid"] as const;
export type ReferenceKeyType = (typeof REFERENCE_KEY_TYPES)[number];

/** The `key_type` a stored reference carries, or null (no reference, or one saved before keys were typed: text). */
export function referenceKeyTypeOf(reference: unknown): ReferenceKeyType | null {
  if (typeof reference !== "object" || reference === null) return null;
  const keyType = (reference as { key_type?: unknown }).key_type;
  return (REFERENCE_KEY_TYPES as readonly unknown[]).includes(keyType) ? (keyType as ReferenceKeyType) : null;
}

const KEY_PATTERNS: Record<ReferenceKeyType, RegExp | null> = {
  text: null,
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  bigint: /^-?\d{1,18}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** Whether a submitted key fits its reference's column (checked before it is cast and stored). */
export function referenceKeyFits(keyType: ReferenceKeyType, value: string): boolean {
  const pattern = KEY_PATTERNS[keyType];
  return pattern === null || pattern.test(value);
}
