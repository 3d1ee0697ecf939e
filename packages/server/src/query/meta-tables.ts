/**
 * The read-only tables of the `fieldwork` profile: a project's response sessions and
 * customers, read through the same engine as form tables. Each is a subquery scoped to the
 * project, so a filter can never reach another project's rows.
 */
import { META_TABLE_COLUMNS, type MetaTableName } from "@fieldwork/core";
import { sql, type RawBuilder } from "kysely";
import type { CatalogColumn, TableCatalog } from "./catalog";

export const META_PROFILE = "fieldwork";

const column = (name: string, format: string, extra: Partial<CatalogColumn> = {}): CatalogColumn => ({
  name, format, sql_type: format, nullable: true, has_default: false, unique: false, hidden: false, writable: false, ...extra,
});

/** Keys of the meta tables: never null, each value once. */
const KEYS = new Set(["id", "uid"]);

/** core's column list of a meta table (what the grid shows) as the catalog reads it. */
const catalogColumns = (table: MetaTableName): CatalogColumn[] =>
  META_TABLE_COLUMNS[table].map(([name, format]) => column(name, format, KEYS.has(name) ? { nullable: false, unique: true } : {}));

interface MetaTable {
  columns: CatalogColumn[];
  from: (projectId: string) => RawBuilder<unknown>;
  default_order: TableCatalog["default_order"];
}

const META_TABLES: Record<MetaTableName, MetaTable> = {
  /** Every visit that started a form: its answers so far (`answers`) and when it was submitted. */
  sessions: {
    columns: catalogColumns("sessions"),
    from: (projectId) => sql`(
      select s.id, s.form_id, s.customer_id, s.visitor_id, s.raw as answers, s.user_agent, s.created_at, s.updated_at, s.submitted_at
      from response_session s join form f on f.id = s.form_id where f.project_id = ${projectId}::uuid)`,
    default_order: [{ column: "created_at", direction: "asc" }],
  },
  /** The people (browsers) who answered the project's forms. */
  customers: {
    columns: catalogColumns("customers"),
    from: (projectId) => sql`(
      select id, uid, email, phone, visitor_id, created_at, last_seen_at from customer where project_id = ${projectId}::uuid)`,
    default_order: [{ column: "uid", direction: "asc" }],
  },
};

export const META_TABLE_NAMES = Object.keys(META_TABLES);

export function metaTableCatalog(projectId: string, name: string): TableCatalog | undefined {
  if (!Object.hasOwn(META_TABLES, name)) return undefined;
  const table = META_TABLES[name as MetaTableName];
  return {
    schema: META_PROFILE, name, from: table.from(projectId), columns: table.columns, key: ["id"],
    default_order: table.default_order, read_only: true,
  };
}
