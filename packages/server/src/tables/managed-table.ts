/**
 * One physical table per form in the `form_data` schema: system columns plus one typed
 * column per field, named after the field, with the system indexes and the search vector
 * (table-indexes.ts); a field's column gets its indexes when first filtered or sorted on
 * (lazy-indexes.ts). Every function here runs inside the caller's transaction, so a field
 * and its column change together or not at all.
 */
import { columnTypeOf, type ColumnType } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import { managedTable, MANAGED_SCHEMA, type ColumnField, type Executor } from "./managed-names";
import { introspectColumns } from "../query/catalog";
import { releaseColumn, syncSearchVector } from "./table-indexes";
import { installRowFeedTriggers } from "./row-feed-triggers";
import { installResponseCountTrigger } from "./response-count-trigger";

export { managedTable, MANAGED_SCHEMA, type ColumnField, type Executor };

/** Column definitions of the system columns every managed table has. */
export const SYSTEM_COLUMN_DDL = [
  "id uuid primary key default gen_random_uuid()",
  "local_index integer not null",
  "created_at timestamptz not null default now()",
  "session_id uuid",
  "customer_id uuid",
  "visitor_id text",
  "utc_offset integer",
  "user_agent text",
  "referer text",
  "ip text",
  "meta jsonb not null default '{}'",
] as const;

/** A readable, unique table name: `customer_feedback_3f2a9c1d`. */
export function tableNameFor(title: string, formId: string): string {
  const slug = title.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 40);
  const suffix = formId.replace(/-/g, "").slice(0, 8);
  return `${/^[a-z]/.test(slug) ? slug : `form${slug ? `_${slug}` : ""}`}_${suffix}`;
}

const columnSql = (type: ColumnType): RawBuilder<unknown> => sql.raw(type);

export async function createManagedTable(trx: Executor, tableName: string, fields: readonly ColumnField[]): Promise<void> {
  const columns = [
    ...SYSTEM_COLUMN_DDL.map((ddl) => sql.raw(ddl)),
    ...fields.map((f) => sql`${sql.id(f.name)} ${columnSql(columnTypeOf(f))}`),
  ];
  await sql`create table ${managedTable(tableName)} (${sql.join(columns)})`.execute(trx);
  await createSystemIndexes(trx, tableName);
  await syncSearchVector(trx, tableName);
  await installRowFeedTriggers(trx, tableName);
  await installResponseCountTrigger(trx, tableName);
}

/**
 * `local_index` carries the id so a deep page finds its keys in the index alone; sorting by
 * creation time has the id as its tiebreaker.
 */
export async function createSystemIndexes(trx: Executor, tableName: string): Promise<void> {
  const table = managedTable(tableName);
  await sql`create unique index ${sql.id(`${tableName}_local_index`)} on ${table} (local_index) include (id)`.execute(trx);
  await sql`create unique index ${sql.id(`${tableName}_session_id`)} on ${table} (session_id)`.execute(trx);
  await sql`create index ${sql.id(`${tableName}_customer_id`)} on ${table} (customer_id)`.execute(trx);
  await sql`create index ${sql.id(`${tableName}_created_at`)} on ${table} (created_at, id)`.execute(trx);
}

export async function dropManagedTable(trx: Executor, tableName: string): Promise<void> {
  await sql`drop table if exists ${managedTable(tableName)}`.execute(trx);
}

export async function addColumn(trx: Executor, tableName: string, field: ColumnField): Promise<void> {
  await sql`alter table ${managedTable(tableName)} add column ${sql.id(field.name)} ${columnSql(columnTypeOf(field))}`.execute(trx);
  await syncSearchVector(trx, tableName);
}

export async function renameColumn(trx: Executor, tableName: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await sql`alter table ${managedTable(tableName)} rename column ${sql.id(from)} to ${sql.id(to)}`.execute(trx);
}

export async function dropColumn(trx: Executor, tableName: string, name: string): Promise<void> {
  await releaseColumn(trx, tableName, name);
  await sql`alter table ${managedTable(tableName)} drop column ${sql.id(name)}`.execute(trx);
  await syncSearchVector(trx, tableName);
}

/** The columns the database really has, for checks and tests. */
export async function describeManagedTable(db: Executor, tableName: string): Promise<{ name: string; type: string }[]> {
  return (await introspectColumns(db, MANAGED_SCHEMA, tableName)).map((c) => ({ name: c.name, type: c.sql_type }));
}
