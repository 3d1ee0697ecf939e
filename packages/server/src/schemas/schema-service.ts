/**
 * A schema document's tables (doctype `v0_schema`; spec 2 §7 `tables/new`, `tables/{id}`
 * with `user_confirmation_txt`): create and delete tables, add, change and drop columns.
 * Each change is one transaction: the document's row is locked (changes of one schema queue;
 * references cross its tables), core plans the DDL, `runDdl` runs it, and the table's row
 * (attributes, revision) is written before commit. A failure leaves neither.
 */
import { randomBytes } from "node:crypto";
import {
  assertReferenceTarget, assertTableName, AttributeInput, FieldworkError, planAddAttribute, planChangeAttribute, planCreateTable,
  referencesTo, SCHEMA_LIMITS, attributeColumnType, type Attribute, type DdlStep,
} from "@fieldwork/core";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, DocumentTable, SchemaTableTable } from "../db/schema";
import { managedTable } from "../tables/managed-names";
import { installRowFeedTriggers } from "../tables/row-feed-triggers";
import { ddlErrorOf, physicalTableName, runDdl } from "./schema-ddl";

export type SchemaTableRow = Selectable<SchemaTableTable>;

export interface SchemaTableView {
  id: string;
  document_id: string;
  name: string;
  description: string | null;
  attributes: Attribute[];
  revision: number;
  created_at: Date;
}

export const tableView = (row: SchemaTableRow): SchemaTableView => ({
  id: row.id, document_id: row.document_id, name: row.name, description: row.description,
  attributes: row.attributes, revision: row.revision, created_at: row.created_at,
});

type Doc = Pick<Selectable<DocumentTable>, "id" | "project_id" | "doctype">;

function assertSchemaDocument(doc: Doc) {
  if (doc.doctype !== "v0_schema") throw new FieldworkError("NOT_FOUND", "This document is not a schema.");
}

const newAttributeId = () => randomBytes(4).toString("hex");

function attributeOf(input: unknown, id = newAttributeId()): Attribute {
  const parsed = AttributeInput.safeParse(input);
  if (!parsed.success) {
    throw new FieldworkError("ATTRIBUTE_INVALID", parsed.error.issues.map((i) => `${i.path.join(".") || "column"}: ${i.message}`).join("; ").slice(0, 500));
  }
  return { id, ...parsed.data };
}

const DEFAULT_KEY = { name: "id", type: "uuid", primary_key: true, default: { kind: "gen_random_uuid" } } as const;

export async function listSchemaTables(db: Kysely<DB>, doc: Doc): Promise<SchemaTableView[]> {
  assertSchemaDocument(doc);
  const rows = await db.selectFrom("schema_table").selectAll().where("document_id", "=", doc.id).orderBy("created_at").orderBy("name").execute();
  return rows.map(tableView);
}

const isDeadlock = (error: unknown) => (error as { code?: unknown }).code === "40P01";
const ATTEMPTS = 3;

/**
 * One transaction with the document locked and its tables read: every change runs in one.
 * A lazy index built concurrently on the table (tables/column-index.ts) waits for this
 * transaction while its DDL waits for the build: Postgres ends one of them, and when it is
 * this one the change runs again.
 */
async function inSchema<T>(db: Kysely<DB>, doc: Doc, work: (trx: Kysely<DB>, tables: SchemaTableRow[]) => Promise<T>): Promise<T> {
  assertSchemaDocument(doc);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await trx.selectFrom("document").select("id").where("id", "=", doc.id).forUpdate().executeTakeFirstOrThrow();
        const tables = await trx.selectFrom("schema_table").selectAll().where("document_id", "=", doc.id).execute();
        return work(trx, tables);
      });
    } catch (error) {
      if (isDeadlock(error) && attempt < ATTEMPTS) continue;
      throw ddlErrorOf(error) ?? error;
    }
  }
}

/** A table by id or name within the document; another document's (or project's) is NOT_FOUND. */
function tableIn(tables: SchemaTableRow[], ref: string): SchemaTableRow {
  const table = tables.find((t) => t.id === ref || t.name === ref);
  if (!table) throw new FieldworkError("NOT_FOUND", "No such table in this schema.");
  return table;
}

