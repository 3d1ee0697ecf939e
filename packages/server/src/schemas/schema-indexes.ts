/**
 * Lazy indexes (tables/lazy-indexes.ts) on a schema table: its attributes read as the form
 * fields whose columns they match, so a column gets the index kinds a field of its type
 * would (a btree on numbers and dates, a trigram on free text, a GIN on lists), and its
 * row count is the planner's estimate, read at most once a minute per table.
 */
import type { Attribute, FieldType } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { IndexedTable } from "../tables/lazy-indexes";
import { MANAGED_SCHEMA } from "../tables/managed-names";
import { fieldOf } from "./schema-write";
import type { SchemaTableRow } from "./schema-service";

const FIELD_TYPE: Partial<Record<Attribute["type"], FieldType>> = {
  integer: "number", numeric: "number", boolean: "checkbox", date: "date", time: "time", timestamptz: "datetime-local", json: "json", enum: "select",
};
const ESTIMATE_EVERY_MS = 60_000;
const estimates = new Map<string, { at: number; rows: number }>();

async function estimatedRows(db: Kysely<DB>, tableName: string): Promise<number> {
  const hit = estimates.get(tableName);
  if (hit && Date.now() - hit.at < ESTIMATE_EVERY_MS) return hit.rows;
  const { rows } = await sql<{ n: number }>`
    select greatest(c.reltuples, 0)::float8 as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = ${MANAGED_SCHEMA} and c.relname = ${tableName}`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  if (estimates.size > 10_000) estimates.clear();
  estimates.set(tableName, { at: Date.now(), rows: n });
  return n;
}

export async function schemaIndexTarget(db: Kysely<DB>, table: SchemaTableRow): Promise<IndexedTable> {
  return {
    form: { table_name: table.table_name, revision: table.revision, response_count: await estimatedRows(db, table.table_name) },
    fields: table.attributes
      .filter((a) => a.type !== "uuid")
      .map((a) => ({ ...fieldOf(a), type: FIELD_TYPE[a.type] ?? (a.type === "text" ? "textarea" : (a.type as FieldType)) })),
  };
}
