/**
 * The DDL a schema document's change needs, as data: the server renders each step with
 * quoted identifiers (names that passed `identifierProblem`) and literal defaults, and runs
 * the steps with the metadata change in one transaction. Constraint names come from the
 * attribute's server-made id, never from its name.
 */
import { FieldworkError } from "../error-catalogue";
import {
  attributeColumnType, checkAttribute, SCHEMA_LIMITS,
  type Attribute, type AttributeColumnType, type AttributeDefault, type AttributeReference,
} from "./attributes";

export type DdlStep =
  | { op: "create_table"; columns: { name: string; type: AttributeColumnType }[]; primary_key: string }
  | { op: "add_column"; name: string; type: AttributeColumnType; default: AttributeDefault | null }
  | { op: "drop_column"; name: string }
  | { op: "rename_column"; from: string; to: string }
  | { op: "retype_column"; name: string; from: AttributeColumnType; to: AttributeColumnType }
  | { op: "set_not_null" | "drop_not_null" | "drop_default"; name: string }
  | { op: "set_default"; name: string; type: AttributeColumnType; default: AttributeDefault }
  | { op: "add_unique"; name: string; constraint: string }
  | { op: "add_enum_check"; name: string; constraint: string; values: string[]; is_array: boolean }
  | { op: "add_foreign_key"; name: string; constraint: string; references: AttributeReference }
  | { op: "drop_constraint"; constraint: string };

const ATTRIBUTE_ID = /^[a-z0-9]{8}$/;

export const constraintName = (kind: "u" | "c" | "f", attr: Pick<Attribute, "id">) => {
  if (!ATTRIBUTE_ID.test(attr.id)) throw new Error(`attribute id ${JSON.stringify(attr.id)} is not 8 lowercase letters and digits`);
  return `${kind}_${attr.id}`;
};

const sameDefault = (a: AttributeDefault | null, b: AttributeDefault | null) => JSON.stringify(a) === JSON.stringify(b);
const sameReference = (a: AttributeReference | null, b: AttributeReference | null) => JSON.stringify(a) === JSON.stringify(b);
const sameEnum = (a: Attribute, b: Attribute) =>
  a.type === "enum" && b.type === "enum" && a.is_array === b.is_array && JSON.stringify(a.enum_values) === JSON.stringify(b.enum_values);

/** The constraints an attribute adds once its column exists (not null, unique, enum check, foreign key). */
function constraintSteps(attr: Attribute): DdlStep[] {
  const steps: DdlStep[] = [];
  if (attr.not_null && !attr.primary_key) steps.push({ op: "set_not_null", name: attr.name });
  if (attr.unique && !attr.primary_key) steps.push({ op: "add_unique", name: attr.name, constraint: constraintName("u", attr) });
  if (attr.type === "enum") steps.push({ op: "add_enum_check", name: attr.name, constraint: constraintName("c", attr), values: attr.enum_values, is_array: attr.is_array });
  if (attr.references) steps.push({ op: "add_foreign_key", name: attr.name, constraint: constraintName("f", attr), references: attr.references });
  return steps;
}

function assertDistinct(attributes: readonly Attribute[]) {
  const names = new Set<string>();
  for (const attr of attributes) {
    if (names.has(attr.name)) throw new FieldworkError("COLUMN_NAME_TAKEN", `Two columns are named ${JSON.stringify(attr.name)}.`, [attr.name]);
    names.add(attr.name);
  }
  if (attributes.length > SCHEMA_LIMITS.attributes_per_table) {
    throw new FieldworkError("ATTRIBUTE_INVALID", `A table has at most ${SCHEMA_LIMITS.attributes_per_table} columns.`);
  }
}

/** A new table: exactly one primary key column, every attribute checked, then the constraints. */
export function planCreateTable(attributes: readonly Attribute[]): DdlStep[] {
  attributes.forEach(checkAttribute);
  assertDistinct(attributes);
  const keys = attributes.filter((a) => a.primary_key);
  if (keys.length !== 1) throw new FieldworkError("ATTRIBUTE_INVALID", "A table has exactly one primary key column.");
  const create: DdlStep = { op: "create_table", columns: attributes.map((a) => ({ name: a.name, type: attributeColumnType(a) })), primary_key: keys[0]!.name };
  const defaults: DdlStep[] = attributes.flatMap((a) => (a.default ? [{ op: "set_default", name: a.name, type: attributeColumnType(a), default: a.default } as const] : []));
  return [create, ...defaults, ...attributes.flatMap(constraintSteps)];
}