function contextOf(tables: SchemaTableRow[], table: SchemaTableRow, attributes: readonly Attribute[]) {
  const key = attributes.find((a) => a.primary_key)?.name ?? "id";
  return { table: table.table_name, key, tableOf: (name: string) => tableIn(tables, name).table_name };
}

async function saveAttributes(trx: Kysely<DB>, table: SchemaTableRow, attributes: Attribute[]): Promise<SchemaTableView> {
  const row = await trx.updateTable("schema_table")
    .set({ attributes: JSON.stringify(attributes), revision: sql`revision + 1`, updated_at: new Date() })
    .where("id", "=", table.id).returningAll().executeTakeFirstOrThrow();
  return tableView(row);
}

export interface NewTableInput { name: unknown; description?: unknown; attributes?: unknown }

export async function createSchemaTable(db: Kysely<DB>, doc: Doc, input: NewTableInput): Promise<SchemaTableView> {
  assertTableName(input.name);
  const name = input.name;
  const description = typeof input.description === "string" ? input.description.slice(0, SCHEMA_LIMITS.description_length) : null;
  const given = Array.isArray(input.attributes) ? input.attributes : input.attributes === undefined ? [] : null;
  if (!given) throw new FieldworkError("ATTRIBUTE_INVALID", "attributes is a list of columns.");
  if (given.length > SCHEMA_LIMITS.attributes_per_table) throw new FieldworkError("ATTRIBUTE_INVALID", `A table has at most ${SCHEMA_LIMITS.attributes_per_table} columns.`);
  let attributes = given.map((a) => attributeOf(a));
  if (!attributes.some((a) => a.primary_key)) attributes = [attributeOf(DEFAULT_KEY), ...attributes];
  const steps = planCreateTable(attributes);
  return inSchema(db, doc, async (trx, tables) => {
    if (tables.length >= SCHEMA_LIMITS.tables_per_schema) throw new FieldworkError("ATTRIBUTE_INVALID", `A schema has at most ${SCHEMA_LIMITS.tables_per_schema} tables.`);
    const taken = await trx.selectFrom("schema_table").select("id").where("project_id", "=", doc.project_id).where("name", "=", name).executeTakeFirst()
      ?? await trx.selectFrom("form").select("id").where("project_id", "=", doc.project_id).where("table_name", "=", name).executeTakeFirst();
    if (taken) throw new FieldworkError("TABLE_NAME_TAKEN", `The project already has a table named ${name}.`);
    const self = { name, attributes };
    for (const attr of attributes) assertReferenceTarget(tables, attr, self);
    const id = crypto.randomUUID();
    const row = await trx.insertInto("schema_table").values({
      id, document_id: doc.id, project_id: doc.project_id, name, description,
      attributes: JSON.stringify(attributes), table_name: physicalTableName(id),
    }).returningAll().executeTakeFirstOrThrow();
    await runDdl(trx, contextOf([...tables, row], row, attributes), steps);
    // Live rows: the same statement-level triggers as a form's table (tables/row-feed-triggers.ts).
    await installRowFeedTriggers(trx, row.table_name);
    await trx.updateTable("document").set({ updated_at: new Date() }).where("id", "=", doc.id).execute();
    return tableView(row);
  });
}

/** Deletes a table when `confirmation` is its name exactly; refused while other tables reference it. */
export async function deleteSchemaTable(db: Kysely<DB>, doc: Doc, ref: string, confirmation: unknown): Promise<{ id: string }> {
  return inSchema(db, doc, async (trx, tables) => {
    const table = tableIn(tables, ref);
    if (confirmation !== table.name) throw new FieldworkError("CONFIRMATION_MISMATCH", `Type ${table.name} to delete this table.`);
    const referencing = referencesTo(tables.filter((t) => t.id !== table.id), table.name);
    if (referencing.length) {
      throw new FieldworkError("TABLE_REFERENCED", `Referenced by ${referencing.map((r) => `${r.table}.${r.column}`).join(", ")}.`);
    }
    await sql`drop table ${managedTable(table.table_name)}`.execute(trx);
    await sql`delete from column_index_use where table_name = ${table.table_name}`.execute(trx);
    await trx.deleteFrom("schema_table").where("id", "=", table.id).execute();
    return { id: table.id };
  });
}

