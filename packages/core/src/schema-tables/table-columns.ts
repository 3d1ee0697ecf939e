/**
 * The grid's columns of a schema table (data mode's `data/table/{name}`): one per attribute,
 * its format the column's Postgres format (which decides the filter operators), with a
 * form field of the type that edits it (the record panel and cell editors read fields), so
 * an enum edits as a choice, a boolean as a checkbox, a date as a date.
 */
import type { DataColumn } from "../data/table-columns";
import type { FieldType } from "../field-types";
import type { FormField } from "../form-model";
import { attributeColumnType, formatOfColumnType, isFieldAttribute, type Attribute } from "./attributes";

const EDITOR_TYPE: Partial<Record<Attribute["type"], FieldType>> = {
  text: "textarea", integer: "number", numeric: "number", boolean: "checkbox", date: "date", time: "time",
  timestamptz: "datetime-local", uuid: "text", json: "json", enum: "select",
};

/** The form field that edits an attribute's values in the workbench. */
export function attributeField(attr: Attribute): FormField {
  const type: FieldType = isFieldAttribute(attr.type) ? (attr.type as FieldType) : attr.type === "enum" && attr.is_array ? "checkboxes" : EDITOR_TYPE[attr.type]!;
  const list = attr.is_array && attr.type !== "enum";
  return {
    id: attr.id, name: attr.name, label: attr.name, type, placeholder: null, help_text: null,
    required: attr.not_null && !attr.default && !attr.primary_key, readonly: false, pattern: null,
    step: attr.type === "integer" ? 1 : null, min: null, max: null, autocomplete: null, accept: null,
    multiple: attr.type === "enum" && attr.is_array, is_array: list, data: null, v_value: null, upload: null, resolve: null,
    storage: null, reference: null, options_inventory: null,
    options: attr.enum_values.map((value, index) => ({ id: `${attr.id}-${index}`, value, label: value, src: null, disabled: false, index, optgroup_id: null })),
    optgroups: [],
  };
}

/** The primary key first (frozen, the row's handle), then the attributes in order. */
export function schemaTableColumns(attributes: readonly Attribute[]): DataColumn[] {
  const ordered = [...attributes.filter((a) => a.primary_key), ...attributes.filter((a) => !a.primary_key)];
  return ordered.map((attr) => ({
    name: attr.name, format: formatOfColumnType(attributeColumnType(attr)), label: attr.name,
    ...(attr.primary_key ? { key: true, system: false } : { field: attributeField(attr), system: false }),
  }));
}