/** A column added to a table that may hold rows: its default fills them before not-null is checked. */
export function planAddAttribute(existing: readonly Attribute[], attr: Attribute): DdlStep[] {
  checkAttribute(attr);
  assertDistinct([...existing, attr]);
  if (attr.primary_key) throw new FieldworkError("ATTRIBUTE_INVALID", "The primary key is chosen when the table is made.", [attr.name]);
  return [{ op: "add_column", name: attr.name, type: attributeColumnType(attr), default: attr.default }, ...constraintSteps(attr)];
}

/**
 * A change of one attribute: its constraints that the change touches are dropped first, then
 * rename, retype (the server first asks which rows would not convert, and refuses naming
 * them), nullability and default, then the constraints of the new attribute are added.
 */
export function planChangeAttribute(existing: readonly Attribute[], old: Attribute, next: Attribute): DdlStep[] {
  checkAttribute(next);
  if (next.id !== old.id) throw new Error("an attribute keeps its id");
  assertDistinct(existing.map((a) => (a.id === old.id ? next : a)));
  if (next.primary_key !== old.primary_key) throw new FieldworkError("ATTRIBUTE_INVALID", "The primary key is chosen when the table is made.", [old.name]);
  const from = attributeColumnType(old), to = attributeColumnType(next);
  const retyped = from !== to;
  const steps: DdlStep[] = [];
  const fkChanged = !!old.references && (retyped || !sameReference(old.references, next.references));
  if (fkChanged) steps.push({ op: "drop_constraint", constraint: constraintName("f", old) });
  if (old.unique && !old.primary_key && !next.unique) steps.push({ op: "drop_constraint", constraint: constraintName("u", old) });
  const enumChanged = old.type === "enum" && !sameEnum(old, next);
  if (enumChanged) steps.push({ op: "drop_constraint", constraint: constraintName("c", old) });
  const defaultChanged = !sameDefault(old.default, next.default) || retyped;
  if (old.default && defaultChanged) steps.push({ op: "drop_default", name: old.name });
  if (old.name !== next.name) steps.push({ op: "rename_column", from: old.name, to: next.name });
  if (retyped) steps.push({ op: "retype_column", name: next.name, from, to });
  if (next.not_null !== old.not_null && !next.primary_key) steps.push({ op: next.not_null ? "set_not_null" : "drop_not_null", name: next.name });
  if (next.default && (defaultChanged || !old.default)) steps.push({ op: "set_default", name: next.name, type: to, default: next.default });
  if (next.unique && !next.primary_key && !old.unique) steps.push({ op: "add_unique", name: next.name, constraint: constraintName("u", next) });
  if (next.type === "enum" && (enumChanged || old.type !== "enum")) {
    steps.push({ op: "add_enum_check", name: next.name, constraint: constraintName("c", next), values: next.enum_values, is_array: next.is_array });
  }
  if (next.references && (fkChanged || !old.references)) {
    steps.push({ op: "add_foreign_key", name: next.name, constraint: constraintName("f", next), references: next.references });
  }
  return steps;
}

export interface SchemaTableShape { name: string; attributes: readonly Attribute[] }

/** The attributes of other tables (or of the same one) that reference `table`'s `column` (any column when absent). */
export function referencesTo(tables: readonly SchemaTableShape[], table: string, column?: string): { table: string; column: string }[] {
  return tables.flatMap((t) => t.attributes
    .filter((a) => a.references?.table === table && (column === undefined || a.references.column === column))
    .map((a) => ({ table: t.name, column: a.name })));
}

/**
 * A reference's target: a table of the same schema document whose column is its primary key
 * or unique, of the same column type as the referencing column.
 */
export function assertReferenceTarget(tables: readonly SchemaTableShape[], attr: Attribute, self?: SchemaTableShape): void {
  if (!attr.references) return;
  const { table, column } = attr.references;
  const target = tables.find((t) => t.name === table) ?? (self?.name === table ? self : undefined);
  const invalid = (message: string) => new FieldworkError("ATTRIBUTE_INVALID", `${attr.name}: ${message}`, [attr.name]);
  if (!target) throw invalid(`this schema has no table ${JSON.stringify(table)}.`);
  const col = target.attributes.find((a) => a.name === column);
  if (!col) throw invalid(`the table ${table} has no column ${JSON.stringify(column)}.`);
  if (!col.primary_key && !col.unique) throw invalid(`${table}.${column} is neither the primary key nor unique.`);
  if (attributeColumnType(col) !== attributeColumnType(attr)) {
    throw invalid(`${table}.${column} is ${attributeColumnType(col)}; this column is ${attributeColumnType(attr)}.`);
  }
}
