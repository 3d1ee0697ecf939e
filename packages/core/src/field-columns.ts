/**
 * The managed-table column a field's answers go to. Only the server and the workbench's data
 * grid read it: apart from field-types.ts so the public form's first load carries none of it.
 */
import { capabilityOf, isMultiValued, type ColumnType, type FieldType } from "./field-types";

/** The managed-table column type for a field (see docs/ARCHITECTURE.md for the full map). */
export function columnTypeOf(field: { type: FieldType; multiple?: boolean | null; is_array?: boolean | null }): ColumnType {
  const { column, file } = capabilityOf(field.type);
  if (file || !isMultiValued(field)) return column;
  if (column === "text") return "text[]";
  if (column === "numeric") return "numeric[]";
  return column;
}
