import { sql, type Kysely } from "kysely";
import { execScript } from "../exec-script";

/**
 * Schema documents (issue 24 items 1–2): a `v0_schema` document's tables. Each row is one
 * table the owner made: its name in the Data API (unique in the project), its attributes
 * (core `Attribute[]`: type, key, default, not-null, unique, reference) and the Postgres
 * table that holds its rows, `form_data."t_<32 hex of the id>"` (named by the id, never by
 * the owner's text, and beside the form tables so lazy indexes and the query engine treat
 * it alike). `revision` moves with every DDL, which runs in the transaction that writes
 * the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table schema_table (
      id uuid primary key default gen_random_uuid(),
      document_id uuid not null references document(id) on delete cascade,
      project_id uuid not null references project(id) on delete cascade,
      name text not null,
      description text,
      attributes jsonb not null default '[]',
      table_name text not null unique,
      revision integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (project_id, name)
    );
    create index schema_table_document_idx on schema_table (document_id);
  `);
  // Whether a text value reads as any type (a regtype, so only a real type name gets here):
  // a schema column's type change asks it row by row before converting (schemas/schema-convert.ts).
  await sql.raw(`
    create function fieldwork_castable_to(value text, target regtype) returns boolean
    language plpgsql stable as $$
    begin
      execute format('select %L::%s', value, target);
      return true;
    exception when others then
      return false;
    end $$
  `).execute(db);
}
