/**
 * The query engine's catalog of a schema table: introspected once per table revision (every
 * DDL bumps it), shown in the Data API's default schema under the owner's name, read from
 * its Postgres table (`form_data."t_…"`, named by id). Every column is writable; the key is
 * the table's primary key.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { managedTable, MANAGED_SCHEMA } from "../tables/managed-names";
import { catalogFromColumns, introspectColumns, type TableCatalog } from "../query/catalog";
import type { SchemaTableRow } from "./schema-service";

const caches = new WeakMap<Kysely<DB>, Map<string, { revision: number; catalog: TableCatalog }>>();
const MAX_CACHED = 500;

export async function schemaTableCatalog(db: Kysely<DB>, table: SchemaTableRow): Promise<TableCatalog> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(table.id);
  if (hit && hit.revision === table.revision) return hit.catalog;
  const columns = await introspectColumns(db, MANAGED_SCHEMA, table.table_name);
  const catalog = catalogFromColumns(MANAGED_SCHEMA, table.name, managedTable(table.table_name), columns, { read_only: false });
  cache.delete(table.id);
  cache.set(table.id, { revision: table.revision, catalog });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return catalog;
}