/** Every table of a schema document, dropped with it (projects/documents.ts). */
export async function dropSchemaTables(trx: Kysely<DB>, documentId: string): Promise<void> {
  const tables = await trx.selectFrom("schema_table").select("table_name").where("document_id", "=", documentId).execute();
  if (tables.length) await sql`drop table if exists ${sql.join(tables.map((t) => managedTable(t.table_name)))}`.execute(trx);
}

export async function addSchemaColumn(db: Kysely<DB>, doc: Doc, ref: string, input: unknown): Promise<SchemaTableView> {
  const attr = attributeOf(input);
  return inSchema(db, doc, async (trx, tables) => {
    const table = tableIn(tables, ref);
    const steps = planAddAttribute(table.attributes, attr);
    assertReferenceTarget(tables, attr, { name: table.name, attributes: [...table.attributes, attr] });
    await runDdl(trx, contextOf(tables, table, table.attributes), steps);
    return saveAttributes(trx, table, [...table.attributes, attr]);
  });
}

function columnIn(table: SchemaTableRow, name: string): Attribute {
  const attr = table.attributes.find((a) => a.name === name);
  if (!attr) throw new FieldworkError("COLUMN_NOT_FOUND", `The table ${table.name} has no column ${JSON.stringify(name.slice(0, 80))}.`);
  return attr;
}

/** Renames, retypes or re-constrains one column (the whole attribute is sent); a rename follows into the references to it. */
export async function changeSchemaColumn(db: Kysely<DB>, doc: Doc, ref: string, column: string, input: unknown): Promise<SchemaTableView> {
  return inSchema(db, doc, async (trx, tables) => {
    const table = tableIn(tables, ref);
    const old = columnIn(table, column);
    const next = attributeOf(input, old.id);
    const steps: DdlStep[] = planChangeAttribute(table.attributes, old, next);
    const attributes = table.attributes.map((a) => (a.id === old.id ? next : a));
    assertReferenceTarget(tables, next, { name: table.name, attributes });
    const referencing = referencesTo(tables, table.name, old.name);
    if (referencing.length && attributeColumnType(old) !== attributeColumnType(next)) {
      throw new FieldworkError("TABLE_REFERENCED", `${table.name}.${old.name} is referenced by ${referencing.map((r) => `${r.table}.${r.column}`).join(", ")}: change those first.`);
    }
    await runDdl(trx, contextOf(tables, table, table.attributes), steps);
    const saved = await saveAttributes(trx, table, attributes);
    if (old.name !== next.name) await followRename(trx, tables, table, old.name, next.name);
    return { ...saved, attributes: old.name !== next.name ? (await trx.selectFrom("schema_table").select("attributes").where("id", "=", table.id).executeTakeFirstOrThrow()).attributes : saved.attributes };
  });
}

/** References to a renamed column name it anew (Postgres's constraints follow by themselves). */
async function followRename(trx: Kysely<DB>, tables: SchemaTableRow[], renamed: SchemaTableRow, from: string, to: string): Promise<void> {
  for (const t of tables) {
    const current = t.id === renamed.id
      ? (await trx.selectFrom("schema_table").select("attributes").where("id", "=", t.id).executeTakeFirstOrThrow()).attributes
      : t.attributes;
    if (!current.some((a) => a.references?.table === renamed.name && a.references.column === from)) continue;
    const attributes = current.map((a) => (a.references?.table === renamed.name && a.references.column === from ? { ...a, references: { table: renamed.name, column: to } } : a));
    await trx.updateTable("schema_table").set({ attributes: JSON.stringify(attributes), revision: sql`revision + 1` }).where("id", "=", t.id).execute();
  }
}

export async function dropSchemaColumn(db: Kysely<DB>, doc: Doc, ref: string, column: string): Promise<SchemaTableView> {
  return inSchema(db, doc, async (trx, tables) => {
    const table = tableIn(tables, ref);
    const attr = columnIn(table, column);
    if (attr.primary_key) throw new FieldworkError("ATTRIBUTE_INVALID", "The primary key column stays while the table exists.", [attr.name]);
    const referencing = referencesTo(tables, table.name, attr.name);
    if (referencing.length) throw new FieldworkError("TABLE_REFERENCED", `Referenced by ${referencing.map((r) => `${r.table}.${r.column}`).join(", ")}.`);
    await runDdl(trx, contextOf(tables, table, table.attributes), [{ op: "drop_column", name: attr.name }]);
    return saveAttributes(trx, table, table.attributes.filter((a) => a.id !== attr.id));
  });
}
