/**
 * A column as the New table and Add column forms hold it (strings and flags), and the
 * attribute it sends. A default is a literal, or one of core's allow-listed functions
 * written as `now()` / `gen_random_uuid()`; the server checks both.
 */
import type { Attribute, AttributeInput, AttributeType } from "@fieldwork/core";

export interface ColumnDraft {
  name: string;
  type: AttributeType;
  is_array: boolean;
  not_null: boolean;
  unique: boolean;
  /** Enum values, one per line or comma-separated. */
  enum_values: string;
  /** Empty for none. */
  default: string;
  /** `table.column` of the referenced key, or empty. */
  references: string;
}

export const emptyColumn = (): ColumnDraft => ({ name: "", type: "text", is_array: false, not_null: false, unique: false, enum_values: "", default: "", references: "" });

function defaultOf(draft: ColumnDraft): AttributeInput["default"] {
  const text = draft.default.trim();
  if (!text) return null;
  if (text === "now()") return { kind: "now" };
  if (text === "gen_random_uuid()") return { kind: "gen_random_uuid" };
  if (draft.type === "boolean" && (text === "true" || text === "false")) return { kind: "value", value: text === "true" };
  return { kind: "value", value: draft.default };
}

export function attributeOfDraft(draft: ColumnDraft): AttributeInput {
  const [table, column] = draft.references.split(".");
  return {
    name: draft.name.trim(), type: draft.type, is_array: draft.is_array, not_null: draft.not_null, unique: draft.unique,
    enum_values: draft.type === "enum" ? draft.enum_values.split(/[\n,]/).map((v) => v.trim()).filter(Boolean) : [],
    default: defaultOf(draft),
    references: table && column ? { table, column } : null,
  };
}

/** The form's copy of an existing attribute (Change column). */
export function draftOfAttribute(attr: Attribute): ColumnDraft {
  const def = attr.default;
  return {
    name: attr.name, type: attr.type, is_array: attr.is_array, not_null: attr.not_null, unique: attr.unique,
    enum_values: attr.enum_values.join(", "),
    default: def === null ? "" : def.kind === "value" ? String(def.value) : `${def.kind}()`,
    references: attr.references ? `${attr.references.table}.${attr.references.column}` : "",
  };
}

/** What a change sends: the new attribute, keeping the key a key. */
export const changedAttribute = (attr: Attribute, draft: ColumnDraft): AttributeInput => ({ ...attributeOfDraft(draft), primary_key: attr.primary_key });
