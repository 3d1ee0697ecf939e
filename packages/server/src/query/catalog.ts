/**
 * The column catalog the query engine reads a table through: names, formats, keys and what
 * may be written. The engine never asks what kind of table it is; a managed form table, a
 * read-only view of sessions or (later) an external table all come down to a catalog.
 */
import type { OrderTerm } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import type { Executor } from "../tables/managed-names";

export interface CatalogColumn {
  name: string;
  /** The type as `format_type(oid, NULL)` prints it: `numeric`, `text[]`, `timestamp with time zone`. */
  format: string;
  /** The type with its modifier, as values are cast to it: `character varying(20)`. */
  sql_type: string;
  nullable: boolean;
  has_default: boolean;
  /** A single-column unique index covers it (and it is not null): a total order by itself. */
  unique: boolean;
  /** Left out of `select=*` (the text search vector); still selectable and filterable by name. */
  hidden: boolean;
  /** A Data API write may set it. */
  writable: boolean;
  /** For a file field's column: its form and field (CSV exports write the files' owner links, export-columns.ts). */
  file_of?: { form_id: string; field_id: string };
  /** For a tsvector column: the configuration its text was indexed with, used when a query names none. */
  search_config?: string;
  /**
   * For a vector filled after the write (tables/search-vector.ts): the text columns it is
   * computed from, so a search computes it for the rows not filled yet.
   */
  search_sources?: readonly { name: string; is_array: boolean }[];
}

export interface TableCatalog {
  /** The profile (schema) and name the Data API shows. */
  schema: string;
  name: string;
  /** What a query reads `from`, aliased `t`: the table itself, or a scoped subquery. */
  from: RawBuilder<unknown>;
  columns: CatalogColumn[];
  /** Primary key columns: the tiebreaker of every order and the join key of deep pages. */
  key: string[];
  /** The order of a query that names none. */
  default_order: OrderTerm[];
  read_only: boolean;
}

export function columnOf(catalog: TableCatalog, name: string): CatalogColumn | undefined {
  return catalog.columns.find((c) => c.name === name);
}

interface IntrospectedColumn {
  name: string; format: string; sql_type: string; nullable: boolean; has_default: boolean;
  generated: boolean; unique: boolean; primary: boolean;
}

/** The columns of `schema.table` as the database has them, in column order; empty if no such table. */
export async function introspectColumns(db: Executor, schema: string, table: string): Promise<IntrospectedColumn[]> {
  const { rows } = await sql<IntrospectedColumn>`
    select a.attname as name,
      format_type(a.atttypid, null) as format,
      format_type(a.atttypid, a.atttypmod) as sql_type,
      not a.attnotnull as nullable,
      a.atthasdef as has_default,
      a.attgenerated <> '' as generated,
      a.attnotnull and exists (
        select 1 from pg_index i where i.indrelid = c.oid and i.indisunique and i.indpred is null
          and i.indnkeyatts = 1 and i.indkey[0] = a.attnum) as unique,
      exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as primary
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows;
}

/** A catalog straight from the database: every column readable, nothing hidden. */
export function catalogFromColumns(
  schema: string, name: string, from: RawBuilder<unknown>, columns: IntrospectedColumn[],
  options: { read_only: boolean; writable?: (column: IntrospectedColumn) => boolean },
): TableCatalog {
  const key = columns.filter((c) => c.primary).map((c) => c.name);
  return {
    schema, name, from, key, read_only: options.read_only,
    default_order: key.map((column) => ({ column, direction: "asc" })),
    columns: columns.map((c) => ({
      name: c.name, format: c.format, sql_type: c.sql_type, nullable: c.nullable, has_default: c.has_default,
      unique: c.unique, hidden: false, writable: !options.read_only && !c.generated && (options.writable?.(c) ?? true),
    })),
  };
}
