/**
 * A connected table as the query engine's column catalog (query/catalog.ts), built from the
 * last introspection: the grid and the Data API read it through the same engine as a form's
 * table. Names go into SQL only through `sql.id` (quoted, quotes doubled).
 */
import { FieldworkError, type ExternalColumn } from "@fieldwork/core";
import { sql } from "kysely";
import type { TableCatalog } from "../query/catalog";
import type { Snapshot, SnapshotTable } from "./introspect";

/** Columns of auth.users never read through Fieldwork (password hashes, tokens). */
const AUTH_SECRET_COLUMN = /password|token|secret|recovery|reauthentication/i;

const shownColumns = (table: SnapshotTable) =>
  table.read_only_reason === "system" ? table.columns.filter((c) => !AUTH_SECRET_COLUMN.test(c.name)) : table.columns;

export function externalCatalog(table: SnapshotTable): TableCatalog {
  return {
    schema: table.schema, name: table.name, from: sql`${sql.id(table.schema, table.name)}`,
    key: table.primary_key, read_only: table.read_only,
    default_order: table.primary_key.map((column) => ({ column, direction: "asc" as const })),
    columns: shownColumns(table).map((c: ExternalColumn) => ({
      name: c.name, format: c.format, sql_type: c.sql_type, nullable: c.nullable, has_default: c.default !== null,
      unique: c.unique || (c.pk && table.primary_key.length === 1), hidden: false, writable: !table.read_only && !c.generated,
    })),
  };
}

/** The table `schema.name` of a snapshot; NOT_FOUND like any table a caller cannot see. */
export function snapshotTable(snapshot: Snapshot | null, schema: string, name: string): SnapshotTable {
  const table = snapshot?.tables.find((t) => t.schema === schema && t.name === name);
  if (!table) throw new FieldworkError("NOT_FOUND", `No table ${JSON.stringify(name.slice(0, 80))} in the schema ${JSON.stringify(schema.slice(0, 80))}.`);
  return table;
}
